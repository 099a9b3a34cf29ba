/// What the user and the system do to the app: open it, open or close a window, go home and come
/// back, interrupt it, reclaim a scene's memory, bring it forward to continue an activity.
extension Application {
    // MARK: The user

    /// The user opens the app (taps its icon): launches it, or brings back the scenes sent home,
    /// or the most recent scene, or connects a scene when none is.
    public func userOpensApp() throws(ApplicationError) {
        guard let run else { return try launch(.user) }
        if connectedScenes.contains(where: { $0.activationState.isForeground }) { return }
        if !run.sentHome.isEmpty { return try returnToForeground() }
        if let scene = mostRecentlyActiveScene { return try bringToForeground(scene) }
        try connect(mostRecentArchivedSession ?? makeSession(), options: ConnectionOptions())
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

    /// The user goes home: every on-screen scene resigns and goes to the background. No view
    /// callbacks: the screens stay alive and their handlers registered.
    public func moveToBackground() throws(ApplicationError) {
        guard isRunning else { throw .notRunning("go to the background") }
        let onScreen = connectedScenes.filter { $0.activationState.isForeground }
        updateRun { $0.sentHome = onScreen.map(\.session.persistentIdentifier) }
        for scene in onScreen { try sendToBackground(scene) }
    }

    /// The user comes back: the scenes sent home come to the foreground
    /// (sceneWillEnterForeground → sceneDidBecomeActive, no view callbacks).
    public func returnToForeground() throws(ApplicationError) {
        guard let run else { throw .notRunning("come to the foreground") }
        let scenes = run.sentHome.compactMap(scene(withIdentifier:))
        updateRun { $0.sentHome = [] }
        for scene in scenes { try bringToForeground(scene) }
    }

    // MARK: The system

    /// An interruption begins (an alert, the assistant's overlay): active scenes resign and stay
    /// foreground inactive. Does nothing while not running.
    public func beginInterruption() throws(ApplicationError) {
        let active = connectedScenes.filter { $0.activationState == .foregroundActive }
        updateRun { $0.interrupted += active.map(\.session.persistentIdentifier) }
        for scene in active { try perform(.resignActive, on: scene) }
    }

    /// The interruption ends: the scenes it interrupted become active again (a scene sent to
    /// the background meanwhile stays there).
    public func endInterruption() throws(ApplicationError) {
        let scenes = (run?.interrupted ?? []).compactMap(scene(withIdentifier:))
        updateRun { $0.interrupted = [] }
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

    // MARK: Continuing an activity

    /// Brings the app forward to continue an activity, as the system does for `continueInApp`,
    /// and returns the scene that continued it.
    ///
    /// The scene: the connected one whose activation conditions list the activity's target
    /// content identifier, else the most recently active connected one. A background scene comes
    /// to the foreground (sceneWillEnterForeground → sceneDidBecomeActive), then continues the
    /// activity (willContinueUserActivityWithType → continue). With no scene connected, the most
    /// recent archived session (or a new one) connects with the activity in its connection
    /// options. Launches the app first (in the background, no scene) if it is not running.
    ///
    /// - Throws: `activityNotContinued` (naming the session, with the reason as its cause) when
    ///   the scene could not continue the activity: its type is not in `NSUserActivityTypes`, it
    ///   was invalidated, or a required `userInfo` key is missing. The scene still came forward
    ///   and heard `didFailToContinueUserActivityWithType`, as in UIKit.
    @discardableResult
    public func openForUserActivity(_ activity: UserActivity) throws(ApplicationError) -> Scene {
        try bringForward(toContinue: activity).scene
    }

    /// Brings the app forward to continue an activity (exactly as `openForUserActivity(_:)`)
    /// and returns what came of it: the session that continued it and the line its scene
    /// delegate gave to speak (`Scene.answerContinuation(_:)`), so a hands-free user hears the
    /// result.
    ///
    /// - Throws: as `openForUserActivity(_:)`.
    public func continueUserActivity(_ activity: UserActivity) throws(ApplicationError) -> Continuation {
        let (scene, reply) = try bringForward(toContinue: activity)
        return Continuation(sessionIdentifier: scene.session.persistentIdentifier, reply: reply)
    }

    private func bringForward(toContinue activity: UserActivity) throws(ApplicationError) -> (scene: Scene, reply: String?) {
        var continued: (scene: Scene, refusal: UserActivityError?)?
        if !isRunning { continued = try launch(.intent, continuing: activity) }
        if continued == nil { continued = try activate(sessionToContinue(activity), userActivity: activity) }
        guard let (scene, refusal) = continued else { throw .requestDenied("the app is not running") }
        let reply = scene.continuationReply
        scene.continuationReply = nil
        if let refusal {
            throw .activityNotContinued(session: scene.session.persistentIdentifier, reason: refusal)
        }
        return (scene, reply)
    }

    /// The session to continue an activity in: the connected scene whose activation conditions
    /// list its target content identifier, else the most recently active connected scene, else
    /// the most recent archived session (nil: a new one).
    private func sessionToContinue(_ activity: UserActivity) -> SceneSession? {
        if let target = activity.targetContentIdentifier,
            let scene = scenesByRecentActivity.first(where: { $0.activationConditions.contains(target) })
        {
            return scene.session
        }
        return (mostRecentlyActiveScene ?? connectedScenes.last)?.session ?? mostRecentArchivedSession
    }
}
