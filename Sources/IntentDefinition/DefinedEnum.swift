import PropertyListSafety

/// One case of an enum (`INEnumValues[]`).
public struct DefinedEnumCase: Sendable, Equatable {
    /// The case name (lowerCamel; `First_Floor` and `MPR` also occur).
    public var name: String
    /// The name shown and spoken.
    public var displayName: String?
    /// The raw value: `INEnumValueIndex`, else 0 for `unknown`, else the position in the array.
    public var rawValue: Int
    /// Other words that pick the case (`INEnumValueSynonyms`, each `INEnumValueSynonym`), when
    /// the file lists them (an empty list says there are none); nil when it does not.
    public var synonyms: [String]?

    /// A value with every field given.
    public init(name: String, displayName: String?, rawValue: Int, synonyms: [String]? = nil) {
        self.name = name
        self.displayName = displayName
        self.rawValue = rawValue
        self.synonyms = synonyms
    }
}

/// One enum (`INEnums[]`).
public struct DefinedEnum: Sendable, Equatable {
    /// The Swift type name.
    public var name: String
    /// The name shown in Shortcuts.
    public var displayName: String?
    /// The cases, in file order (raw values need not follow it).
    public var cases: [DefinedEnumCase]

    init(_ node: PropertyListNode) throws(IntentDefinitionError) {
        name = try node.identifier("INEnumName")
        displayName = try node.optionalString("INEnumDisplayName")
        var cases: [DefinedEnumCase] = []
        for (position, item) in try node.array("INEnumValues").enumerated() {
            let caseName = try item.identifier("INEnumValueName")
            let index = try item.optionalInteger("INEnumValueIndex")
            let value = DefinedEnumCase(
                name: caseName, displayName: try item.optionalString("INEnumValueDisplayName"),
                rawValue: index ?? (caseName == "unknown" ? 0 : position),
                synonyms: try item.optionalArray("INEnumValueSynonyms")?.map { synonym throws(IntentDefinitionError) in
                    try synonym.string("INEnumValueSynonym")
                })
            if cases.contains(where: { $0.name == caseName }) {
                throw item.failure(.invalidValue, "INEnumValueName", .string(caseName), "the case '\(caseName)' is declared twice")
            }
            if let other = cases.first(where: { $0.rawValue == value.rawValue }) {
                throw item.failure(
                    .invalidValue, index == nil ? nil : "INEnumValueIndex", .integer(value.rawValue),
                    "'\(caseName)' has the same index as '\(other.name)'; give each case its own index")
            }
            cases.append(value)
        }
        self.cases = cases
    }
}

/// One property of a custom type (`INTypeProperties[]`).
public struct DefinedTypeProperty: Sendable, Equatable {
    /// Name, type, multiplicity and metadata.
    public var declaration: ValueDeclaration
    /// Whether it is one of the four standard properties (`identifier`, `displayString`,
    /// `pronunciationHint`, `alternativeSpeakableMatches`), which every generated type has anyway.
    public var isDefault: Bool
}

/// One custom type (`INTypes[]`).
public struct DefinedType: Sendable, Equatable {
    /// The Swift type name.
    public var name: String
    /// The name shown in Shortcuts.
    public var displayName: String?
    /// Every property, standard ones included, in editor order.
    public var properties: [DefinedTypeProperty]

    /// The properties the developer added (not the standard ones).
    public var customProperties: [DefinedTypeProperty] {
        properties.filter { !$0.isDefault && !DefinedType.standardPropertyNames.contains($0.declaration.name) }
    }

    /// The names of the standard properties every type has.
    public static let standardPropertyNames: Set<String> = [
        "identifier", "displayString", "pronunciationHint", "alternativeSpeakableMatches",
    ]

    init(_ node: PropertyListNode) throws(IntentDefinitionError) {
        name = try node.identifier("INTypeName")
        displayName = try node.optionalString("INTypeDisplayName")
        properties = try ordered(node.array("INTypeProperties"), \.declaration) { item throws(IntentDefinitionError) in
            DefinedTypeProperty(
                declaration: try ValueDeclaration(item, prefix: "INTypeProperty"),
                isDefault: try item.flag("INTypePropertyDefault"))
        }
    }
}
