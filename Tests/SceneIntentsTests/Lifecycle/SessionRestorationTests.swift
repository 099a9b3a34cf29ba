import SceneIntents
import SceneIntentsTesting
import Testing

/// What a system keeps of an app's sessions (the testing kit's `KeptSessionRecords`), and every
/// change the app reported, as said.
@MainActor
final class KeptSessions {
    private(set) var changes: [String] = []
    private let kept = KeptSessionRecords()
    var records: [SessionRecord] { kept.records }

    func keep(_ app: Application) {
        app.onSessionChange = { [self] change in
            changes.append(change.description)
            kept.keep(change)
        }
    }

    func take() -> [String] {
        defer { changes.removeAll() }
        return changes
    }
}

@Suite("State restoration across process deaths")
@MainActor
struct SessionRestorationTests {
    /// An app whose session-1 went home once (so it saved a restoration activity) and came back
    /// on screen, and whose session-2 was reclaimed (archived); then its process dies.
    private func killedWithOneOnScreenAndOneArchived() throws -> KeptSessions {
        let kept = KeptSessions()
        let first = TestApp()
        kept.keep(first.app)
        let scene = try first.launched()
        scene.session.userInfo = ["recipe": "Banana Pancakes"]
        let second = try first.app.userOpensNewWindow()
        try first.app.moveToBackground()
        try first.app.reclaimMemory(of: second.session)
        try first.app.requestSceneSessionActivation(scene.session)
        _ = first.take()
        return kept
    }

