import Foundation

/// An intent type as data: everything the system side needs to converse about it, with no Swift
/// type behind it. An installed app's bundle carries these (read from its intent definition
/// file); a typed catalog gives its own (`IntentCatalog.description`), so the two read the same.
public struct IntentDescription: Sendable, Hashable, Codable {
    /// The intent's type name.
    public var typeName: String
    /// The parameters, in declaration (and resolution) order.
    public var parameters: [ParameterDescriptor]
    /// The dialog templates of its response codes.
    public var responses: [ResponseTemplate]
    /// The confirmation asked before `handle` and the restriction, if any.
    public var requirements: IntentRequirements
    /// Whether the intent is deprecated.
    public var isDeprecated: Bool
    /// The phrase suggested for a shortcut.
    public var suggestedInvocationPhrase: String?

    /// A description.
    public init(
        typeName: String, parameters: [ParameterDescriptor], responses: [ResponseTemplate] = [],
        requirements: IntentRequirements = IntentRequirements(), isDeprecated: Bool = false,
        suggestedInvocationPhrase: String? = nil
    ) {
        self.typeName = typeName
        self.parameters = parameters
        self.responses = responses
        self.requirements = requirements
        self.isDeprecated = isDeprecated
        self.suggestedInvocationPhrase = suggestedInvocationPhrase
    }
}

/// An enum parameter type as data: its cases, each with the raw value the app encodes it as.
public struct EnumDescription: Sendable, Hashable, Codable {
    /// One case: its raw value and how it is shown and said.
    public struct Case: Sendable, Hashable, Codable {
        /// The case's raw value (what an `Int`-backed enum encodes).
        public var rawValue: Int
        /// Its identifier, display name and synonyms.
        public var spoken: EnumCase

        /// A case.
        public init(rawValue: Int, spoken: EnumCase) {
            self.rawValue = rawValue
            self.spoken = spoken
        }
    }

    /// The type's name (`ParameterValue.typeName`).
    public var typeName: String
    /// The cases a user can name, in declaration order (not `unknown`).
    public var cases: [Case]
    /// The `unknown` case, which words naming no case make; nil when the enum has none (such
    /// words then make no value).
    public var unknown: Case?

    /// A description.
    public init(typeName: String, cases: [Case], unknown: Case?) {
        self.typeName = typeName
        self.cases = cases
        self.unknown = unknown
    }

    /// The description of a typed enum.
    public init<E: EnumParameterValue>(_ type: E.Type) {
        self.init(
            typeName: E.typeName, cases: E.spokenCases.map { Case(rawValue: $0.rawValue, spoken: $0.enumCase) },
            unknown: E.unknownCase.map { Case(rawValue: $0.rawValue, spoken: $0.enumCase) })
    }

    /// The value the words make: the case they name, else `unknown` (see
    /// `EnumParameterValue.fromSpoken(_:identifier:)`, the same rule).
    func value(spoken text: String, identifier: String?) -> AnyParameterValue? {
        if let index = EnumCase.index(in: cases.map(\.spoken), spoken: text, identifier: identifier) {
            return value(of: cases[index])
        }
        guard let unknown, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return value(of: unknown)
    }

    /// A case as a value: its raw value, shown as a typed enum shows it.
    private func value(of member: Case) -> AnyParameterValue {
        let display = DisplayItem(identifier: member.spoken.identifier, title: member.spoken.displayName)
        return AnyParameterValue(ParameterValueRecord(typeName: typeName, displayItem: display, content: .encoded(.number(member.rawValue))))
    }
}

/// The intents and enums of an app as data: what an installed app's bundle describes, and what
/// `IntentCatalog(description:)` makes a catalog of.
public struct CatalogDescription: Sendable, Hashable, Codable {
    /// The intent types, sorted by name.
    public var intents: [IntentDescription]
    /// The enum types their parameters use, sorted by name.
    public var enums: [EnumDescription]

    /// A description.
    public init(intents: [IntentDescription], enums: [EnumDescription]) {
        self.intents = intents
        self.enums = enums
    }
}
