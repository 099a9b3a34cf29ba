import SceneIntents

/// Finds recipes: implements the protocol generated from `Recipes.intentdefinition`.
@MainActor
public final class RecipeHandler: FindRecipeIntentHandling {
    /// The recipes on offer.
    public static let book: [Recipe] = [
        recipe("pancakes", "Banana Pancakes", servings: 4), recipe("soup", "Tomato Soup", servings: 2),
        recipe("salad", "Tomato Salad", servings: 1),
    ]

    static func recipe(_ identifier: String, _ title: String, servings: Int) -> Recipe {
        var recipe = Recipe(identifier: identifier, display: title)
        recipe.servings = servings
        return recipe
    }

    public init() {}

    public func resolveRecipe(for intent: FindRecipeIntent) async -> ResolutionResult<Recipe> {
        guard let wanted = intent.recipe else { return .needsValue }
        let matches = Self.book.filter {
            $0.identifier == wanted.identifier || $0.displayString.localizedLowercase.contains(wanted.displayString.lowercased())
        }
        switch matches.count {
        case 0: return .unsupported(forReason: FindRecipeRecipeUnsupportedReason.notFound)
        case 1: return .success(with: matches[0])
        default: return .disambiguation(with: matches)
        }
    }

    public func provideRecipeOptionsCollection(for intent: FindRecipeIntent, searchTerm: String?) async
        -> ObjectCollection<Recipe>
    {
        let term = (searchTerm ?? "").lowercased()
        return ObjectCollection(items: Self.book.filter { term.isEmpty || $0.displayString.lowercased().contains(term) })
    }

    public func handle(intent: FindRecipeIntent) async -> FindRecipeIntentResponse {
        guard let recipe = intent.recipe else { return FindRecipeIntentResponse(code: .failure) }
        guard let step = intent.step else { return .success(recipe: recipe) }
        return .showDirections(step: step, directions: "Whisk \(recipe.displayString.lowercased()) batter.")
    }
}
