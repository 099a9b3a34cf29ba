import SceneIntents

extension Vocabulary {
    /// Sets a slot's entities to the cases of an enum parameter type: each case (all but
    /// `unknown`) by its display name and synonyms, identified by its Swift name, so the enum is
    /// the one list of what a user can say.
    public mutating func setEntities<E: EnumParameterValue>(of type: E.Type, forSlot slot: String) {
        setEntities(Self.entities(E.enumCases), forSlot: slot)
    }

    /// Sets the entities of every slot named like an enum parameter of the catalog's intents to
    /// that enum's cases (see `setEntities(of:forSlot:)`); other slots are left as they are.
    public mutating func setEnumEntities(from catalog: IntentCatalog) {
        for name in catalog.typeNames {
            guard let descriptor = catalog.descriptor(named: name) else { continue }
            for parameter in descriptor.parameters {
                guard let cases = descriptor.enumCases(of: parameter.name) else { continue }
                setEntities(Self.entities(cases), forSlot: parameter.name.rawValue)
            }
        }
    }

    private static func entities(_ cases: [EnumCase]) -> [Entity] {
        cases.map { Entity(identifier: $0.identifier, name: $0.displayName, synonyms: $0.synonyms) }
    }
}
