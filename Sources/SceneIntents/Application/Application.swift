/// The app's runtime: launch and termination, scenes and sessions, and the system events that
/// move them, with UIKit's callback order.
///
/// An `Application` stands for the installed app across launches: `launch(_:)` starts a run with
/// a fresh delegate, `terminate()` ends it, and the sessions open at termination come back as
/// archived sessions (no scene) at the next launch, as they do across process restarts. Every
/// callback is also reported, in order, to the observers (`observe(_:)`), which is how tests and
/// the assistant's trace see whole sequences.
@MainActor
public final class Application {
    /// What the app declares.
    public let manifest: AppManifest
    /// The device the app runs on (its lock state).
    public let device: Device
    /// Where screens register their intent handlers.
    public let handlerStore = IntentHandlerStore()
    /// Whether the app is running.
    public private(set) var isRunning = false
    /// Why the current run was launched; nil while not running.
    public private(set) var launchReason: LaunchReason?
    /// The current run's delegate; nil while not running.
    public private(set) var delegate: (any ApplicationDelegate)?
    /// The connected scenes, in the order they connected.
    public private(set) var connectedScenes: [Scene] = []
    /// Every open session, connected or archived, in the order they were created.
    public private(set) var openSessions: [SceneSession] = []
    /// The activity that is current, if any.
    public private(set) var currentUserActivity: UserActivity?

    private let sceneDelegateTypes: [String: any SceneDelegate.Type]
    private let makeDelegate: @MainActor () -> any ApplicationDelegate
    private var observers: [(token: Int, observer: @MainActor (LifecycleEvent) -> Void)] = []
    private var nextObserver = 0
    private var nextSession = 0
    private var activations: UInt64 = 0
    private var sentHome: [String] = []
    private var interrupted: [String] = []
    private var discardedWhileNotRunning: [SceneSession] = []
    private var terminationWaiters: [CheckedContinuation<Void, Never>] = []

    /// An installed, not yet running app.
    ///
    /// - Parameters:
    ///   - sceneDelegates: the scene delegate types by the class name configurations use
    ///     (`UISceneDelegateClassName`).
    ///   - delegate: makes the app delegate, once per launch.
    public init(
        manifest: AppManifest, device: Device = Device(),
        sceneDelegates: [String: any SceneDelegate.Type] = [:],
        delegate: @escaping @MainActor () -> any ApplicationDelegate
    ) {
        self.manifest = manifest
        self.device = device
        self.sceneDelegateTypes = sceneDelegates
        self.makeDelegate = delegate
    }

    // MARK: Observing

    /// Calls `observer` with every callback the runtime makes, in order, until the returned
    /// token is passed to `removeObserver(_:)`.
    @discardableResult
    public func observe(_ observer: @escaping @MainActor (LifecycleEvent) -> Void) -> Int {
        nextObserver += 1
        observers.append((nextObserver, observer))
        return nextObserver
    }

    /// Stops an observer.
    public func removeObserver(_ token: Int) {
        observers.removeAll { $0.token == token }
    }

    func emit(_ event: LifecycleEvent) {
        for entry in observers { entry.observer(event) }
    }

