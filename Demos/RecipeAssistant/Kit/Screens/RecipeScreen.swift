import SceneIntents

/// A screen of the Recipe Assistant: it shows a recipe (or none), advances with `nextStep`, and
/// draws itself as text.
@MainActor
public protocol RecipeScreen: AnyObject {
    /// The recipe on screen, if any (it wins over a spoken one when resolving).
    var displayedRecipe: Recipe? { get }
    /// The screen's heading.
    var heading: String { get }
    /// The screen's body, one line per row; tappable rows are numbered `[n]`.
    func lines() -> [String]
    /// Advances: the list opens the recipe, the detail opens its directions, the directions
    /// go to the next step. Answers the response the assistant speaks.
    func nextStep(for recipe: RecipeReference?) -> ShowDirectionsIntentResponse
    /// The user taps row `number`; answers an error message when there is no such row.
    func tap(_ number: Int) -> String?
}
