import SceneIntents

/// The handler of `ShowDirectionsIntent`: one per screen, or a fresh one with no screen when the
/// app was launched for the intent.
///
/// It holds its screen weakly, so it dies with it. Resolve (REFERENCE §6, our rule): the recipe
/// the user names wins; the screen's recipe fills in only when none is named; with no screen, the
/// most recent session's restoration activity; else a pick among the book's recipes. Handle: no
/// screen, or its own scene in the background → `continueInApp`; a scene in the foreground
/// (active, or inactive under the assistant's overlay) answers on its screen, opening the named
/// recipe when the screen shows another.
@MainActor
public final class ShowDirectionsHandler: ShowDirectionsIntentHandling {
    /// The screen this handler acts on, if any.
    public private(set) weak var screen: (any RecipeScreen)?
    private let model: RecipeModel
    private weak var application: Application?
    private lazy var options = RecipeOptions(model: model)

    /// A handler for a screen (nil: none).
    public init(screen: (any RecipeScreen)?, model: RecipeModel, application: Application?) {
        self.screen = screen
        self.model = model
        self.application = application
    }

    /// The named recipe, looked up; else the screen's; else the restored one; else a pick.
    public func resolveRecipe(for intent: ShowDirectionsIntent) async -> ResolutionResult<RecipeReference> {
        guard let spoken = intent.recipe else {
            if let onScreen = screen?.displayedRecipe { return .success(with: onScreen.reference) }
            if screen == nil, let restored = restoredPlace?.recipe { return .success(with: restored.reference) }
            return .disambiguation(with: model.book.featured.map(\.reference))
        }
        if let known = model.book.recipe(for: spoken) { return .success(with: known.reference) }
        let first = options.page(for: spoken.displayString, OptionsPage(offset: 0, limit: 2)).allItems
        switch first.count {
        case 0: return .unsupported(forReason: ShowDirectionsRecipeUnsupportedReason.notFound)
        case 1: return .success(with: first[0].reference)
        default: return .disambiguation(with: first.map(\.reference))
        }
    }

    /// Every match for a term (recents then all for an empty one).
    public func provideRecipeOptionsCollection(for intent: ShowDirectionsIntent, searchTerm: String?) async
        -> ObjectCollection<RecipeReference>
    {
        options.page(for: searchTerm, .all).map(\.reference)
    }

    /// One page of the options: recents then all for an empty term; else every match, a page at
    /// a time, so a catalog of a million recipes is never listed whole.
    public func provideRecipeOptionsCollection(for intent: ShowDirectionsIntent, searchTerm: String?, page: OptionsPage)
        async -> ObjectCollection<RecipeReference>
    {
        options.page(for: searchTerm, page).map(\.reference)
    }

    /// No screen, or its scene in the background → continueInApp; else the screen advances (or
    /// opens the named recipe, from the list).
    public func handle(intent: ShowDirectionsIntent) async -> ShowDirectionsIntentResponse {
        guard let screen, isInForeground(screen) else { return ShowDirectionsIntentResponse(code: .continueInApp) }
        if let named = intent.recipe, let shown = screen.displayedRecipe, named.identifier != shown.identifier,
            let navigation = (screen as? ViewController)?.navigationController,
            let list = navigation.viewControllers.first as? any RecipeScreen
        {
            navigation.popToRoot()
            return list.nextStep(for: named)
        }
        return screen.nextStep(for: intent.recipe)
    }

    /// Whether the screen's own scene is on screen: foreground active, or foreground inactive
    /// (interrupted by the assistant's overlay, which is still the foreground).
    private func isInForeground(_ screen: any RecipeScreen) -> Bool {
        switch (screen as? ViewController)?.scene?.activationState {
        case .foregroundActive?, .foregroundInactive?: true
        default: false
        }
    }

    /// Where the user was in the most recent archived session: its restoration activity's
    /// recipe and step (from 0), if it names a recipe of the book.
    public var restoredPlace: (recipe: Recipe, step: Int?)? {
        guard let application else { return nil }
        // A session with no scene, or whose scene is in the background (restored there after the
        // system stopped): its screen never appeared, so no screen's handler answers for it.
        for session in application.openSessions.reversed()
        where session.scene == nil || session.scene?.activationState == .background {
            guard let activity = session.stateRestorationActivity,
                case .string(let identifier)? = activity.userInfo["recipe"],
                let recipe = model.book.recipe(identifier: identifier)
            else { continue }
            if case .integer(let step)? = activity.userInfo["step"] { return (recipe, step) }
            return (recipe, nil)
        }
        return nil
    }
}
