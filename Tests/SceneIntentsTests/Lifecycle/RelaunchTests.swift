import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Termination and relaunch")
@MainActor
struct RelaunchTests {
    /// Three sessions, only session-2 on screen and the most recently active.
    private func threeSessionsWithTheSecondMostRecent() throws -> TestApp {
        let test = TestApp()
        try test.launched()
        try test.app.requestSceneSessionActivation(nil)
        try test.app.requestSceneSessionActivation(nil)
        try test.app.moveToBackground()
        try test.app.requestSceneSessionActivation(test.app.openSessions[1])
        _ = test.take()
        return test
    }

    @Test func terminationBackgroundsAndDisconnectsEverySceneAndArchivesTheSessions() throws {
        let test = try threeSessionsWithTheSecondMostRecent()
        let sessions = test.app.openSessions
        let activity = UserActivity(activityType: TestApp.recipeType)
        try test.app.becomeCurrent(activity)

        test.app.terminate()
        #expect(
            test.take() == [
                "session-1 sceneDidDisconnect",
                "session-2 sceneWillResignActive",
                "session-2 sceneDidEnterBackground",
                "session-2 stateRestorationActivity",
                "session-2 sceneDidDisconnect",
                "session-3 sceneDidDisconnect",
                "app willTerminate",
            ])
        #expect(!test.app.isRunning)
        #expect(test.app.delegate == nil)
        #expect(test.app.launchReason == nil)
        #expect(test.app.currentUserActivity == nil)
        #expect(test.app.connectedScenes.isEmpty)
        #expect(test.app.applicationState == .background)
        #expect(test.app.openSessions.map(\.persistentIdentifier) == ["session-1", "session-2", "session-3"])
        #expect(zip(test.app.openSessions, sessions).allSatisfy { $0 === $1 })
        #expect(test.app.openSessions.allSatisfy { $0.scene == nil })
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aUserRelaunchReconnectsTheMostRecentSessionOnly() throws {
        let test = try threeSessionsWithTheSecondMostRecent()
        let sessions = test.app.openSessions
        let firstDelegate = test.app.delegate
        test.app.terminate()
        _ = test.take()

        try test.app.launch(.user)
        #expect(
            test.take() == [
                "app willFinishLaunching user",
                "app didFinishLaunching user",
                "app configurationForConnecting session-2",
                "session-2 willConnectTo",
                "RootScreen viewDidLoad",
                "RootScreen viewWillAppear",
                "session-2 sceneWillEnterForeground",
                "session-2 sceneDidBecomeActive",
                "RootScreen viewDidAppear",
            ])
        #expect(test.app.delegate !== firstDelegate)
        #expect(test.delegate?.launchNumber == 2)
        #expect(test.app.openSessions.count == 3)
        #expect(zip(test.app.openSessions, sessions).allSatisfy { $0 === $1 })
        #expect(test.app.openSessions.map { $0.scene != nil } == [false, true, false])
        let scene = try #require(sessions[1].scene)
        #expect(scene.activationState == .foregroundActive)
        #expect(scene.recording?.restorationActivityAtConnect?.userInfo["session"] == "session-2")
        #expect(test.app.applicationState == .active)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anIntentRelaunchLeavesEverySessionArchived() throws {
        let test = try threeSessionsWithTheSecondMostRecent()
        test.app.terminate()
        _ = test.take()

        try test.app.launch(.intent)
        #expect(test.take() == ["app willFinishLaunching intent", "app didFinishLaunching intent"])
        #expect(test.app.connectedScenes.isEmpty)
        #expect(test.app.openSessions.count == 3)
        #expect(test.app.openSessions.allSatisfy { $0.scene == nil })
        #expect(test.app.applicationState == .background)

        // The user opening the app then brings back the most recent one.
        try test.app.userOpensApp()
        #expect(test.take().prefix(2) == ["app configurationForConnecting session-2", "session-2 willConnectTo"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aRelaunchWithNoSessionLeftMakesANewOne() throws {
        let test = TestApp()
        let session = try test.launched().session
        try test.app.userCloses(session)
        test.app.terminate()
        #expect(test.take() == [
            "session-1 sceneWillResignActive",
            "session-1 sceneDidEnterBackground",
            "session-1 stateRestorationActivity",
            "session-1 sceneDidDisconnect",
            "app didDiscardSceneSessions session-1",
            "app willTerminate",
        ])

        try test.app.launch(.user)
        #expect(test.take().prefix(3) == [
            "app willFinishLaunching user",
            "app didFinishLaunching user",
            "app configurationForConnecting session-2",
        ])
        #expect(test.app.connectedScenes.first?.recording?.restorationActivityAtConnect == nil)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func terminatingWhileNotRunningDoesNothing() {
        let test = TestApp()
        test.app.terminate()
        #expect(test.take() == [])
        #expect(!test.app.isRunning)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}
