import SceneIntents

/// The words people say for a drink besides its name. `HydrationType` itself (its cases, raw
/// values and display names) is generated from `Hydrator.intentdefinition`, whose format has no
/// synonyms; the vocabulary's entities and the spoken matching both read this one list.
extension HydrationType {
    /// Other words that pick the case when spoken ("pop" for soda, "H2O" for water).
    public var synonyms: [String] {
        switch self {
        case .water: ["H2O", "aqua"]
        case .coffee: ["espresso", "latte"]
        case .tea: ["chai"]
        case .juice: ["orange juice", "apple juice"]
        case .soda: ["pop", "soft drink", "cola"]
        case .milk: []
        case .unknown: []
        }
    }
}
