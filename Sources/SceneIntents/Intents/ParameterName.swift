/// The name of one parameter of an intent, unique within its intent (`"recipe"`).
///
/// A type of its own so a parameter name cannot be mixed up with an intent name, a search term
/// or a dialog; a string literal makes one (`.resolve(parameter: "recipe")`). It is encoded as
/// a plain JSON string, so the wire stays readable: `{"resolve":{"parameter":"recipe"}}`.
public struct ParameterName: Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The name as the intent declares it (case-sensitive).
    public let rawValue: String

    /// A name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A name written as a literal.
    public init(stringLiteral rawValue: String) { self.rawValue = rawValue }

    /// The name itself, as traces, prompts and error messages show it.
    public var description: String { rawValue }

    /// Ordered by the names' text, so listings keyed by name read the same every time.
    public static func < (lhs: ParameterName, rhs: ParameterName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes a plain string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes a plain string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
