import SceneIntents

/// The app delegate: owns the model and the one handler of the run; `handlerFor` answers it for
/// `TrackIntakeIntent`, and a logged entry refreshes the model at once, so the Today screen in
/// the foreground shows it.
@MainActor
public final class HydratorAppDelegate: ApplicationDelegate {
    /// The app's view of the shared store.
    public let model: HydrationModel
    /// The handler for in-app requests and the Add screen.
    public private(set) lazy var handler = TrackIntakeHandler(store: model.store, now: model.now) { [weak self] outcome in
        self?.record(outcome)
    }
    /// What the last failed write said (the app shows it; the user heard the failure dialog).
    public private(set) var lastFailure: String?

    /// A delegate over a model.
    public init(model: HydrationModel) {
        self.model = model
    }

    private func record(_ outcome: TrackIntakeHandler.Outcome) {
        switch outcome {
        case .logged: model.refresh()
        case .failed(let error): lastFailure = error.description
        }
    }

    /// The run's handler for `TrackIntakeIntent`; nil for any other intent.
    public func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? {
        intent.is(TrackIntakeIntent.self) ? handler : nil
    }
}
