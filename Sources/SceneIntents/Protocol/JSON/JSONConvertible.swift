/// A protocol type that writes itself as JSON bytes and reads itself from a `JSONValue`
/// directly, writing exactly the JSON its `Codable` conformance writes (`MessageCodecTests`
/// compares the bytes with `JSONEncoder`'s). The messages make up most of every frame; converting
/// them by hand skips the generic containers of `Codable` and the nested containers of
/// synthesized enum conformances, and writing them builds no tree to tear down again.
protocol JSONConvertible {
    /// Writes this value as JSON, straight to bytes (keys in sorted order).
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws
    /// The value `json` holds; a `DecodingError` whose coding path is relative to `json`.
    init(json: JSONValue, _ context: JSONCoderContext) throws
}

extension JSONConvertible {
    /// Decodes the case a synthesized `Codable` enum wrote: one key, the case's name, holding an
    /// object of the case's values. `body` gets the name and the object; an error inside gets
    /// the name in front of its path.
    static func decodeCase(_ json: JSONValue, _ body: (String, JSONObject) throws -> Self) throws -> Self {
        guard case .object(let members) = json else { throw json.mismatch(Self.self) }
        guard members.count == 1, let only = members.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "\(members.count) keys where one naming a case of \(Self.self) belongs"))
        }
        return try under([JSONKey(only.key)]) { try body(only.key, JSONObject(only.value)) }
    }

    /// The error for a case name this type does not have.
    static func unknownCase(_ name: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "'\(name)' is not a case of \(Self.self)"))
    }
}

/// The members of a JSON object, read by key; each read puts its key in front of the coding path
/// of an error it throws.
struct JSONObject {
    let members: [JSONMember]

    init(_ json: JSONValue) throws {
        guard case .object(let members) = json else { throw json.mismatch([String: Any].self) }
        self.members = members
    }

    /// The value of `key`, nil when missing or null.
    func optional(_ key: String) -> JSONValue? {
        for member in members where member.key == key { return member.isNull ? nil : member.value }
        return nil
    }

    /// `body` applied to the value of `key`, which must be there.
    func read<T>(_ key: String, _ body: (JSONValue) throws -> T) throws -> T {
        for member in members where member.key == key { return try under([JSONKey(key)]) { try body(member.value) } }
        throw DecodingError.keyNotFound(JSONKey(key), .init(codingPath: [], debugDescription: "no value for the key '\(key)'"))
    }

    /// `body` applied to the value of `key`, or nil when it is missing or null.
    func readIfPresent<T>(_ key: String, _ body: (JSONValue) throws -> T) throws -> T? {
        guard let value = optional(key) else { return nil }
        return try under([JSONKey(key)]) { try body(value) }
    }

    func string(_ key: String) throws -> String { try read(key) { try $0.string() } }
    func id(_ key: String) throws -> UInt64 { try read(key) { try $0.integer(UInt64.self) } }
    func message<T: JSONConvertible>(_ key: String, _ context: JSONCoderContext) throws -> T {
        try read(key) { try T(json: $0, context) }
    }
    func decoded<T: Decodable>(_ key: String, _ context: JSONCoderContext) throws -> T {
        try read(key) { try context.unbox(T.self, from: $0) }
    }
}

extension JSONMember {
    var isNull: Bool { value.isNull }
}

extension JSONValue {
    /// The elements of an array, each converted by `body`; an error names the index.
    func elements<T>(_ body: (JSONValue) throws -> T) throws -> [T] {
        guard case .array(let elements) = self else { throw mismatch([T].self) }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(try under([JSONKey(intValue: index)]) { try body(element) })
        }
        return result
    }

    /// A string-backed enum's raw value.
    func rawValue<T: RawRepresentable>(_ type: T.Type) throws -> T where T.RawValue == String {
        let text = try string()
        guard let value = T(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "'\(text)' is not a \(T.self)"))
        }
        return value
    }
}
