import Foundation
import SceneIntents

// What the messages read themselves with (`JSONConvertible`): one value at a time, in document
// order. A read of the wrong kind is a `DecodingError` with an empty coding path; `object` and
// `array` put each member's key or element's index in front of an error read inside them.

extension JSONReader {
    /// Passes whitespace and checks that the value next starts with `byte` (`"`, `{` or `[`);
    /// anything else is the error of a value of the wrong kind where a `type` belongs, or a
    /// syntax error.
    /// (`type` is made only for the error: naming `[T].self` asks the runtime for its metadata.)
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ type: @autoclosure () -> Any.Type) throws {
        skipWhitespace()
        guard current == byte else { throw try kind().mismatch(type()) }
    }

    /// A string.
    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""), String.self)
        return try scanString().string(in: bytes)
    }

    /// An integer of type `T` (see `JSONNumber.integer`).
    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let kind = try kind()
        guard kind == .number else { throw kind.mismatch(type) }
        return try JSONNumber.integer(UnsafeBufferPointer(rebasing: bytes[try scanNumber()]), as: type)
    }

    /// A message's or a call's id.
    mutating func id() throws -> UInt64 { try integer(UInt64.self) }

    /// A string-backed enum's raw value.
    mutating func rawValue<T: RawRepresentable>(_ type: T.Type) throws -> T where T.RawValue == String {
        let text = try string()
        guard let value = T(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "'\(text)' is not a \(T.self)"))
        }
        return value
    }

    /// Nil for `null`, else what `body` reads.
    mutating func nullable<T>(_ body: (inout JSONReader) throws -> T) throws -> T? {
        guard try kind() != .null else {
            try literal("null")
            return nil
        }
        return try body(&self)
    }

    /// A value through its `Decodable` conformance (read into a tape first, as `Codable` asks for
    /// keys in its own order).
    mutating func decoded<T: Decodable>(_ type: T.Type, _ context: JSONCoderContext) throws -> T {
        try context.unbox(type, from: tape().root)
    }

    /// Reads an object: `member` reads each member's value (or skips it), given its key.
    @inline(__always)
    mutating func object(_ member: (JSONName, inout JSONReader) throws -> Void) throws {
        try expect(UInt8(ascii: "{"), [String: Any].self)
        try members { key, reader in try under([JSONKey(key.string)]) { try member(key, &reader) } }
    }

    /// Reads an array, each element through `element`.
    @inline(__always)
    mutating func array<T>(_ element: (inout JSONReader) throws -> T) throws -> [T] {
        try expect(UInt8(ascii: "["), [T].self)
        var result: [T] = []
        try elements { index, reader in
            // A message's arrays hold a few values: one allocation, not one for each doubling.
            if index == 0 { result.reserveCapacity(4) }
            result.append(try under([JSONKey(intValue: index)]) { try element(&reader) })
        }
        return result
    }

    /// Reads an object with one member that matters, `key`, read by `body`.
    @inline(__always)
    mutating func single<T>(_ key: StaticString, _ body: (inout JSONReader) throws -> T) throws -> T {
        var value: T?
        try object { name, reader in
            if key ~= name { value = try body(&reader) } else { try reader.skip() }
        }
        return try required(&value, key)
    }

    /// Reads an object of an `id` and one more member, `key`, read by `body`: what most message
    /// cases hold.
    mutating func identified<T>(_ key: StaticString, _ body: (inout JSONReader) throws -> T) throws -> (id: UInt64, value: T) {
        var id: UInt64?
        var value: T?
        try pair("id", &id, { try $0.id() }, key, &value, body)
        return (try required(&id, "id"), try required(&value, key))
    }

    /// Reads an object with two members that matter into `first` and `second`, each through its
    /// reader (left nil when it is missing); `other` reads any other member, which is skipped
    /// unless it says otherwise. The values go straight into the caller's variables: returning
    /// them would copy them.
    @inline(__always)
    mutating func pair<First, Second>(
        _ firstKey: StaticString, _ first: inout First?, _ readFirst: (inout JSONReader) throws -> First,
        _ secondKey: StaticString, _ second: inout Second?, _ readSecond: (inout JSONReader) throws -> Second,
        other: (JSONName, inout JSONReader) throws -> Void = { _, reader in try reader.skip() }
    ) throws {
        try object { name, reader in
            if firstKey ~= name {
                first = try readFirst(&reader)
            } else if secondKey ~= name {
                second = try readSecond(&reader)
            } else {
                try other(name, &reader)
            }
        }
    }

    /// Reads the object of an enum case without values (what is in it does not matter), and
    /// answers the case.
    mutating func valueless<T>(_ value: T) throws -> T {
        try object { _, reader in try reader.skip() }
        return value
    }

    /// Reads an object of strings, as a dictionary keyed by `key(name)`.
    mutating func strings<Key: Hashable>(_ key: (String) -> Key) throws -> [Key: String] {
        var result: [Key: String] = [:]
        try object { name, reader in result[key(name.string)] = try reader.string() }
        return result
    }

    /// Checks that nothing but whitespace follows the document's value.
    mutating func end() throws(JSONSyntaxError) {
        skipWhitespace()
        guard offset == bytes.count else { throw unexpected("after the document") }
    }
}

/// The value read for `key`, moved out (a message's values are moved, not copied, into the
/// message that holds them), or the error for a missing `key` when there is none.
func required<T>(_ value: inout T?, _ key: StaticString) throws -> T {
    guard let value = value.take() else {
        throw DecodingError.keyNotFound(JSONKey("\(key)"), .init(codingPath: [], debugDescription: "no value for the key '\(key)'"))
    }
    return value
}

/// A member's key as the reader found it: matched against the keys a conversion knows
/// (`case "id":`) without being made into a string.
struct JSONName {
    let text: JSONReader.Text
    /// The document the key is in (valid while its reader reads).
    let document: UnsafeBufferPointer<UInt8>

    /// The key as a string.
    var string: String { text.string(in: document) }

    /// Whether the key is `key`. Inlined into each `case`, where most keys are told apart by
    /// their length or their first byte.
    @inline(__always)
    static func ~= (key: StaticString, name: JSONName) -> Bool {
        let count = key.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: key.utf8Start, count: count)
        if name.text.isEscaped { return name.string.utf8.elementsEqual(expected) }
        guard name.text.count == count else { return false }
        guard count > 0, let base = name.document.baseAddress else { return true }
        return name.document[name.text.start] == expected[0] && memcmp(base + name.text.start, key.utf8Start, count) == 0
    }
}

extension JSONReader {
    /// `true` or `false`.
    mutating func boolean() throws -> Bool {
        switch try kind() {
        case .true:
            try literal("true")
            return true
        case .false:
            try literal("false")
            return false
        case let other: throw other.mismatch(Bool.self)
        }
    }
}
