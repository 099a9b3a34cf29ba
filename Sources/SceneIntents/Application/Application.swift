/// The app's runtime: launch and termination, scenes and sessions, and the system events that
/// move them, with UIKit's callback order.
///
/// An `Application` stands for the installed app across launches: `launch(_:)` starts a run with
/// a fresh delegate, `terminate()` ends it, and the sessions open at termination come back as
/// archived sessions (no scene) at the next launch, as they do across process restarts. Every
/// callback is also reported, in order, to the observers (`observe(_:)`), which is how tests and
/// the assistant's trace see whole sequences.
///
/// The type is split by concern: this file holds the state, launch and termination;
/// `Application+Scenes` the session requests and scene transitions; `Application+SystemEvents`
/// what the user and the system do to the app; `Application+Callbacks` the delegate dispatch.
@MainActor
public final class Application {
    /// What the app declares.
    public let manifest: AppManifest
    /// The device the app runs on (its lock state).
    public let device: Device
    /// Where screens register their intent handlers.
    public let handlerStore = IntentHandlerStore()
    /// The connected scenes, in the order they connected.
    public internal(set) var connectedScenes: [Scene] = []
    /// Every open session, connected or archived, in the order they were created.
    public internal(set) var openSessions: [SceneSession] = []

    /// Whether the app runs, and the current run's state.
    var lifecycle = ApplicationLifecycle.notRunning(discarded: [])
    /// How many sessions were ever made (their identifiers count up).
    var sessionsMade = 0
    /// How many times a scene became active: the clock `lastActivation` is read on.
    var activations: UInt64 = 0
    /// The restored sessions to reconnect at the next launch, least recently active first, and
    /// whether each was on screen (`restoreSessions(_:)`).
    var pendingReconnection: [(identifier: String, foreground: Bool)] = []
    /// Whether the app is terminating (its scenes' disconnections are not reported).
    var isTerminating = false
    /// Who keeps the sessions across the app's process deaths: called with every change to a
    /// session (made, moved to another activation state, given a restoration activity or
    /// `userInfo`, discarded), synchronously, as it happens, so the change reaches the system
    /// before whatever the app says next. The host runtime sets it to its connection.
    public var onSessionChange: (@MainActor (SessionChange) -> Void)?
    /// Where the app's shortcuts messages go: the system it is connected to (its `AppEndpoint`
    /// sets it); nil while none is.
    var shortcutsOutlet: (@MainActor (ShortcutsMessage) -> Void)?
    let sceneDelegateFactories: [String: SceneDelegateFactory]
    private let makeDelegate: @MainActor () -> any ApplicationDelegate
    /// Who hears the lifecycle callbacks, each under the token `observe(_:)` returned.
    private var observers: [(token: Int, observer: @MainActor (LifecycleEvent) -> Void)] = []
    private var observerTokensIssued = 0

    /// An installed, not yet running app.
    ///
    /// - Parameters:
    ///   - manifest: what the app's `Info.plist` declares (scenes, intents, activity types).
    ///   - device: the device whose lock state the app sees (share it with the assistant).
    ///   - sceneDelegates: what makes each scene's delegate, by the name of the configuration
    ///     it connects with (`UISceneConfigurationName`): `["Default Configuration": {
    ///     RecipeSceneDelegate(model: model) }]`. Every configuration the manifest declares needs
    ///     one, or the launch is refused naming it.
    ///   - delegate: makes the app delegate, once per launch.
    public init(
        manifest: AppManifest, device: Device = Device(),
        sceneDelegates: [String: SceneDelegateFactory] = [:],
        delegate: @escaping @MainActor () -> any ApplicationDelegate
    ) {
        self.manifest = manifest
        self.device = device
        self.sceneDelegateFactories = sceneDelegates
        self.makeDelegate = delegate
    }

    // MARK: Observing

