/// A JSON document as a small tree: what the protocol's codec parses frames into, and what the
/// `Codable` values inside a message (an intent, a parameter value) are written from.
///
/// Numbers keep their text, so a `UInt64` or a `Double` survives exactly whatever type reads it;
/// an object keeps its members in an array (a message's objects have a handful of keys, where a
/// linear search beats hashing). The writer sorts members by key, so equal values give equal bytes.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number's JSON text (validated by the parser, or written by `JSONValue.number(_:)`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// An integer.
    static func number(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }

    /// The member named `key` of an object, if this is an object that has it.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// What kind of value this is, for error messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One member of a JSON object.
struct JSONMember: Sendable, Equatable {
    var key: String
    var value: JSONValue

    init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
