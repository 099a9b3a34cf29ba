import SceneIntents

/// A `Decoder` over a value read into a `JSONTape` (a `JSONNode`).
///
/// Its `codingPath` is relative (empty at the value it decodes; a nested container's path starts
/// at that value too): no path is built while decoding succeeds. A `DecodingError` gets each
/// enclosing key put in front of its path as it propagates out, so the error that reaches the
/// caller names the full path.
struct LeanDecoder: Decoder {
    let value: JSONNode
    let context: JSONCoderContext

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(LeanKeyedDecoding<Key>(object: try JSONObject(value), context: context, codingPath: []))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try LeanUnkeyedDecoding(array: value, context: context, codingPath: [])
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { LeanSingleDecoding(value: value, context: context) }
}

struct LeanKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let context: JSONCoderContext
    /// Where this container is, relative to the decoder that made it.
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.compactMap { Key(stringValue: $0.key) } }

    private func find(_ key: Key) -> JSONNode? { object.member(key.stringValue) }

    private func value(_ key: Key) throws -> JSONNode {
        guard let value = find(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for the key '\(key.stringValue)'"))
        }
        return value
    }

    private func read<T>(_ key: Key, _ body: (JSONNode) throws -> T) throws -> T {
        let found = try value(key)
        return try under(codingPath + [key]) { try body(found) }
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(key) { try $0.bool() } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(key) { try $0.string() } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(key) { try $0.floatingPoint(type) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key) { try $0.floatingPoint(type) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(key) { try $0.integer(type) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(key) { try $0.integer(type) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(key) { try $0.integer(type) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(key) { try $0.integer(type) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(key) { try $0.integer(type) } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(key) { try $0.integer(type) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(key) { try $0.integer(type) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(key) { try $0.integer(type) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(key) { try $0.integer(type) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(key) { try $0.integer(type) } }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(key) { try context.unbox(type, from: $0) } }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let found = find(key), !found.isNull else { return nil }
        return try under(codingPath + [key]) { try found.string() }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let found = find(key), !found.isNull else { return nil }
        return try under(codingPath + [key]) { try context.unbox(type, from: found) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let path = codingPath + [key]
        return try read(key) { KeyedDecodingContainer(LeanKeyedDecoding<NestedKey>(object: try JSONObject($0), context: context, codingPath: path)) }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let path = codingPath + [key]
        return try read(key) { try LeanUnkeyedDecoding(array: $0, context: context, codingPath: path) }
    }

    func superDecoder() throws -> any Decoder {
        LeanDecoder(value: object.member("super") ?? JSONTape.null.root, context: context)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { LeanDecoder(value: find(key) ?? JSONTape.null.root, context: context) }
}

struct LeanUnkeyedDecoding: UnkeyedDecodingContainer {
    let tape: JSONTape
    let context: JSONCoderContext
    /// Where this container is, relative to the decoder that made it.
    let codingPath: [any CodingKey]
    let elementCount: Int
    private(set) var currentIndex = 0
    /// The token of the element at `currentIndex`.
    private var token: Int

    init(array: JSONNode, context: JSONCoderContext, codingPath: [any CodingKey]) throws {
        guard array.token.kind == .array else { throw array.mismatch([Any].self) }
        tape = array.tape
        self.context = context
        self.codingPath = codingPath
        elementCount = array.token.count
        token = array.index + 1
    }

    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    /// The next element through `body` (given the element and the context); the index moves
    /// on only when it succeeds.
    private mutating func next<T>(_ type: T.Type, _ body: (JSONNode, JSONCoderContext) throws -> T) throws -> T {
        let index = currentIndex
        guard index < elementCount else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [JSONKey(intValue: index)], debugDescription: "the array has only \(index) elements"))
        }
        let element = JSONNode(tape: tape, index: token)
        let context = context
        let value = try under(codingPath + [JSONKey(intValue: index)]) { try body(element, context) }
        currentIndex += 1
        token = tape.tokens[token].end
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, tape.tokens[token].kind == .null else { return false }
        currentIndex += 1
        token += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { value, _ in try value.bool() } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { value, _ in try value.string() } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { value, _ in try value.floatingPoint(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { value, _ in try value.floatingPoint(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { value, _ in try value.integer(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { value, _ in try value.integer(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { value, _ in try value.integer(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { value, _ in try value.integer(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { value, _ in try value.integer(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { value, _ in try value.integer(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { value, _ in try value.integer(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { value, _ in try value.integer(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { value, _ in try value.integer(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { value, _ in try value.integer(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $1.unbox(type, from: $0) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let path = codingPath + [JSONKey(intValue: currentIndex)]
        return try next(KeyedDecodingContainer<NestedKey>.self) { value, context in
            KeyedDecodingContainer(LeanKeyedDecoding<NestedKey>(object: try JSONObject(value), context: context, codingPath: path))
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = codingPath + [JSONKey(intValue: currentIndex)]
        return try next((any UnkeyedDecodingContainer).self) { value, context in
            try LeanUnkeyedDecoding(array: value, context: context, codingPath: path)
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { LeanDecoder(value: $0, context: $1) }
    }
}

struct LeanSingleDecoding: SingleValueDecodingContainer {
    let value: JSONNode
    let context: JSONCoderContext
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try value.bool() }
    func decode(_ type: String.Type) throws -> String { try value.string() }
    func decode(_ type: Double.Type) throws -> Double { try value.floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try value.floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try value.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try value.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try value.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value.integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try context.unbox(type, from: value) }
}
