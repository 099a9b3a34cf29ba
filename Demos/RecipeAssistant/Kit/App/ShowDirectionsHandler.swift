import SceneIntents

/// The handler of `ShowDirectionsIntent`: one per screen, or a fresh one with no screen when the
/// app was launched for the intent.
///
/// It holds its screen weakly, so it dies with it. Resolve: the recipe on screen wins over the
/// spoken one; no recipe at all → disambiguation over the book's recipes. Handle: no screen, or
/// the app in the background → `continueInApp`; otherwise the screen's `nextStep` answers.
@MainActor
public final class ShowDirectionsHandler: ShowDirectionsIntentHandling {
    /// The screen this handler acts on, if any.
    public private(set) weak var screen: (any RecipeScreen)?
    private let model: RecipeModel
    private weak var application: Application?

    /// A handler for a screen (nil: none).
    public init(screen: (any RecipeScreen)?, model: RecipeModel, application: Application?) {
        self.screen = screen
        self.model = model
        self.application = application
    }

    /// The recipe on screen wins; else the spoken one, looked up; none → all recipes to pick from.
    public func resolveRecipe(for intent: ShowDirectionsIntent) async -> ResolutionResult<Recipe> {
        if let onScreen = screen?.displayedRecipe { return .success(with: onScreen) }
        guard let spoken = intent.recipe else { return .disambiguation(with: model.book.featured) }
        if !spoken.identifier.isEmpty, let known = model.book.recipe(identifier: spoken.identifier) {
            return .success(with: known)
        }
        if let exact = model.book.recipe(titled: spoken.title) { return .success(with: exact) }
        let matches = model.book.search(spoken.title, limit: 25)
        switch matches.count {
        case 0: return .unsupported(forReason: RecipeUnsupportedReason.notFound)
        case 1: return .success(with: matches[0])
        default: return .disambiguation(with: matches)
        }
    }

    /// Recents then all for an empty term; else titles starting with it, then containing it.
    public func provideRecipeOptions(for intent: ShowDirectionsIntent, searchTerm: String?) async throws
        -> ObjectCollection<Recipe>
    {
        model.options(for: searchTerm ?? "")
    }

    /// No screen or the app in the background → continueInApp; else the screen advances.
    public func handle(intent: ShowDirectionsIntent) async -> IntentResponse {
        guard let screen, application?.applicationState != .background else { return .continueInApp }
        return screen.nextStep(for: intent.recipe)
    }
}
