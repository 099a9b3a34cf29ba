/// A JSON value as a small tree: what the `Codable` values inside a message (an intent, a
/// parameter value) become on their way to the writer. (Reading needs no tree: see `JSONTape`.)
///
/// Numbers keep their text, so a `UInt64` or a `Double` is written exactly as its type spells it;
/// an object keeps its members in an array, which the writer sorts by key, so equal values give
/// equal bytes.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number's JSON text (written by `JSONValue.number(_:)`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// An integer.
    static func number(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }
}

/// One member of a JSON object.
struct JSONMember: Sendable {
    var key: String
    var value: JSONValue

    init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
