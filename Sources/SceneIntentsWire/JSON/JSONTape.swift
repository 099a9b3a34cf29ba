import SceneIntents

/// One value of a `JSONTape`. A tape lists them in document order: an array's elements follow
/// its token, an object's members follow its token as a key (a string token) then the value's
/// tokens.
struct JSONToken {
    /// What kind of value this is.
    enum Kind: UInt8 {
        case null, `false`, `true`, number, string, array, object
    }

    var kind: Kind
    /// For a string: its text is `JSONTape.strings[start]` (it had escapes or non-ASCII bytes)
    /// rather than the bytes at `start`.
    var isStored = false
    /// A number's or unstored string's first byte (a string's after its quote); a stored string's
    /// index in `JSONTape.strings`.
    var start = 0
    /// A number's or unstored string's byte count; an array's elements or an object's members.
    var count = 0
    /// The index of the token after this value and everything in it: skipping a value is one read.
    var end: Int
}

/// A value read into tokens (see `JSONReader.tape()`): what `LeanDecoder` decodes the `Codable`
/// values inside a message from (an intent, a parameter value), which ask for their members by
/// key in any order. Its bytes are its own, as a `Decodable` type may keep its decoder.
final class JSONTape: Sendable {
    /// The value's UTF-8 bytes.
    let bytes: [UInt8]
    /// One token a value, in document order.
    let tokens: [JSONToken]
    /// The text of the strings that needed unescaping or validating (see `JSONToken.isStored`).
    let strings: [String]

    init(bytes: [UInt8], tokens: [JSONToken], strings: [String]) {
        self.bytes = bytes
        self.tokens = tokens
        self.strings = strings
    }

    /// The value.
    var root: JSONNode { JSONNode(tape: self, index: 0) }

    /// A tape that is only `null`: what a decoder reads where a value is missing.
    static let null = JSONTape(bytes: [], tokens: [JSONToken(kind: .null, end: 1)], strings: [])

    /// The text of a string token.
    func text(of token: JSONToken) -> String {
        if token.isStored { return strings[token.start] }
        return bytes.withUnsafeBufferPointer { JSONReader.Text(start: token.start, count: token.count).string(in: $0) }
    }

    /// Whether a string token's text is `utf8`, compared without making the text.
    func text(of token: JSONToken, equals utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if token.isStored { return strings[token.start].utf8.elementsEqual(utf8) }
        return bytes[token.start..<token.start + token.count].elementsEqual(utf8)
    }

    /// The bytes of a number token's text.
    func number<T>(of token: JSONToken, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[token.start..<token.start + token.count])) }
    }
}

extension JSONToken.Kind {
    /// What kind of value this is, for error messages.
    var name: String {
        switch self {
        case .null: "null"
        case .false, .true: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The error for a value of this kind where a `type` belongs; its coding path is empty (the
    /// container that asked puts its key in front).
    func mismatch(_ type: Any.Type) -> DecodingError {
        if self == .null {
            return .valueNotFound(type, .init(codingPath: [], debugDescription: "expected \(type), found null"))
        }
        return .typeMismatch(type, .init(codingPath: [], debugDescription: "expected \(type), found \(name)"))
    }
}

/// Reading a number's text (checked by `JSONReader`) as the type asked for, from a message or a tape.
enum JSONNumber {
    /// An integer of type `T`; `2.0` and `1e2` are integers too, `2.5` and out-of-range numbers
    /// are errors.
    static func integer<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type) throws -> T {
        if let value = decimal(text, as: type) { return value }
        let string = String(decoding: text, as: UTF8.self)
        if let double = Double(string), let value = T(exactly: double) { return value }
        throw unrepresentable(string, type)
    }

    /// A finite floating-point number of type `T`.
    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type) throws -> T {
        let string = String(decoding: text, as: UTF8.self)
        guard let value = T(string), value.isFinite else { throw unrepresentable(string, type) }
        return value
    }

    /// The integer when `text` is an optional minus and decimal digits and the value fits `T`
    /// (what `T(text, radix: 10)` answers, without making the text); else nil.
    private static func decimal<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
        var digits = text[...]
        let isNegative = digits.first == UInt8(ascii: "-")
        if isNegative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value: T = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = T(byte - UInt8(ascii: "0"))
            let (scaled, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = isNegative ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
            guard !overflowed, !overflowedAgain else { return nil }
            value = next
        }
        return value
    }

    private static func unrepresentable(_ text: String, _ type: Any.Type) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "the number \(text) is not representable as \(type)"))
    }
}
