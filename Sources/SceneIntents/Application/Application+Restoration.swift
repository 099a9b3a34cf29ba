/// State restoration across the app's process deaths: the sessions the system kept are given back
/// before a launch, the scenes that were connected reconnect with their restoration activity, and
/// every change to a session is reported to the system as it happens.
extension Application {
    /// Gives the app the sessions the system kept for it, before it launches (a new process).
    ///
    /// `openSessions` becomes the restored sessions (no scene yet), each with its identifier,
    /// role, configuration, `userInfo` and `stateRestorationActivity`. At the next launch, after
    /// didFinishLaunching and didDiscardSceneSessions (for `restoration.discarded`), the sessions
    /// that had a scene reconnect, the least recently active first, without
    /// `configurationForConnecting` (a restored session keeps its configuration): those that were
    /// on screen come back on screen (willConnectTo → sceneWillEnterForeground →
    /// sceneDidBecomeActive), those in the background connect into the background (a session
    /// whose configuration no scene delegate factory makes stays archived). A launch to
    /// continue an activity (`openForUserActivity(_:)`) puts the activity in the connection
    /// options of the most recently active of them, so its scene restores, then continues.
    ///
    /// - Throws: `alreadyRunning` while the app runs (a running process keeps its own sessions).
    public func restoreSessions(_ restoration: SessionRestoration) throws(ApplicationError) {
        guard !isRunning else { throw .alreadyRunning }
        openSessions = restoration.sessions.map(restoredSession)
        lifecycle = .notRunning(discarded: restoration.discarded.map(restoredSession))
        pendingReconnection =
            restoration.sessions.filter(\.wasConnected)
            .sorted { $0.lastActivation < $1.lastActivation }
            .map { ($0.persistentIdentifier, $0.activationState.isForeground) }
        activations = max(activations, restoration.sessions.map(\.lastActivation).max() ?? 0)
        // New sessions count on from the restored and discarded ones: an identifier names one
        // session only, even once it is gone.
        let numbers = (restoration.sessions + restoration.discarded).compactMap { record in
            record.persistentIdentifier.hasPrefix("session-") ? Int(record.persistentIdentifier.dropFirst("session-".count)) : nil
        }
        sessionsMade = max(sessionsMade, numbers.max() ?? 0)
    }

    /// The record the system keeps of `session`, as it is now.
    public func record(of session: SceneSession) -> SessionRecord {
        SessionRecord(
            persistentIdentifier: session.persistentIdentifier, role: session.role,
            configuration: session.configuration, userInfo: session.userInfo,
            stateRestorationActivity: session.stateRestorationActivity,
            activationState: session.scene?.activationState ?? .unattached,
            lastActivation: session.lastActivation)
    }

    /// Reports a session's record to the system (`onSessionChange`). A scene disconnecting
    /// because the app terminates is not reported: the session keeps the state it had, so the
    /// next launch reconnects it. A record the system already has (a restored scene coming back
    /// as it was) is not reported again: 100 reconnecting scenes would otherwise cost 100
    /// messages and 100 writes that change nothing.
    func reportSaved(_ session: SceneSession) {
        guard !isTerminating, let report = onSessionChange else { return }
        if let reported = session.reported, Self.session(session, matches: reported) { return }
        let now = record(of: session)
        session.reported = now
        report(.saved(now))
    }

    /// Whether `record(of: session)` would equal `reported`, without making the record: what
    /// changes most (the state, the activation) is compared first, an activity that is the
    /// one reported is not compared again, and a restored scene coming back as it was (100 of
    /// them at a relaunch) costs no record and no copy.
    private static func session(_ session: SceneSession, matches reported: SessionRecord) -> Bool {
        guard reported.activationState == (session.scene?.activationState ?? .unattached),
            reported.lastActivation == session.lastActivation,
            reported.persistentIdentifier == session.persistentIdentifier, reported.role == session.role,
            reported.configuration == session.configuration, reported.userInfo == session.userInfo
        else { return false }
        switch (reported.stateRestorationActivity, session.stateRestorationActivity) {
        case (nil, nil): return true
        case (let old?, let new?): return old == new
        default: return false
        }
    }

    /// A session as the system kept it, owned by this app.
    private func restoredSession(_ record: SessionRecord) -> SceneSession {
        let session = SceneSession(
            persistentIdentifier: record.persistentIdentifier, role: record.role,
            configuration: record.configuration)
        session.userInfo = record.userInfo
        session.stateRestorationActivity = record.stateRestorationActivity.map { UserActivity(content: $0.content) }
        session.lastActivation = record.lastActivation
        session.reported = record
        session.owner = self
        return session
    }

    /// Reconnects the restored sessions that had a scene; returns the scene that was given
    /// `activity` to continue (nil when none reconnected on screen) and why it could not.
    func reconnectRestored(continuing activity: UserActivity?) throws(ApplicationError)
        -> (scene: Scene, refusal: UserActivityError?)?
    {
        let pending = pendingReconnection
        pendingReconnection = []
        let continuing = pending.last { $0.foreground }?.identifier
        var continued: (scene: Scene, refusal: UserActivityError?)?
        // Looked up by identifier once, not searched for each of them (100 sessions, 100 searches).
        var sessions: [String: SceneSession] = [:]
        sessions.reserveCapacity(openSessions.count)
        for session in openSessions { sessions[session.persistentIdentifier] = session }
        for (identifier, foreground) in pending {
            // A session whose configuration this build no longer has (renamed in an update)
            // stays archived rather than failing the launch.
            guard let session = sessions[identifier],
                sceneDelegateFactories[session.configuration.name] != nil
            else { continue }
            if foreground {
                let given = identifier == continuing ? activity : nil
                let result = try connect(session, activity: given, configure: false)
                if given != nil { continued = result }
            } else {
                let scene = try attach(session, options: ConnectionOptions(), configure: false)
                try perform(.enterBackground, on: scene)
            }
        }
        return continued
    }
}
