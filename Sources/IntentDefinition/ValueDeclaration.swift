import PropertyListSafety

/// A type named by a definition: its name and namespace (`System` for Apple's own types).
public struct TypeReference: Sendable, Hashable {
    /// The enum or type name, e.g. `HydrationType`.
    public var name: String
    /// The namespace: the defining file's, `System`, or nil (model 1.0 files write none).
    public var namespace: String?

    /// A reference.
    public init(name: String, namespace: String? = nil) {
        self.name = name
        self.namespace = namespace
    }

    /// Whether it names one of Apple's types rather than one of the file's.
    public var isSystem: Bool { namespace == "System" }
}

/// The type of a parameter, response parameter or type property.
public enum ValueType: Sendable, Hashable {
    /// `String`.
    case string
    /// `Integer` without an enum type.
    case integer
    /// `Decimal`.
    case decimal
    /// `Boolean`.
    case boolean
    /// `DateComponents` (a date, a time or both).
    case dateComponents
    /// `TimeInterval`, Xcode's "Duration".
    case timeInterval
    /// `URL`.
    case url
    /// `Integer` with an enum type: an `INEnums` entry (or a `System` enum).
    case enumeration(TypeReference)
    /// `Object` with an object type (an `INTypes` entry or a `System` type), or nil for a
    /// plain `INObject`.
    case object(TypeReference?)
    /// Any other type string as written (`Placemark`, `File`, `Person`, `CurrencyAmount`,
    /// `PaymentMethod`, `SpeakableString`…).
    case other(String)

    /// The type as Xcode names it in the editor, for messages.
    public var displayName: String {
        switch self {
        case .string: "String"
        case .integer: "Integer"
        case .decimal: "Decimal"
        case .boolean: "Boolean"
        case .dateComponents: "DateComponents"
        case .timeInterval: "TimeInterval"
        case .url: "URL"
        case .enumeration(let reference): "enum \(reference.isSystem ? "System." : "")\(reference.name)"
        case .object(let reference?): "Object \(reference.isSystem ? "System." : "")\(reference.name)"
        case .object(nil): "Object (untyped)"
        case .other(let name): name
        }
    }
}

/// What parameters, response parameters and type properties have in common: a name, a type,
/// whether it holds several values, and its editor data.
public struct ValueDeclaration: Sendable, Equatable {
    /// The property name (lowerCamel, sometimes snake_case).
    public var name: String
    /// The name shown in Shortcuts, if any (absent in model 1.0).
    public var displayName: String?
    /// The type.
    public var type: ValueType
    /// The stable numeric id.
    public var tag: Int?
    /// The position in the editor (1…n).
    public var displayPriority: Int?
    /// Whether it holds an array.
    public var supportsMultipleValues: Bool
    /// Where the declaration is in its file (`INIntents[0].INIntentParameters[1]`), for messages.
    public var keyPath: String
    /// The `…Metadata` dictionary with the prefix dropped from each key
    /// (`INIntentParameterMetadataDefaultValue` → `DefaultValue`).
    public var metadata: [String: PropertyListValue]

    /// The display name, or the name when there is none (or it is blank).
    public var label: String {
        guard let displayName, !displayName.allSatisfy(\.isWhitespace) else { return name }
        return displayName
    }

    /// A metadata number (integer or real), if present.
    public func metadataNumber(_ key: String) -> Double? {
        switch metadata[key] {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// Reads the common keys with `prefix` (`INIntentParameter`, `INIntentResponseParameter`,
    /// `INTypeProperty`).
    init(_ node: PropertyListNode, prefix: String) throws(IntentDefinitionError) {
        keyPath = node.path
        name = try node.identifier(prefix + "Name")
        displayName = try node.optionalString(prefix + "DisplayName")
        tag = try node.optionalInteger(prefix + "Tag")
        displayPriority = try node.optionalInteger(prefix + "DisplayPriority")
        supportsMultipleValues = try node.flag(prefix + "SupportsMultipleValues")
        let typeName = try node.string(prefix + "Type")
        func reference(_ key: String) throws(IntentDefinitionError) -> TypeReference? {
            guard let name = try node.optionalString(prefix + key) else { return nil }
            guard SwiftName.isIdentifier(name) else {
                throw node.failure(.invalidValue, prefix + key, .string(name), "'\(name)' is not a valid Swift type name")
            }
            return TypeReference(name: name, namespace: try node.optionalString(prefix + key + "Namespace"))
        }
        switch typeName {
        case "String": type = .string
        case "Integer": type = try reference("EnumType").map(ValueType.enumeration) ?? .integer
        case "Decimal": type = .decimal
        case "Boolean": type = .boolean
        case "DateComponents": type = .dateComponents
        case "TimeInterval": type = .timeInterval
        case "URL": type = .url
        case "Object": type = .object(try reference("ObjectType"))
        case "": throw node.failure(.invalidValue, prefix + "Type", .string(typeName), "the type is empty")
        default: type = .other(typeName)
        }
        let metadataPrefix = prefix + "Metadata"
        var metadata: [String: PropertyListValue] = [:]
        if let dictionary = try node.optionalDictionary(metadataPrefix), case .dictionary(let entries) = dictionary.value {
            for (key, value) in entries {
                metadata[key.hasPrefix(metadataPrefix) ? String(key.dropFirst(metadataPrefix.count)) : key] = value
            }
        }
        self.metadata = metadata
    }
}