    /// Calls `observer` with every callback the runtime makes, in order, until the returned
    /// token is passed to `removeObserver(_:)`.
    @discardableResult
    public func observe(_ observer: @escaping @MainActor (LifecycleEvent) -> Void) -> Int {
        observerTokensIssued += 1
        observers.append((observerTokensIssued, observer))
        return observerTokensIssued
    }

    /// Stops an observer.
    public func removeObserver(_ token: Int) {
        observers.removeAll { $0.token == token }
    }

    /// Reports a callback to every observer, in the order they were added.
    func emit(_ event: LifecycleEvent) {
        // The loop runs over a copy, so an observer may add or remove observers while it is called.
        for entry in observers { entry.observer(event) }
    }

    // MARK: State

    /// Whether the app is running.
    public var isRunning: Bool {
        if case .running = lifecycle { true } else { false }
    }

    /// The current run, while running.
    var run: ApplicationRun? {
        if case .running(let run) = lifecycle { run } else { nil }
    }

    /// Changes the current run; does nothing while not running.
    func updateRun(_ change: (inout ApplicationRun) -> Void) {
        guard case .running(var run) = lifecycle else { return }
        change(&run)
        lifecycle = .running(run)
    }

    /// Whether `delegate` is still the current run's: false once a callback terminated the run.
    func isCurrentRun(_ delegate: any ApplicationDelegate) -> Bool {
        run?.delegate === delegate
    }

    /// Why the current run was launched; nil while not running.
    public var launchReason: LaunchReason? { run?.reason }

    /// The current run's delegate; nil while not running.
    public var delegate: (any ApplicationDelegate)? { run?.delegate }

    /// The activity that is current, if any (none while not running).
    public var currentUserActivity: UserActivity? { run?.currentUserActivity }

    /// Whether the app supports more than one scene.
    public var supportsMultipleScenes: Bool { manifest.supportsMultipleScenes }

    /// The state of the most active scene (background when none is on screen or not running).
    public var applicationState: ApplicationState {
        var state = ApplicationState.background
        for scene in connectedScenes {
            switch scene.activationState {
            case .foregroundActive: return .active
            case .foregroundInactive: state = .inactive
            default: break
            }
        }
        return state
    }

    /// Connected scenes, the most recently active first.
    public var scenesByRecentActivity: [Scene] {
        connectedScenes.sorted { $0.session.lastActivation > $1.session.lastActivation }
    }

    /// The connected scene that was active most recently, if any.
    public var mostRecentlyActiveScene: Scene? {
        connectedScenes.max { $0.session.lastActivation < $1.session.lastActivation }
    }

    /// The scene of the session with this identifier, if connected.
    public func scene(withIdentifier identifier: String) -> Scene? {
        connectedScenes.first { $0.session.persistentIdentifier == identifier }
    }

    // MARK: Launch and termination

    /// Launches the app: by the user (foreground, a scene connects, the last archived session
    /// if any) or for an intent (background, no scene).
    ///
    /// Order: the manifest's diagnostics (`LifecycleEvent.diagnostic`) → willFinishLaunching →
    /// didFinishLaunching → didDiscardSceneSessions (sessions closed while not running) → for a
    /// user launch, configurationForConnecting → willConnectTo → root viewDidLoad →
    /// viewWillAppear → sceneWillEnterForeground → sceneDidBecomeActive → viewDidAppear.
    /// Refused with `invalidManifest` when the manifest cannot work. A delegate that terminates
    /// the app from a launch callback ends the launch there.
    public func launch(_ reason: LaunchReason) throws(ApplicationError) {
        _ = try launch(reason, continuing: nil)
    }