    @Test func everyChangeToASessionIsReportedAsItHappens() throws {
        let kept = KeptSessions()
        let test = TestApp()
        kept.keep(test.app)
        let scene = try test.launched()
        #expect(
            kept.take() == [
                "saved session-1 unattached", "saved session-1 foregroundInactive", "saved session-1 foregroundActive",
            ])
        scene.session.userInfo = ["step": 1]
        try test.app.moveToBackground()
        try test.app.reclaimMemory(of: scene.session)
        #expect(
            kept.take() == [
                "saved session-1 foregroundActive", "saved session-1 foregroundInactive",
                "saved session-1 background restoring com.example.restore",
                "saved session-1 unattached restoring com.example.restore",
            ])
        try test.app.userCloses(scene.session)
        #expect(kept.take() == ["discarded session-1"])
        #expect(kept.records.isEmpty)
        #expect(test.take().suffix(2) == ["session-1 sceneDidDisconnect", "app didDiscardSceneSessions session-1"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aRelaunchedProcessFindsItsSessionsAndReconnectsTheOneOnScreen() throws {
        let kept = try killedWithOneOnScreenAndOneArchived()
        let relaunched = TestApp()
        try relaunched.app.restoreSessions(SessionRestoration(sessions: kept.records))
        #expect(relaunched.app.openSessions.map(\.persistentIdentifier) == ["session-1", "session-2"])

        try relaunched.app.launch(.intent)
        #expect(
            relaunched.take() == [
                "app willFinishLaunching intent", "app didFinishLaunching intent",
                "session-1 willConnectTo", "RootScreen viewDidLoad", "RootScreen viewWillAppear",
                "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "RootScreen viewDidAppear",
            ])
        let session = relaunched.app.openSessions[0]
        let scene = try #require(session.scene)
        #expect(scene.recording?.restorationActivityAtConnect?.userInfo["session"] == "session-1")
        #expect(scene.recording?.restorationActivityAtConnect?.userInfo["save"] == 1)
        #expect(session.userInfo == ["recipe": "Banana Pancakes"])
        #expect(session.configuration.delegateClassName == "RecordingSceneDelegate")
        #expect(relaunched.app.openSessions[1].scene == nil)
        #expect(relaunched.app.openSessions[1].stateRestorationActivity?.userInfo["session"] == "session-2")
        #expect(try relaunched.app.userOpensNewWindow().session.persistentIdentifier == "session-3")
        _ = relaunched.take()
        #expect(leftInFlight(recorder: relaunched.recorder) == [])
    }

    @Test func aLaunchToContinueAnActivityRestoresTheSceneThenContinues() throws {
        let kept = try killedWithOneOnScreenAndOneArchived()
        let relaunched = TestApp()
        try relaunched.app.restoreSessions(SessionRestoration(sessions: kept.records))
        let activity = UserActivity(activityType: TestApp.recipeType)

        let scene = try relaunched.app.openForUserActivity(activity)
        #expect(scene.session.persistentIdentifier == "session-1")
        #expect(scene.recording?.restorationActivityAtConnect?.userInfo["session"] == "session-1")
        #expect(scene.recording?.connectionActivities == [activity])
        #expect(relaunched.take().prefix(3) == [
            "app willFinishLaunching intent", "app didFinishLaunching intent", "session-1 willConnectTo",
        ])
        #expect(leftInFlight(recorder: relaunched.recorder) == [])
    }

    @Test func sessionsClosedWhileNotRunningAreDiscardedShortlyAfterLaunch() throws {
        let kept = try killedWithOneOnScreenAndOneArchived()
        let relaunched = TestApp()
        let reports = KeptSessions()
        reports.keep(relaunched.app)
        try relaunched.app.restoreSessions(
            SessionRestoration(sessions: [kept.records[0]], discarded: [kept.records[1]]))
        try relaunched.app.launch(.user)
        #expect(
            relaunched.take() == [
                "app willFinishLaunching user", "app didFinishLaunching user", "app didDiscardSceneSessions session-2",
                "session-1 willConnectTo", "RootScreen viewDidLoad", "RootScreen viewWillAppear",
                "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "RootScreen viewDidAppear",
            ])
        #expect(relaunched.delegate?.discardedSessions == ["session-2"])
        #expect(reports.take() == [
            "discarded session-2", "saved session-1 foregroundInactive restoring com.example.restore",
            "saved session-1 foregroundActive restoring com.example.restore",
        ])
        #expect(leftInFlight(recorder: relaunched.recorder) == [])
    }

    /// An app launched with one scene on screen, then terminated by the system (its scene
    /// reported in the background), and the app that relaunches with what was kept.
    private func terminatedAndRelaunched() throws -> (kept: KeptSessions, relaunched: TestApp) {
        let kept = KeptSessions()
        let first = TestApp()
        kept.keep(first.app)
        try first.launched()
        first.app.terminate()
        _ = first.take()
        #expect(kept.take().last == "saved session-1 background restoring com.example.restore")
        let relaunched = TestApp()
        try relaunched.app.restoreSessions(SessionRestoration(sessions: kept.records))
        return (kept, relaunched)
    }

    @Test func aTerminatedAppKeepsItsScenesInTheBackgroundAndAUserLaunchBringsThemBack() throws {
        let (_, relaunched) = try terminatedAndRelaunched()
        try relaunched.app.launch(.user)
        #expect(
            relaunched.take() == [
                "app willFinishLaunching user", "app didFinishLaunching user",
                "session-1 willConnectTo", "session-1 sceneDidEnterBackground", "session-1 stateRestorationActivity",
                // Never on screen in this process: its screen appears as the scene comes forward,
                // so the screen's viewDidAppear registers its handler.
                "RootScreen viewDidLoad", "RootScreen viewWillAppear",
                "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "RootScreen viewDidAppear",
            ])
        #expect(relaunched.app.applicationState == .active)
        #expect(throws: ApplicationError.alreadyRunning) {
            try relaunched.app.restoreSessions(SessionRestoration())
        }
        #expect(leftInFlight(recorder: relaunched.recorder) == [])
    }

    @Test func aSceneThatComesBackAsItWasIsNotReportedAgainAndAChangeIsReportedOnce() throws {
        let (kept, relaunched) = try terminatedAndRelaunched()
        kept.keep(relaunched.app)
        try relaunched.app.launch(.intent)
        #expect(
            relaunched.take() == [
                "app willFinishLaunching intent", "app didFinishLaunching intent",
                "session-1 willConnectTo", "session-1 sceneDidEnterBackground", "session-1 stateRestorationActivity",
            ])
        // The scene reconnected into the background with the activity it saved before: the
        // system already has that record.
        #expect(kept.take() == [])
        try relaunched.app.requestSceneSessionActivation(relaunched.app.openSessions[0])
        #expect(kept.take() == ["saved session-1 foregroundInactive restoring com.example.restore", "saved session-1 foregroundActive restoring com.example.restore"])
        relaunched.app.openSessions[0].userInfo = ["step": 2]
        relaunched.app.openSessions[0].userInfo = ["step": 2]
        #expect(kept.take() == ["saved session-1 foregroundActive restoring com.example.restore"])
        _ = relaunched.take()
        #expect(leftInFlight(recorder: relaunched.recorder) == [])
    }

    @Test func aSessionOfAConfigurationTheAppNoLongerHasStaysArchivedAndTheAppLaunches() throws {
        let gone = SessionRecord(
            persistentIdentifier: "session-7", configuration: SceneConfiguration(name: "Renamed"),
            activationState: .foregroundActive, lastActivation: 3)
        let relaunched = TestApp()
        try relaunched.app.restoreSessions(SessionRestoration(sessions: [gone]))
        try relaunched.app.launch(.intent)
        #expect(relaunched.take() == ["app willFinishLaunching intent", "app didFinishLaunching intent"])
        #expect(relaunched.app.openSessions.map(\.persistentIdentifier) == ["session-7"])
        #expect(relaunched.app.connectedScenes.isEmpty)
        #expect(leftInFlight(recorder: relaunched.recorder) == [])
    }

    @Test func aSceneDisconnectedBeforeItCameOnScreenIsAskedForItsRestorationActivity() throws {
        var machine = SceneStateMachine(scene: "session-1")
        _ = try machine.apply(.connect)
        #expect(try machine.apply(.disconnect) == [.stateRestorationActivity, .sceneDidDisconnect])
    }
}
