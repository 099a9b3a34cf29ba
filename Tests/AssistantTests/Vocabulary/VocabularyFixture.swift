import Assistant
import SceneIntents

/// A small recipe vocabulary shared by the vocabulary tests.
enum VocabularyFixture {
    static let bananaPancakes = Entity(
        identifier: "banana-pancakes", name: "Banana Pancakes", synonyms: ["pancakes with bananas"])
    static let lemonTart = Entity(identifier: "lemon-tart", name: "Lemon Tart", synonyms: ["tarte au citron"])
    static let cremeBrulee = Entity(identifier: "creme-brulee", name: "Crème Brûlée")
    static let recipes = [bananaPancakes, lemonTart, cremeBrulee]

    /// Directions, ingredients and step navigation for the recipes above.
    static func recipeVocabulary() throws -> Vocabulary {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("show directions for ${recipe}", intent: "ShowDirectionsIntent")
        try vocabulary.addPhrase("how do I make ${recipe}", intent: "ShowDirectionsIntent")
        try vocabulary.addPhrase("what goes into ${recipe} today", intent: "ListIngredientsIntent")
        try vocabulary.addPhrase("next step", intent: "NextStepIntent")
        try vocabulary.addPhrase("previous step", intent: "PreviousStepIntent")
        vocabulary.setEntities(recipes, forSlot: "recipe")
        return vocabulary
    }
}