    /// Launches the app (as `launch(_:)`), reconnecting the restored sessions
    /// (`restoreSessions(_:)`), the most recently active one on screen with `activity` in its
    /// connection options; returns that scene, if any, and why it could not continue it.
    func launch(
        _ reason: LaunchReason, continuing activity: UserActivity?
    ) throws(ApplicationError) -> (scene: Scene, refusal: UserActivityError?)? {
        guard case .notRunning(let discarded) = lifecycle else { throw .alreadyRunning }
        do {
            try manifest.validate(sceneDelegateFactories: sceneDelegateFactories.keys)
        } catch {
            throw .invalidManifest(error)
        }
        for diagnostic in manifest.diagnostics { emit(.diagnostic(diagnostic)) }
        let delegate = makeDelegate()
        lifecycle = .running(ApplicationRun(delegate: delegate, reason: reason))
        emit(.application(.willFinishLaunching, detail: reason.rawValue))
        _ = delegate.application(self, willFinishLaunchingWith: reason)
        guard isCurrentRun(delegate) else { return nil }
        emit(.application(.didFinishLaunching, detail: reason.rawValue))
        _ = delegate.application(self, didFinishLaunchingWith: reason)
        guard isCurrentRun(delegate) else { return nil }
        if !discarded.isEmpty {
            reportDiscarded(discarded)
            guard isCurrentRun(delegate) else { return nil }
        }
        let continued = try reconnectRestored(continuing: activity)
        if reason == .user && !connectedScenes.contains(where: { $0.activationState.isForeground }) {
            if let scene = mostRecentlyActiveScene {
                try bringToForeground(scene)
            } else {
                try connect(mostRecentArchivedSession ?? makeSession(), options: ConnectionOptions())
            }
        }
        return continued
    }

    /// Runs the app the way a host executable's main hands control to it: launches it and
    /// suspends until it terminates.
    ///
    /// ```swift
    /// @main struct Host {
    ///     static func main() async throws {
    ///         let app = Application(manifest: try AppManifest(contentsOf: plist),
    ///                               sceneDelegates: ["Default Configuration": { SceneDelegate() }],
    ///                               delegate: { AppDelegate() })
    ///         try await app.run()
    ///     }
    /// }
    /// ```
    /// The wait is a suspension, not a blocking loop, so the main actor keeps running the app's
    /// scenes, timers and intent calls. Whoever calls `terminate()` (a system event, a command,
    /// a test, the delegate during launch) ends it.
    public func run(_ reason: LaunchReason = .user) async throws(ApplicationError) {
        try launch(reason)
        // Terminated during launch: there is nothing to wait for.
        guard isRunning else { return }
        await withCheckedContinuation { waiter in updateRun { $0.terminationWaiters.append(waiter) } }
    }

    /// Terminates the app: on-screen scenes go to the background, every scene disconnects (its
    /// session is kept, archived), then applicationWillTerminate. Does nothing when not running.
    public func terminate() {
        guard let delegate else { return }
        for scene in connectedScenes {
            do {
                try sendToBackground(scene)
                // The scene's state in the background was reported; its disconnection is the
                // process ending, not the system archiving it, so the system keeps it as it was.
                isTerminating = true
                defer { isTerminating = false }
                try disconnect(scene)
            } catch {
                // Every connected scene is in a state from which background then disconnect is
                // legal, so this cannot happen; the scene is dropped either way.
                scene.session.scene = nil
                connectedScenes.removeAll { $0 === scene }
            }
        }
        emit(.application(.willTerminate, detail: nil))
        delegate.applicationWillTerminate(self)
        let waiters = run?.terminationWaiters ?? []
        lifecycle = .notRunning(discarded: [])
        handlerStore.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    // MARK: Activities

    /// Makes an activity the app's current one; the previous one stops being current.
    ///
    /// - Throws: `activityRefused` for an invalidated activity; `notRunning` while the app is not
    ///   running (the current activity belongs to a run and ends with it).
    public func becomeCurrent(_ activity: UserActivity) throws(ApplicationError) {
        guard activity.isValid else { throw .activity(.invalidated(activityType: activity.activityType)) }
        guard isRunning else { throw .notRunning("make an activity current") }
        updateRun { $0.currentUserActivity = activity }
    }

    /// Stops an activity being current, if it is.
    public func resignCurrent(_ activity: UserActivity) {
        updateRun { run in
            if run.currentUserActivity === activity { run.currentUserActivity = nil }
        }
    }
}
