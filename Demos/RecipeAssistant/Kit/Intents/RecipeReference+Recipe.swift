import SceneIntents

// `ShowDirectionsIntent`, its handling protocol, its response and `RecipeReference` are generated
// from `Recipes.intentdefinition` by `IntentGenPlugin`. The book's `Recipe` stays the model; the
// intent carries a `RecipeReference` made from it (or from the words the user said).

extension Recipe {
    /// The recipe as the intent carries it: its identifier, its title, its time and servings as the
    /// subtitle, and its image, so the assistant lists it as the book shows it.
    public var reference: RecipeReference {
        RecipeReference(identifier: identifier, display: title, subtitle: subtitle.isEmpty ? nil : subtitle, image: imageName)
    }
}

extension RecipeBook {
    /// The book's recipe a reference names: by identifier, else by exact title; nil for neither.
    public func recipe(for reference: RecipeReference) -> Recipe? {
        if let identifier = reference.identifier, !identifier.isEmpty, let known = recipe(identifier: identifier) {
            return known
        }
        return recipe(titled: reference.displayString)
    }
}

extension ShowDirectionsIntent {
    /// The phrase suggested for a shortcut. The definition file has no field for it: an app sets it
    /// on the intent it donates (`INIntent.suggestedInvocationPhrase`), so it is written here.
    public static let suggestedInvocationPhrase: String? = "Next step"
}
