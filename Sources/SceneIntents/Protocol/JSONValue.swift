/// A JSON value as a small tree: what the `Codable` values inside a message (an intent, a
/// parameter value) become on their way to the wire's writer (its reader needs no tree: it works
/// on a tape), and what a record keeps a value as when the system side does not know its type
/// (`ParameterValueRecord`).
///
/// Numbers keep their text, so a `UInt64` or a `Double` is written exactly as its type spells it;
/// an object keeps its members in an array, which the writer sorts by key, so equal values give
/// equal bytes.
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number's JSON text (written by `JSONValue.number(_:)`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// An integer.
    package static func number(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }

    /// A floating-point number as `JSONEncoder` writes it (`2` for 2.0, `1e-05`), or nil when it
    /// is not finite (JSON has no infinity or NaN).
    package static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> JSONValue? {
        guard value.isFinite else { return nil }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    /// A finite floating-point number as JSON; `value` (what holds the number) is named in the
    /// error when it is not finite.
    package static func finite<F: BinaryFloatingPoint & LosslessStringConvertible>(_ number: F, of value: Any) throws -> JSONValue {
        guard let json = JSONValue.number(number) else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "\(number) cannot be written in JSON (not a finite number)"))
        }
        return json
    }

    /// The order of an object's keys: by the bytes of their UTF-8 (`JSONEncoder`'s `.sortedKeys`).
    package static func keyPrecedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}

/// One member of a JSON object.
package struct JSONMember: Sendable {
    package var key: String
    package var value: JSONValue

    package init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