    // MARK: State

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
    /// Order: willFinishLaunching → didFinishLaunching → didDiscardSceneSessions (sessions closed
    /// while not running) → for a user launch, configurationForConnecting → willConnectTo → root
    /// viewDidLoad → viewWillAppear → sceneWillEnterForeground → sceneDidBecomeActive →
    /// viewDidAppear. Refused with `invalidManifest` when the manifest cannot work. A delegate
    /// that terminates the app from a launch callback ends the launch there.
    public func launch(_ reason: LaunchReason) throws(ApplicationError) {
        guard !isRunning else { throw .alreadyRunning }
        do {
            try manifest.validate(registeredSceneDelegates: Set(sceneDelegateTypes.keys))
        } catch {
            throw .invalidManifest(error)
        }
        let delegate = makeDelegate()
        self.delegate = delegate
        isRunning = true
        launchReason = reason
        emit(.application(.willFinishLaunching, detail: reason.rawValue))
        _ = delegate.application(self, willFinishLaunchingWith: reason)
        // The delegate may terminate the app from a launch callback: the launch then goes no further.
        guard self.delegate === delegate else { return }
        emit(.application(.didFinishLaunching, detail: reason.rawValue))
        _ = delegate.application(self, didFinishLaunchingWith: reason)
        guard self.delegate === delegate else { return }
        if !discardedWhileNotRunning.isEmpty {
            let discarded = discardedWhileNotRunning
            discardedWhileNotRunning = []
            reportDiscarded(discarded)
        }
        if reason == .user {
            let session = mostRecentArchivedSession ?? makeSession()
            try connect(session, options: ConnectionOptions(), undeclared: nil)
        }
    }

    /// Runs the app the way a host executable's main hands control to it: launches it and
    /// suspends until it terminates.
    ///
    /// ```swift
    /// @main struct Host {
    ///     static func main() async throws {
    ///         let app = Application(manifest: try AppManifest(contentsOf: plist),
    ///                               sceneDelegates: ["SceneDelegate": SceneDelegate.self],
    ///                               delegate: { AppDelegate() })
    ///         try await app.run()
    ///     }
    /// }
    /// ```
    /// The wait is a suspension, not a blocking loop, so the main actor keeps running the app's
    /// scenes, timers and intent calls. Whoever calls `terminate()` (a system event, a command,
    /// a test) ends it.
    public func run(_ reason: LaunchReason = .user) async throws(ApplicationError) {
        try launch(reason)
        // Terminated during launch: there is nothing to wait for.
        guard isRunning else { return }
        await withCheckedContinuation { terminationWaiters.append($0) }
    }

