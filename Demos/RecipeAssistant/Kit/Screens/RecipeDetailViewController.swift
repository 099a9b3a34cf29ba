import SceneIntents

/// A recipe with its ingredients. `nextStep` opens the directions at step 1, or fails when the
/// recipe has none.
@MainActor
public final class RecipeDetailViewController: ViewController, RecipeScreen {
    /// The recipe shown.
    public let recipe: Recipe
    private let model: RecipeModel
    private lazy var handler = ShowDirectionsHandler(screen: self, model: model, application: scene?.application)

    /// The detail of a recipe.
    public init(recipe: Recipe, model: RecipeModel) {
        self.recipe = recipe
        self.model = model
        super.init(name: "RecipeDetail")
    }

    override public func viewDidAppear() {
        keepPlace()
        model.viewed(recipe)
        registerIntentHandler(handler)
    }

    /// The recipe on screen, if any.
    public var displayedRecipe: Recipe? { recipe }
    /// The screen's heading.
    public var heading: String { recipe.title }

    /// The screen's rows.
    public func lines() -> [String] {
        [recipe.subtitle, "", "Ingredients:"] + recipe.ingredients.map { "  • \($0)" } + [
            "", recipe.directions.isEmpty ? "(no directions)" : "[1] Directions",
        ]
    }

    /// Advances the screen (see the type's notes).
    public func nextStep(for recipe: RecipeReference?) -> ShowDirectionsIntentResponse {
        guard !self.recipe.directions.isEmpty else { return .failureNoDirections(recipe: self.recipe.reference) }
        try? navigationController?.push(DirectionsViewController(recipe: self.recipe, model: model))
        return .showDirections(step: 1, directions: self.recipe.directions[0])
    }

    /// The user taps row `number`; an error message when there is none.
    public func tap(_ number: Int) -> String? {
        guard number == 1 else { return "There is only [1] Directions here." }
        guard !recipe.directions.isEmpty else { return "\(recipe.title) has no directions." }
        _ = nextStep(for: recipe.reference)
        return nil
    }
}
