import SceneIntents

/// The recipe list: the root screen. `nextStep` opens the spoken recipe and answers its
/// ingredients.
@MainActor
public final class RecipeListViewController: ViewController, RecipeScreen {
    private let model: RecipeModel
    private lazy var handler = ShowDirectionsHandler(screen: self, model: model, application: scene?.application)

    /// The list over a model.
    public init(model: RecipeModel) {
        self.model = model
        super.init(name: "RecipeList")
    }

    override public func viewDidAppear() {
        keepPlace()
        registerIntentHandler(handler)
    }

    /// The recipe on screen, if any.
    public var displayedRecipe: Recipe? { nil }
    /// The screen's heading.
    public var heading: String { "Recipes" }

    /// The screen's rows.
    public func lines() -> [String] {
        model.book.featured.enumerated().map { offset, recipe in
            "[\(offset + 1)] \(recipe.title) · \(recipe.subtitle)"
        }
    }

    /// Advances the screen (see the type's notes).
    public func nextStep(for recipe: RecipeReference?) -> ShowDirectionsIntentResponse {
        guard let recipe, let known = model.book.recipe(for: recipe) else {
            return ShowDirectionsIntentResponse(code: .failurePickRecipe)
        }
        open(known)
        return .showIngredients(recipe: known.reference, ingredients: known.ingredients.joined(separator: ", "))
    }

    /// The user taps row `number`; an error message when there is none.
    public func tap(_ number: Int) -> String? {
        guard model.book.featured.indices.contains(number - 1) else {
            return "There is no recipe \(number); pick 1 to \(model.book.featured.count)."
        }
        open(model.book.featured[number - 1])
        return nil
    }

    private func open(_ recipe: Recipe) {
        try? navigationController?.push(RecipeDetailViewController(recipe: recipe, model: model))
    }
}
