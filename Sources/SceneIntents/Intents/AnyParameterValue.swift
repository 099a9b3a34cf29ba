/// A parameter value of any type, as the assistant sees it: its display item plus the typed value.
///
/// Encoding writes the type name, the value and (for a type other than `String`, `Int`,
/// `Double` and `Bool`) its display item, so that a system knowing the app only from data can
/// show it; decoding needs the app's `IntentCatalog` in the decoder's `userInfo` (see
/// `IntentCatalog.makeDecoder()`) to find the type again. A catalog read from data keeps a value
/// of the app's own type as a `ParameterValueRecord`.
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

    /// The value as a record, when it is one (a catalog read from data keeps values so).
    package var record: ParameterValueRecord? {
        // The type compared first: a cast from the existential asks the runtime every time, and
        // most values are not records.
        type(of: base) == ParameterValueRecord.self ? base as? ParameterValueRecord : nil
    }

    /// The name of the value's type on the wire (`ParameterValue.typeName`; a record's
    /// `valueTypeName`).
    public var typeName: String {
        if let record { return record.valueTypeName }
        func name<T: ParameterValue>(_ value: T) -> String { T.typeName }
        return name(base)
    }

    /// The typed value, when it is of type `T`.
    @inlinable
    public func value<T: ParameterValue>(as type: T.Type = T.self) -> T? {
        // The exact type compared first: a dynamic cast asks the runtime every time, and a value
        // is most often read at the very type it was made with.
        func exact<Stored: ParameterValue>(_ stored: Stored) -> T? {
            Stored.self == T.self ? _identityCast(stored, to: T.self) : nil
        }
        return exact(base) ?? base as? T
    }

    /// Equal when the wrapped values are of the same type and equal.
    public static func == (lhs: AnyParameterValue, rhs: AnyParameterValue) -> Bool {
        func equals<T: ParameterValue>(_ left: T) -> Bool { rhs.value(as: T.self) == left }
        return equals(lhs.base)
    }

    /// One line for logs and messages.
    public var description: String { displayItem.title }

    /// Decodes a value whose type the catalog in `decoder.userInfo` knows. Words sent for the app
    /// to read are made a value with the type's `fromSpoken`; words it cannot read stay a
    /// `ParameterValueRecord` holding them (an intent takes them as unread words).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ValueCodingKeys.self)
        let spoken = try container.decodeIfPresent(String.self, forKey: .spoken)
        self = try Self.assembled(
            typeName: try container.decode(String.self, forKey: .type), catalog: try IntentCatalog.from(decoder),
            spoken: try spoken.map { ($0, try container.decodeIfPresent(String.self, forKey: .identifier)) },
            value: { type in
                func decode<T: ParameterValue>(_ type: T.Type) throws -> any ParameterValue {
                    try container.decode(T.self, forKey: .value)
                }
                return try decode(type)
            },
            record: { (try container.decode(JSONValue.self, forKey: .value), try container.decodeIfPresent(DisplayItem.self, forKey: .display)) })
    }

    /// The value a decoder's members make (the one definition, for `init(from:)` and the message
    /// codec alike): of the catalog's type `typeName` (`value` decodes it), made from `spoken`
    /// words with its `fromSpoken` (words it cannot read stay a record holding them); or, for a
    /// type the catalog knows only by name, a `ParameterValueRecord` (`record` reads the value's
    /// tree and display item, which it must have).
    ///
    /// - Throws: `DecodingError` for a type no intent of the catalog uses, or a record without
    ///   its display item.
    package static func assembled(
        typeName: String, catalog: IntentCatalog, spoken: (text: String, identifier: String?)?,
        value: (any ParameterValue.Type) throws -> any ParameterValue, record: () throws -> (JSONValue, DisplayItem?)
    ) throws -> AnyParameterValue {
        if let type = catalog.valueType(named: typeName) {
            guard let spoken else {
                // An enum's case is known by its name (the display item's identifier) before its
                // raw value, so a value stored before the app changed (a voice shortcut, a
                // donation) keeps its case when cases are added or reordered, or when the enum
                // is migrated from a definition file's under another type.
                if let enumType = catalog.enumType(named: typeName), let display = (try? record())?.1,
                    let member = enumType.member(named: display.identifier)
                {
                    return AnyParameterValue(erasing: member)
                }
                return AnyParameterValue(erasing: try value(type))
            }
            return AnyParameterValue(
                erasing: type.fromSpoken(spoken.text, identifier: spoken.identifier)
                    ?? ParameterValueRecord(typeName: typeName, spoken: spoken.text, identifier: spoken.identifier))
        }
        guard catalog.keepsRecords(of: typeName) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [ValueCodingKeys.type],
                    debugDescription: "no intent in the catalog has a parameter of type '\(typeName)'"))
        }
        if let spoken {
            return AnyParameterValue(ParameterValueRecord(typeName: typeName, spoken: spoken.text, identifier: spoken.identifier))
        }
        let (tree, display) = try record()
        guard let display else {
            throw DecodingError.keyNotFound(
                ValueCodingKeys.display,
                .init(codingPath: [], debugDescription: "a value of type '\(typeName)' comes with its display item"))
        }
        return AnyParameterValue(ParameterValueRecord(typeName: typeName, displayItem: display, content: .encoded(tree)))
    }

    /// Encodes the type name, the value and, unless the type is a standard one, its display item.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ValueCodingKeys.self)
        try container.encode(typeName, forKey: .type)
        if let record {
            try record.encodeContent(into: &container)
            return
        }
        try container.encode(base, forKey: .value)
        if IntentCatalog.builtInValueTypes[typeName] == nil { try container.encode(displayItem, forKey: .display) }
    }
}
