/// Sessions and scenes: the system's scene requests, and the transitions that connect a scene,
/// bring it on screen, send it to the background and disconnect it.
extension Application {
    // MARK: Scene requests

    /// Activates a session: nil makes a new session and scene; an archived session gets a new
    /// scene; a connected one comes to the foreground. A user activity is delivered in the
    /// connection options of a new scene, or continued (`willContinue…` → `continue`) in an
    /// existing one; a scene that cannot continue it hears `didFailToContinue…` (use
    /// `continueUserActivity(_:)` to learn that as an error).
    ///
    /// Throws `multipleScenesNotSupported` for a second session of a single-scene app, and
    /// `requestDenied` when the app is not running or the session is not open.
    @discardableResult
    public func requestSceneSessionActivation(
        _ session: SceneSession?, userActivity: UserActivity? = nil
    ) throws(ApplicationError) -> Scene {
        try activate(session, userActivity: userActivity).scene
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
        switch lifecycle {
        case .running: reportDiscarded([session])
        case .notRunning(let discarded): lifecycle = .notRunning(discarded: discarded + [session])
        }
    }

    /// Activates a session (see `requestSceneSessionActivation`) and says why the activity, if
    /// any, could not be continued.
    func activate(
        _ session: SceneSession?, userActivity: UserActivity?
    ) throws(ApplicationError) -> (scene: Scene, refusal: UserActivityError?) {
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
        guard let userActivity else { return (scene, nil) }
        return (scene, try continueActivity(userActivity, in: scene))
    }

    // MARK: Sessions

    var mostRecentArchivedSession: SceneSession? {
        let archived = openSessions.filter { $0.scene == nil }
        return archived.max { $0.lastActivation < $1.lastActivation }
    }

    func makeSession() -> SceneSession {
        sessionsMade += 1
        // Restored sessions keep their identifiers: a new one must not take one of theirs.
        while openSessions.contains(where: { $0.persistentIdentifier == "session-\(sessionsMade)" }) { sessionsMade += 1 }
        let session = SceneSession(
            persistentIdentifier: "session-\(sessionsMade)", role: .windowApplication,
            configuration: SceneConfiguration(name: "", role: .windowApplication))
        session.owner = self
        openSessions.append(session)
        reportSaved(session)
        return session
    }

    // MARK: Transitions

    /// Connects a scene for `session`: an activity the app can continue goes in the connection
    /// options; one it cannot is failed in the scene once it is on screen. `configure`: whether
    /// the delegate is asked `configurationForConnecting` (not for a restored session).
    func connect(
        _ session: SceneSession, activity: UserActivity?, configure: Bool = true
    ) throws(ApplicationError) -> (scene: Scene, refusal: UserActivityError?) {
        guard let activity, activityRefusal(activity) != nil else {
            let options = ConnectionOptions(userActivities: activity.map { [$0] } ?? [])
            return (try connect(session, options: options, configure: configure), nil)
        }
        let scene = try connect(session, options: ConnectionOptions(), configure: configure)
        return (scene, try continueActivity(activity, in: scene))
    }

    /// Connects a scene for `session` and brings it on screen: configurationForConnecting →
    /// willConnectTo → (first appearance) → sceneWillEnterForeground → sceneDidBecomeActive.
    @discardableResult
    func connect(
        _ session: SceneSession, options: ConnectionOptions, configure: Bool = true
    ) throws(ApplicationError) -> Scene {
        let scene = try attach(session, options: options, configure: configure)
        try bringToForeground(scene)
        return scene
    }

    /// Makes a scene for `session` and connects it (willConnectTo), leaving it off screen;
    /// `configure`: asks the delegate `configurationForConnecting` first, else the session's
    /// configuration stands.
    func attach(_ session: SceneSession, options: ConnectionOptions, configure: Bool) throws(ApplicationError) -> Scene {
        guard let delegate else { throw .notRunning("connect a scene") }
        var configuration = session.configuration
        if configure {
            emit(.application(.configurationForConnecting, detail: session.persistentIdentifier))
            configuration = delegate.application(self, configurationForConnecting: session, options: options)
        }
        // The class name is informational (the factory makes the delegate); filled in so the
        // session says what the manifest declared.
        if configuration.delegateClassName == nil {
            configuration.delegateClassName =
                manifest.configurations(for: configuration.role)
                .first { $0.name == configuration.name }?.delegateClassName
        }
        guard let factory = sceneDelegateFactories[configuration.name] else {
            throw .noSceneDelegateFactory(
                .missingSceneDelegateFactory(
                    configuration: configuration.name, role: configuration.role, factories: sceneDelegateFactories.keys))
        }
        session.configuration = configuration
        let scene = Scene(session: session, delegate: factory(), application: self)
        session.scene = scene
        connectedScenes.append(scene)
        try perform(.connect, on: scene, options: options)
        return scene
    }

    /// Brings a scene on screen. Only its screen's first appearance (a scene just connected,
    /// or one that connected into the background and was never on screen: restored there, or
    /// reconnected after the system stopped the app) brackets the scene callbacks with the
    /// visible controller's viewWillAppear … viewDidAppear, as a window shown for the first
    /// time does in UIKit; coming back from the background sends no view callbacks (REFERENCE §2).
    func bringToForeground(_ scene: Scene) throws(ApplicationError) {
        switch scene.lifecycleState {
        case .foregroundActive: return
        case .foregroundInactive: return try perform(.activate, on: scene)
        default:
            let visible = scene.visibleViewController
            let appears = visible.map { !$0.isVisible } ?? false
            if appears { visible?.beginAppearance() }
            try perform(.enterForeground, on: scene)
            try perform(.activate, on: scene)
            if appears { visible?.endAppearance() }
        }
    }

    /// Sends an on-screen scene to the background: no view callbacks, its screens stay loaded
    /// and their handlers registered.
    func sendToBackground(_ scene: Scene) throws(ApplicationError) {
        guard scene.activationState.isForeground else { return }
        if scene.lifecycleState == .foregroundActive { try perform(.resignActive, on: scene) }
        try perform(.enterBackground, on: scene)
    }

    func disconnect(_ scene: Scene) throws(ApplicationError) {
        try perform(.disconnect, on: scene)
        scene.rootViewController = nil
        scene.session.scene = nil
        connectedScenes.removeAll { $0 === scene }
        // A disconnected scene can no longer be brought back by `returnToForeground()`.
        let identifier = scene.session.persistentIdentifier
        updateRun { $0.sentHome.removeAll { $0 == identifier } }
        handlerStore.sceneDisconnected(identifier)
    }
}
