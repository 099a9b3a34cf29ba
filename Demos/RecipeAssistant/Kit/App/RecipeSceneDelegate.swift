import SceneIntents

/// The scene delegate: builds the navigation stack, continues the assistant's activity from the
/// connection options and from `continue` (answering the line the screen's step says), and saves
/// where the user was for state restoration.
@MainActor
public final class RecipeSceneDelegate: SceneDelegate {
    /// The activity type of the state restoration activity.
    public static let viewingActivityType = "com.example.recipe-assistant.viewing"

    private let model: RecipeModel

    /// A delegate over the run's model (the app's scene delegate factory makes one per scene).
    public init(model: RecipeModel) {
        self.model = model
    }

    /// Builds the navigation stack, rebuilt where the user was (the session's `userInfo`, kept
    /// as it changed, else its restoration activity), then continues the activity the scene was
    /// connected for.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let navigation = NavigationController(root: RecipeListViewController(model: model), name: "Navigation")
        scene.rootViewController = navigation
        scene.title = "Recipe Assistant"
        let activity = options.userActivities.first
        let place = RecipePlace(session: session)
        // A session reconnected for the assistant first comes back where the user was, when the
        // intent is about that recipe (or names none): "next step" then goes on from there.
        if let place, activity.map({ Self.continues(place, $0) }) ?? true {
            restore(place, in: navigation, model: model)
        }
        if let activity { continueIntent(from: activity, in: scene) }
    }

    /// Continues the assistant's intent on the top screen.
    public func scene(_ scene: Scene, continue userActivity: UserActivity) {
        continueIntent(from: userActivity, in: scene)
    }

    /// The recipe (and step) on screen, so a reclaimed scene comes back where it was.
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        guard let screen = scene.visibleViewController as? (any RecipeScreen), let recipe = screen.displayedRecipe
        else { return nil }
        var content = UserActivity.Content(activityType: Self.viewingActivityType)
        content.title = recipe.title
        content.userInfo = RecipePlace(screen: screen).userInfo
        content.requiredUserInfoKeys = ["recipe"]
        return UserActivity(content: content)
    }

    /// Takes the intent from the activity's interaction and calls `nextStep` on the top screen,
    /// unless the interaction's response shows the action was already done; gives the line the
    /// step answers as the continuation's reply, so a hands-free user hears what is on screen.
    private func continueIntent(from activity: UserActivity, in scene: Scene) {
        guard let interaction = activity.interaction,
            let intent = interaction.intent.as(ShowDirectionsIntent.self),
            interaction.intentResponse?.code.opensApp ?? true,
            let screen = scene.visibleViewController as? (any RecipeScreen)
        else { return }
        let response = screen.nextStep(for: intent.recipe)
        if let line = Self.spokenLine(for: response) { scene.answerContinuation(line) }
    }

    /// What a response says: its code's template, filled with its values.
    private static func spokenLine(for response: ShowDirectionsIntentResponse) -> String? {
        let dialog = ShowDirectionsIntentResponse.templates.first { $0.code.rawValue == response.code.rawValue }?.dialog
        return dialog.map { Template($0).render(response.values) }
    }

    /// Whether the assistant's activity is about the restored recipe (or names no recipe).
    private static func continues(_ place: RecipePlace, _ activity: UserActivity) -> Bool {
        guard let intent = activity.interaction?.intent.as(ShowDirectionsIntent.self) else { return false }
        guard let named = intent.recipe else { return true }
        return named.identifier.map { place.recipe == $0 } ?? false
    }

    /// Pushes the recipe's detail, then its directions at the step, over the list.
    private func restore(_ place: RecipePlace, in navigation: NavigationController, model: RecipeModel) {
        guard let identifier = place.recipe, let recipe = model.book.recipe(identifier: identifier) else { return }
        try? navigation.push(RecipeDetailViewController(recipe: recipe, model: model))
        if let step = place.step {
            let directions = DirectionsViewController(recipe: recipe, model: model)
            directions.show(step: step)
            try? navigation.push(directions)
        }
    }
}
