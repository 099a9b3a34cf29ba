/// One case of an enum parameter as the assistant offers and matches it: what it lists when it
/// asks for a value, and the entity a vocabulary slot takes for it.
public struct EnumCase: Sendable, Hashable {
    /// The case's Swift name, its identifier.
    public var identifier: String
    /// The name shown and spoken.
    public var displayName: String
    /// Other words that pick the case.
    public var synonyms: [String]

    /// A case.
    public init(identifier: String, displayName: String, synonyms: [String] = []) {
        self.identifier = identifier
        self.displayName = displayName
        self.synonyms = synonyms
    }
}

extension EnumParameterValue {
    /// Every case a user can name (all but `unknown`), in declaration order.
    public static var enumCases: [EnumCase] {
        spokenCases.map {
            EnumCase(identifier: String(describing: $0), displayName: $0.displayName, synonyms: $0.synonyms)
        }
    }
}

extension IntentDescriptor {
    /// The cases of a parameter whose type is an `EnumParameterValue`; nil for any other
    /// parameter (or a name the intent does not have).
    public func enumCases(of parameter: ParameterName) -> [EnumCase]? {
        guard let typeName = self.parameter(named: parameter)?.valueTypeName,
            let type = valueTypes[typeName] as? any EnumParameterValue.Type
        else { return nil }
        func cases<E: EnumParameterValue>(_ type: E.Type) -> [EnumCase] { E.enumCases }
        return cases(type)
    }
}
