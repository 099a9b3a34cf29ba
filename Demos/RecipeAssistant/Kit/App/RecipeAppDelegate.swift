import SceneIntents

/// The app delegate: owns the model for the run and dispatches intents to the current screen's
/// handler.
@MainActor
public final class RecipeAppDelegate: ApplicationDelegate {
    /// The app's data for this run.
    public let model: RecipeModel

    /// A delegate over this run's model.
    public init(model: RecipeModel) {
        self.model = model
    }

    /// The handler store's current handler, or a fresh one with no screen (the app was launched
    /// for the intent and no scene is connected, or no screen registered one).
    public func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? {
        guard intent.is(ShowDirectionsIntent.self) else { return nil }
        return application.handlerStore.handler(for: intent)
            ?? ShowDirectionsHandler(screen: nil, model: model, application: application)
    }
}
