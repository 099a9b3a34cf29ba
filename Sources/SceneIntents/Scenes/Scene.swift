/// A connected scene: one window of the app, with its delegate, state and view controllers.
///
/// The application creates scenes and drives their state through `SceneStateMachine`; app code
/// reads the state and sets `rootViewController` (in `scene(_:willConnectTo:options:)`).
@MainActor
public final class Scene {
    /// The session this scene belongs to.
    public let session: SceneSession
    /// The scene's delegate, created from the configuration's class name.
    public let delegate: any SceneDelegate
    /// The application, while it runs.
    public private(set) weak var application: Application?
    /// The scene's title (e.g. shown in a window switcher).
    public var title: String?
    /// The activity the scene is doing now, if any.
    public var userActivity: UserActivity?
    /// The target content identifiers this scene prefers to continue (its activation conditions);
    /// an activity whose `targetContentIdentifier` is listed here is continued in this scene.
    public var activationConditions: Set<String> = []
    var machine: SceneStateMachine
    /// The line given for the continuation under way, taken by the application when it ends.
    var continuationReply: String?

    init(session: SceneSession, delegate: any SceneDelegate, application: Application) {
        self.session = session
        self.delegate = delegate
        self.application = application
        self.machine = SceneStateMachine(scene: session.persistentIdentifier)
    }

    /// The scene's activation state.
    public var activationState: ActivationState { machine.state.activationState }

    /// The scene's finer lifecycle state.
    public var lifecycleState: SceneLifecycleState { machine.state }

    /// The window's root view controller; set it while connecting.
    public var rootViewController: ViewController? {
        didSet {
            oldValue?.ownScene = nil
            rootViewController?.ownScene = self
        }
    }

    /// The controller on screen: the top of a navigation stack, or the root itself.
    public var visibleViewController: ViewController? { rootViewController?.visibleController }

    /// Gives the line the user should hear about the activity this scene is continuing, such as
    /// the step it now shows ("Step 2. Whisk the eggs."). Call it from the scene delegate's
    /// `scene(_:willConnectTo:options:)` (an activity in the connection options) or
    /// `scene(_:continue:)`; `Application.continueUserActivity(_:)` returns it so the assistant
    /// can speak it. The last line given wins; a line given outside a continuation is dropped
    /// when the next one starts.
    public func answerContinuation(_ line: String) {
        continuationReply = line
    }
}
