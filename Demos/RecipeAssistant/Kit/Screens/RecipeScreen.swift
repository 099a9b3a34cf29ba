import SceneIntents
import SceneIntentsCommandLine

/// A screen of the Recipe Assistant: it shows a recipe (or none), advances with `nextStep`, and
/// draws itself as text (its tappable rows numbered `[n]`).
@MainActor
public protocol RecipeScreen: TextScreen {
    /// The recipe on screen, if any (it wins over a spoken one when resolving).
    var displayedRecipe: Recipe? { get }
    /// Advances: the list opens the recipe, the detail opens its directions, the directions
    /// go to the next step. Answers the response the assistant speaks.
    func nextStep(for recipe: RecipeReference?) -> ShowDirectionsIntentResponse
    /// The user taps row `number`; answers an error message when there is no such row.
    func tap(_ number: Int) -> String?
}
