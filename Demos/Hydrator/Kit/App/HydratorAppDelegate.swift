import SceneIntents

/// The app delegate: owns the one handler of the run, which logs through the model (so the Today
/// screen in the foreground shows an entry at once); `handlerFor` answers it for
/// `TrackIntakeIntent`.
@MainActor
public final class HydratorAppDelegate: ApplicationDelegate {
    /// The handler for in-app requests and the Add screen.
    public let handler: TrackIntakeHandler

    /// A delegate over a model.
    public init(model: HydrationModel) {
        handler = TrackIntakeHandler(log: model, now: model.now)
    }

    /// The run's handler for `TrackIntakeIntent`; nil for any other intent.
    public func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? {
        intent.is(TrackIntakeIntent.self) ? handler : nil
    }
}