    /// Terminates the app: on-screen scenes go to the background, every scene disconnects (its
    /// session is kept, archived), then applicationWillTerminate. Does nothing when not running.
    public func terminate() {
        guard isRunning, let delegate else { return }
        for scene in connectedScenes {
            do {
                try sendToBackground(scene)
                try disconnect(scene)
            } catch {
                // Every connected scene is in a state from which background then disconnect is
                // legal, so this cannot happen; the scene is dropped either way.
                connectedScenes.removeAll { $0 === scene }
            }
        }
        emit(.application(.willTerminate, detail: nil))
        delegate.applicationWillTerminate(self)
        self.delegate = nil
        isRunning = false
        launchReason = nil
        currentUserActivity = nil
        sentHome = []
        interrupted = []
        handlerStore.removeAll()
        let waiters = terminationWaiters
        terminationWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    // MARK: Scene requests

    /// Activates a session: nil makes a new session and scene; an archived session gets a new
    /// scene; a connected one comes to the foreground. A user activity is delivered in the
    /// connection options of a new scene, or continued (`willContinue…` → `continue`) in an
    /// existing one.
    ///
    /// Throws `multipleScenesNotSupported` for a second session of a single-scene app, and
    /// `requestDenied` when the app is not running or the session is not open.
    @discardableResult
    public func requestSceneSessionActivation(
        _ session: SceneSession?, userActivity: UserActivity? = nil
    ) throws(ApplicationError) -> Scene {
        guard isRunning else { throw .requestDenied("the app is not running") }
        guard let session else {
            if !supportsMultipleScenes && !openSessions.isEmpty { throw .multipleScenesNotSupported }
            return try connect(makeSession(), activity: userActivity)
        }
        guard openSessions.contains(where: { $0 === session }) else {
            throw .requestDenied("\(session.persistentIdentifier) is not an open session")
        }
        guard let scene = session.scene else { return try connect(session, activity: userActivity) }
        try bringToForeground(scene)
        if let userActivity { try continueActivity(userActivity, in: scene) }
        return scene
    }

    /// Destroys a session as the user closing its window does: the scene goes to the background
    /// if on screen, disconnects, and the session is discarded (`didDiscardSceneSessions`). While
    /// the app is not running the discard is reported at the next launch.
    public func requestSceneSessionDestruction(_ session: SceneSession) throws(ApplicationError) {
        guard openSessions.contains(where: { $0 === session }) else {
            throw .requestDenied("\(session.persistentIdentifier) is not an open session")
        }
        if let scene = session.scene {
            try sendToBackground(scene)
            try disconnect(scene)
        }
        openSessions.removeAll { $0 === session }
        if isRunning { reportDiscarded([session]) } else { discardedWhileNotRunning.append(session) }
    }

    // MARK: System events

    /// The user opens the app (taps its icon): launches it, or brings back the scenes sent home,
    /// or the most recent scene, or connects a scene when none is.
    public func userOpensApp() throws(ApplicationError) {
        guard isRunning else { return try launch(.user) }
        if connectedScenes.contains(where: { $0.activationState.isForeground }) { return }
        if !sentHome.isEmpty { return try returnToForeground() }
        if let scene = mostRecentlyActiveScene { return try bringToForeground(scene) }
        try connect(mostRecentArchivedSession ?? makeSession(), options: ConnectionOptions(), undeclared: nil)
    }

    /// The user opens another window of the app (a new session).
    @discardableResult
    public func userOpensNewWindow(userActivity: UserActivity? = nil) throws(ApplicationError) -> Scene {
        try requestSceneSessionActivation(nil, userActivity: userActivity)
    }

    /// The user closes a window (from the app switcher): the session is discarded.
    public func userCloses(_ session: SceneSession) throws(ApplicationError) {
        try requestSceneSessionDestruction(session)
    }

    /// The user goes home: every on-screen scene resigns and goes to the background.
    public func moveToBackground() throws(ApplicationError) {
        guard isRunning else { throw .notRunning("go to the background") }
        let onScreen = connectedScenes.filter { $0.activationState.isForeground }
        sentHome = onScreen.map(\.session.persistentIdentifier)
        for scene in onScreen { try sendToBackground(scene) }
    }

    /// The user comes back: the scenes sent home come to the foreground.
    public func returnToForeground() throws(ApplicationError) {
        guard isRunning else { throw .notRunning("come to the foreground") }
        let scenes = sentHome.compactMap(scene(withIdentifier:))
        sentHome = []
        for scene in scenes { try bringToForeground(scene) }
    }

    /// An interruption begins (an alert, the assistant's overlay): active scenes resign and stay
    /// foreground inactive.
    public func beginInterruption() throws(ApplicationError) {
        let active = connectedScenes.filter { $0.activationState == .foregroundActive }
        interrupted += active.map(\.session.persistentIdentifier)
        for scene in active { try perform(.resignActive, on: scene) }
    }

    /// The interruption ends: the scenes it interrupted become active again.
    public func endInterruption() throws(ApplicationError) {
        let scenes = interrupted.compactMap(scene(withIdentifier:))
        interrupted = []
        for scene in scenes where scene.lifecycleState == .foregroundInactive {
            try perform(.activate, on: scene)
        }
    }

    /// The system reclaims a background scene's memory: the scene disconnects and its session is
    /// kept, to be reconnected later with its `stateRestorationActivity`. A scene on screen
    /// cannot be reclaimed (an `invalidTransition` error).
    public func reclaimMemory(of session: SceneSession) throws(ApplicationError) {
        guard let scene = session.scene else {
            throw .requestDenied("\(session.persistentIdentifier) has no connected scene")
        }
        try disconnect(scene)
    }

    /// Brings the app forward to continue an activity, as the system does for `continueInApp`.
    ///
    /// The scene: the connected one whose activation conditions list the activity's target
    /// content identifier, else the most recently active connected one. A background scene comes
    /// to the foreground (sceneWillEnterForeground → sceneDidBecomeActive), then continues the
    /// activity (willContinueUserActivityWithType → continue). With no scene connected, the most
    /// recent archived session (or a new one) connects with the activity in its connection
    /// options. Launches the app first (in the background, no scene) if it is not running.
    @discardableResult
    public func openForUserActivity(_ activity: UserActivity) throws(ApplicationError) -> Scene {
        if !isRunning { try launch(.intent) }
        let target = activity.targetContentIdentifier
        if let target,
            let scene = scenesByRecentActivity.first(where: { $0.activationConditions.contains(target) })
        {
            return try requestSceneSessionActivation(scene.session, userActivity: activity)
        }
        if let scene = mostRecentlyActiveScene ?? connectedScenes.last {
            return try requestSceneSessionActivation(scene.session, userActivity: activity)
        }
        return try requestSceneSessionActivation(mostRecentArchivedSession, userActivity: activity)
    }

    // MARK: Activities

    /// Makes an activity the app's current one; the previous one stops being current.
    public func becomeCurrent(_ activity: UserActivity) throws(ApplicationError) {
        guard activity.isValid else { throw .activity(.invalidated(activityType: activity.activityType)) }
        currentUserActivity = activity
    }

    /// Stops an activity being current, if it is.
    public func resignCurrent(_ activity: UserActivity) {
        if currentUserActivity === activity { currentUserActivity = nil }
    }

    // MARK: Internals

    private var mostRecentArchivedSession: SceneSession? {
        let archived = openSessions.filter { $0.scene == nil }
        return archived.max { $0.lastActivation < $1.lastActivation }
    }

    private func makeSession() -> SceneSession {
        nextSession += 1
        let session = SceneSession(
            persistentIdentifier: "session-\(nextSession)", role: .windowApplication,
            configuration: SceneConfiguration(name: "", role: .windowApplication))
        openSessions.append(session)
        return session
    }

    @discardableResult
    private func connect(_ session: SceneSession, activity: UserActivity?) throws(ApplicationError) -> Scene {
        guard let activity else { return try connect(session, options: ConnectionOptions(), undeclared: nil) }
        if activityRefusal(activity) == nil {
            return try connect(session, options: ConnectionOptions(userActivities: [activity]), undeclared: nil)
        }
        return try connect(session, options: ConnectionOptions(), undeclared: activity)
    }

    @discardableResult
    private func connect(
        _ session: SceneSession, options: ConnectionOptions, undeclared: UserActivity?
    ) throws(ApplicationError) -> Scene {
        guard let delegate else { throw .notRunning("connect a scene") }
        emit(.application(.configurationForConnecting, detail: session.persistentIdentifier))
        var configuration = delegate.application(self, configurationForConnecting: session, options: options)
        if configuration.delegateClassName == nil {
            configuration.delegateClassName =
                manifest.configurations(for: configuration.role)
                .first { $0.name == configuration.name }?.delegateClassName
        }
        guard let className = configuration.delegateClassName, let type = sceneDelegateTypes[className]
        else {
            throw .unknownSceneDelegate(configuration: configuration.name, className: configuration.delegateClassName)
        }
        session.configuration = configuration
        let scene = Scene(session: session, delegate: type.init(), application: self)
        session.scene = scene
        connectedScenes.append(scene)
        try perform(.connect, on: scene, options: options)
        try bringToForeground(scene)
        if let undeclared { try continueActivity(undeclared, in: scene) }
        return scene
    }

    /// Brings a scene on screen. Only its first appearance (a scene just connected) brackets
    /// the scene callbacks with its root's viewWillAppear … viewDidAppear: coming back from the
    /// background sends no view callbacks (REFERENCE §2).
    private func bringToForeground(_ scene: Scene) throws(ApplicationError) {
        switch scene.lifecycleState {
        case .foregroundActive: return
        case .foregroundInactive: return try perform(.activate, on: scene)
        case .connected:
            let visible = scene.visibleViewController
            visible?.beginAppearance()
            try perform(.enterForeground, on: scene)
            try perform(.activate, on: scene)
            visible?.endAppearance()
        default:
            try perform(.enterForeground, on: scene)
            try perform(.activate, on: scene)
        }
    }

    /// Sends an on-screen scene to the background: no view callbacks, its screens stay loaded
    /// and their handlers registered.
    private func sendToBackground(_ scene: Scene) throws(ApplicationError) {
        guard scene.activationState.isForeground else { return }
        if scene.lifecycleState == .foregroundActive { try perform(.resignActive, on: scene) }
        try perform(.enterBackground, on: scene)
    }

    private func disconnect(_ scene: Scene) throws(ApplicationError) {
        try perform(.disconnect, on: scene)
        scene.rootViewController = nil
        scene.session.scene = nil
        connectedScenes.removeAll { $0 === scene }
        // A disconnected scene can no longer be brought back by `returnToForeground()`.
        sentHome.removeAll { $0 == scene.session.persistentIdentifier }
        handlerStore.sceneDisconnected(scene.session.persistentIdentifier)
    }

    /// Continues an activity in a scene: `willContinue…` → `continue`, or `didFailToContinue…`
    /// when the manifest does not list its type, it was invalidated or lacks a required key.
    func continueActivity(_ activity: UserActivity, in scene: Scene) throws(ApplicationError) {
        if let refusal = activityRefusal(activity) {
            try perform(.failToContinueUserActivity, on: scene, activity: activity, failure: refusal)
        } else {
            try perform(.continueUserActivity, on: scene, activity: activity)
        }
    }

    private func activityRefusal(_ activity: UserActivity) -> UserActivityError? {
        guard manifest.supportsActivityType(activity.activityType) else {
            return .typeNotDeclared(activityType: activity.activityType)
        }
        do { try activity.validateForContinuation() } catch { return error }
        return nil
    }

    private func perform(
        _ event: SceneEvent, on scene: Scene, options: ConnectionOptions = ConnectionOptions(),
        activity: UserActivity? = nil, failure: UserActivityError? = nil
    ) throws(ApplicationError) {
        let callbacks: [SceneCallback]
        do { callbacks = try scene.machine.apply(event) } catch { throw .invalidTransition(error) }
        let delegate = scene.delegate
        let id = scene.session.persistentIdentifier
        for callback in callbacks {
            emit(.scene(id, callback))
            switch callback {
            case .willConnectTo: delegate.scene(scene, willConnectTo: scene.session, options: options)
            case .sceneDidDisconnect: delegate.sceneDidDisconnect(scene)
            case .sceneWillEnterForeground: delegate.sceneWillEnterForeground(scene)
            case .sceneDidBecomeActive:
                activations += 1
                scene.session.lastActivation = activations
                handlerStore.sceneActivated(id)
                delegate.sceneDidBecomeActive(scene)
            case .sceneWillResignActive: delegate.sceneWillResignActive(scene)
            case .sceneDidEnterBackground: delegate.sceneDidEnterBackground(scene)
            case .stateRestorationActivity:
                scene.session.stateRestorationActivity = delegate.stateRestorationActivity(for: scene)
            case .willContinueUserActivityWithType:
                delegate.scene(scene, willContinueUserActivityWithType: activity?.activityType ?? "")
            case .continueUserActivity:
                if let activity { delegate.scene(scene, continue: activity) }
            case .didFailToContinueUserActivityWithType:
                delegate.scene(
                    scene, didFailToContinueUserActivityWithType: activity?.activityType ?? "",
                    error: failure ?? UserActivityError.typeNotDeclared(activityType: ""))
            }
        }
    }

    private func reportDiscarded(_ sessions: [SceneSession]) {
        emit(
            .application(
                .didDiscardSceneSessions,
                detail: sessions.map(\.persistentIdentifier).joined(separator: ",")))
        delegate?.application(self, didDiscardSceneSessions: sessions)
    }
}
