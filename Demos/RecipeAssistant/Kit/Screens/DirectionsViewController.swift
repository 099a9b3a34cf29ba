import SceneIntents

/// A recipe's directions, one step at a time. `nextStep` goes to the next step, and after the
/// last one starts over at step 1.
@MainActor
public final class DirectionsViewController: ViewController, RecipeScreen {
    /// The recipe whose directions are shown.
    public let recipe: Recipe
    /// The step shown, from 0.
    public private(set) var step = 0 {
        didSet { keepPlace() }
    }
    private let model: RecipeModel
    private lazy var handler = ShowDirectionsHandler(screen: self, model: model, application: scene?.application)

    /// The directions of a recipe, at step 1.
    public init(recipe: Recipe, model: RecipeModel) {
        self.recipe = recipe
        self.model = model
        super.init(name: "Directions")
    }

    override public func viewDidAppear() {
        keepPlace()
        registerIntentHandler(handler)
    }

    /// The recipe on screen, if any.
    public var displayedRecipe: Recipe? { recipe }
    /// The screen's heading.
    public var heading: String { "\(recipe.title) · Directions" }

    private var isLastStep: Bool { step == recipe.directions.count - 1 }

    /// The screen's rows.
    public func lines() -> [String] {
        guard !recipe.directions.isEmpty else { return ["(no directions)"] }
        return [
            "Step \(step + 1) of \(recipe.directions.count)", "", recipe.directions[step], "",
            isLastStep ? "[1] Start Over" : "[1] Next Step",
        ]
    }

    /// Advances the screen (see the type's notes).
    public func nextStep(for recipe: RecipeReference?) -> ShowDirectionsIntentResponse {
        guard !self.recipe.directions.isEmpty else { return .failureNoDirections(recipe: self.recipe.reference) }
        if isLastStep {
            step = 0
            return .startOver(step: 1, directions: self.recipe.directions[0])
        }
        step += 1
        return .showDirections(step: step + 1, directions: self.recipe.directions[step])
    }

    /// Shows a given step (from 0), as state restoration does.
    public func show(step: Int) {
        guard recipe.directions.indices.contains(step) else { return }
        self.step = step
    }

    /// The user taps row `number`; an error message when there is none.
    public func tap(_ number: Int) -> String? {
        guard number == 1 else { return "There is only [1] here." }
        _ = nextStep(for: recipe.reference)
        return nil
    }
}
