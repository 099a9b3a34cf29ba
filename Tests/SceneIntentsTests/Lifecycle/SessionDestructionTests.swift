import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Closing sessions")
@MainActor
struct SessionDestructionTests {
    @Test func closingAForegroundSceneDisconnectsItAndDiscardsTheSessionAtOnce() throws {
        let test = TestApp()
        let scene = try test.launched()
        let session = scene.session

        try test.app.userCloses(session)
        #expect(
            test.take() == [
                "session-1 sceneWillResignActive",
                "session-1 sceneDidEnterBackground",
                "session-1 stateRestorationActivity",
                "session-1 sceneDidDisconnect",
                "app didDiscardSceneSessions session-1",
            ])
        #expect(test.delegate?.discardedSessions == ["session-1"])
        #expect(test.app.openSessions.isEmpty)
        #expect(test.app.connectedScenes.isEmpty)
        #expect(session.scene == nil)
        #expect(scene.lifecycleState == .disconnected)
        #expect(test.app.applicationState == .background)
        #expect(test.app.isRunning)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func closingABackgroundSceneSkipsTheTripToTheBackground() throws {
        let test = TestApp()
        let scene = try test.launchedThenSentHome()

        try test.app.requestSceneSessionDestruction(scene.session)
        #expect(test.take() == ["session-1 sceneDidDisconnect", "app didDiscardSceneSessions session-1"])
        #expect(test.delegate?.discardedSessions == ["session-1"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func closingAnArchivedSessionWhileRunningDiscardsItWithoutCallbacksOfItsScene() throws {
        let test = TestApp()
        let scene = try test.launched()
        try test.app.moveToBackground()
        try test.app.reclaimMemory(of: scene.session)
        _ = test.take()

        try test.app.requestSceneSessionDestruction(scene.session)
        #expect(test.take() == ["app didDiscardSceneSessions session-1"])
        #expect(test.app.openSessions.isEmpty)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aDiscardedSessionCanBeNeitherActivatedNorClosedAgain() throws {
        let test = TestApp()
        let session = try test.launched().session
        try test.app.userCloses(session)
        _ = test.take()

        #expect(throws: ApplicationError.requestDenied("session-1 is not an open session")) {
            try test.app.requestSceneSessionActivation(session)
        }
        #expect(throws: ApplicationError.requestDenied("session-1 is not an open session")) {
            try test.app.requestSceneSessionDestruction(session)
        }
        #expect(test.take() == [])
        #expect(test.delegate?.discardedSessions == ["session-1"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aSessionClosedWhileNotRunningIsDiscardedAtTheNextLaunch() throws {
        let test = TestApp()
        let session = try test.launched().session
        test.app.terminate()
        _ = test.take()

        try test.app.requestSceneSessionDestruction(session)
        #expect(test.take() == [])
        #expect(test.app.openSessions.isEmpty)

        try test.app.launch(.user)
        #expect(
            test.take() == [
                "app willFinishLaunching user",
                "app didFinishLaunching user",
                "app didDiscardSceneSessions session-1",
                "app configurationForConnecting session-2",
                "session-2 willConnectTo",
                "RootScreen viewDidLoad",
                "RootScreen viewWillAppear",
                "session-2 sceneWillEnterForeground",
                "session-2 sceneDidBecomeActive",
                "RootScreen viewDidAppear",
            ])
        #expect(test.delegate?.launchNumber == 2)
        #expect(test.delegate?.discardedSessions == ["session-1"])

        // Reported once: the launch after that has nothing to discard.
        test.app.terminate()
        _ = test.take()
        try test.app.launch(.intent)
        #expect(test.take() == ["app willFinishLaunching intent", "app didFinishLaunching intent"])
        #expect(test.delegate?.discardedSessions == [])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func sessionsClosedWhileNotRunningAreReportedTogetherEvenAtAnIntentLaunch() throws {
        let test = TestApp()
        try test.launched()
        let second = try test.app.requestSceneSessionActivation(nil).session
        let first = test.app.openSessions[0]
        test.app.terminate()
        try test.app.requestSceneSessionDestruction(second)
        try test.app.requestSceneSessionDestruction(first)
        _ = test.take()

        try test.app.launch(.intent)
        #expect(
            test.take() == [
                "app willFinishLaunching intent",
                "app didFinishLaunching intent",
                "app didDiscardSceneSessions session-2,session-1",
            ])
        #expect(test.delegate?.discardedSessions == ["session-2", "session-1"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}
