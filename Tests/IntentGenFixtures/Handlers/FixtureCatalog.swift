import SceneIntents

/// Every generated intent type of this target, listed by the generated definitions.
public enum IntentGenFixtureCatalog {
    /// The intent types of all the definition files.
    public static let intentTypes: [any Intent.Type] = [
        HydratorIntentDefinition.intentTypes, RecipesIntentDefinition.intentTypes, PlanTripIntentDefinition.intentTypes,
        CoffeeIntentDefinition.intentTypes, EdgesIntentDefinition.intentTypes,
    ].flatMap { $0 }
}
