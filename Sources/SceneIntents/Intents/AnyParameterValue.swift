/// A parameter value of any type, as the assistant sees it: its display item plus the typed value.
///
/// Encoding writes the type name and the value; decoding needs the app's `IntentCatalog` in the
/// decoder's `userInfo` (see `IntentCatalog.makeDecoder()`) to find the type again.
public struct AnyParameterValue: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The typed value.
    public let base: any ParameterValue

    /// Wraps a typed value.
    public init(_ base: some ParameterValue) {
        self.base = base
    }

    /// Wraps a value already erased.
    public init(erasing base: any ParameterValue) {
        self.base = base
    }

    /// The value as a rich item.
    public var displayItem: DisplayItem { base.displayItem }

    /// The typed value, when it is of type `T`.
    public func value<T: ParameterValue>(as type: T.Type = T.self) -> T? { base as? T }

    /// Equal when the wrapped values are of the same type and equal.
    public static func == (lhs: AnyParameterValue, rhs: AnyParameterValue) -> Bool {
        func equals<T: ParameterValue>(_ left: T) -> Bool { (rhs.base as? T) == left }
        return equals(lhs.base)
    }

    /// One line for logs and messages.
    public var description: String { displayItem.title }

    private enum CodingKeys: String, CodingKey { case type, value }

    /// Decodes a value whose type the catalog in `decoder.userInfo` knows.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let typeName = try container.decode(String.self, forKey: .type)
        let catalog = try IntentCatalog.from(decoder)
        guard let type = catalog.valueType(named: typeName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "no intent in the catalog has a parameter of type '\(typeName)'")
        }
        func decode<T: ParameterValue>(_ type: T.Type) throws -> any ParameterValue {
            try container.decode(T.self, forKey: .value)
        }
        base = try decode(type)
    }

    /// Encodes the type name and the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func typeName<T: ParameterValue>(_ value: T) -> String { T.typeName }
        try container.encode(typeName(base), forKey: .type)
        try container.encode(base, forKey: .value)
    }
}
