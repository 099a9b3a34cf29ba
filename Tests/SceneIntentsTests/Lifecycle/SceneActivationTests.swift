import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Activating sessions")
@MainActor
struct SceneActivationTests {
    @Test func aNewSessionGetsTheActivityInItsConnectionOptions() throws {
        let test = TestApp()
        let first = try test.launched()
        let activity = try recipeActivity()

        let scene = try test.app.requestSceneSessionActivation(nil, userActivity: activity)
        #expect(
            test.take() == Sequences.connectedInForeground("session-2"))
        #expect(scene.session.persistentIdentifier == "session-2")
        let delegate = try #require(scene.recording)
        #expect(delegate.connectionActivities.count == 1)
        #expect(delegate.connectionActivities.first === activity)
        #expect(delegate.continuedActivities.isEmpty)
        #expect(test.delegate?.connectionOptions.last?.userActivities.first === activity)
        #expect(test.app.openSessions.map(\.persistentIdentifier) == ["session-1", "session-2"])
        #expect(test.app.connectedScenes.map { $0 === scene } == [false, true])
        #expect(first.activationState == .foregroundActive)
        #expect(test.app.mostRecentlyActiveScene === scene)
        #expect(test.app.scenesByRecentActivity.map(\.session.persistentIdentifier) == ["session-2", "session-1"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anArchivedSessionGetsTheActivityInItsConnectionOptions() throws {
        let test = TestApp()
        let session = try test.launched().session
        try test.app.moveToBackground()
        try test.app.reclaimMemory(of: session)
        _ = test.take()
        let activity = try recipeActivity()

        let scene = try test.app.requestSceneSessionActivation(session, userActivity: activity)
        #expect(
            test.take() == Sequences.connectedInForeground("session-1"))
        let delegate = try #require(scene.recording)
        #expect(delegate.connectionActivities.map { $0 === activity } == [true])
        #expect(delegate.restorationActivityAtConnect?.activityType == TestApp.restorationType)
        #expect(delegate.continuedActivities.isEmpty)
        #expect(test.app.openSessions.count == 1)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aConnectedBackgroundSceneComesForwardThenContinuesTheActivity() throws {
        let test = TestApp()
        let scene = try test.launchedThenSentHome()
        let activity = try recipeActivity()

        let activated = try test.app.requestSceneSessionActivation(scene.session, userActivity: activity)
        #expect(
            test.take() == [
                "session-1 sceneWillEnterForeground",
                "session-1 sceneDidBecomeActive",
                "session-1 willContinueUserActivityWithType",
                "session-1 continue",
            ])
        #expect(activated === scene)
        let delegate = try #require(scene.recording)
        #expect(delegate.willContinueTypes == [TestApp.recipeType])
        #expect(delegate.continuedActivities.map { $0 === activity } == [true])
        #expect(delegate.failures.isEmpty)
        #expect(delegate.connectionActivities.isEmpty)
        #expect(test.app.applicationState == .active)
        #expect(test.app.openSessions.count == 1)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aForegroundSceneContinuesTheActivityInPlace() throws {
        let test = TestApp()
        let scene = try test.launched()
        let activity = try recipeActivity()

        try test.app.requestSceneSessionActivation(scene.session, userActivity: activity)
        #expect(test.take() == ["session-1 willContinueUserActivityWithType", "session-1 continue"])
        #expect(scene.recording?.continuedActivities.map { $0 === activity } == [true])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func activatingAForegroundSceneWithoutAnActivityDoesNothing() throws {
        let test = TestApp()
        let scene = try test.launched()

        #expect(try test.app.requestSceneSessionActivation(scene.session) === scene)
        #expect(test.take() == [])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anUndeclaredActivityTypeFailsInAConnectedScene() throws {
        let test = TestApp()
        let scene = try test.launched()
        let activity = UserActivity(activityType: "com.example.undeclared")

        try test.app.requestSceneSessionActivation(scene.session, userActivity: activity)
        #expect(
            test.take() == [
                "session-1 willContinueUserActivityWithType",
                "session-1 didFailToContinueUserActivityWithType",
            ])
        let delegate = try #require(scene.recording)
        #expect(delegate.willContinueTypes == ["com.example.undeclared"])
        #expect(delegate.failedTypes == ["com.example.undeclared"])
        #expect(delegate.failures == [.typeNotDeclared(activityType: "com.example.undeclared")])
        #expect(delegate.continuedActivities.isEmpty)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anUndeclaredActivityTypeIsNotGivenToANewSceneAndFailsOnceItIsOnScreen() throws {
        let test = TestApp()
        try test.launched()
        let activity = UserActivity(activityType: "com.example.undeclared")

        let scene = try test.app.requestSceneSessionActivation(nil, userActivity: activity)
        #expect(
            test.take() == [
                "app configurationForConnecting session-2",
                "session-2 willConnectTo",
                "RootScreen viewDidLoad",
                "RootScreen viewWillAppear",
                "session-2 sceneWillEnterForeground",
                "session-2 sceneDidBecomeActive",
                "RootScreen viewDidAppear",
                "session-2 willContinueUserActivityWithType",
                "session-2 didFailToContinueUserActivityWithType",
            ])
        let delegate = try #require(scene.recording)
        #expect(delegate.connectionActivities.isEmpty)
        #expect(delegate.failures == [.typeNotDeclared(activityType: "com.example.undeclared")])
        #expect(delegate.continuedActivities.isEmpty)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anActivityLackingARequiredKeyOrInvalidatedFails() throws {
        let test = TestApp()
        let scene = try test.launched()
        let incomplete = UserActivity(activityType: TestApp.recipeType)
        try incomplete.update { $0.requiredUserInfoKeys = ["recipe"] }
        let invalidated = try recipeActivity()
        invalidated.invalidate()

        try test.app.requestSceneSessionActivation(scene.session, userActivity: incomplete)
        try test.app.requestSceneSessionActivation(scene.session, userActivity: invalidated)
        #expect(
            test.take() == [
                "session-1 willContinueUserActivityWithType",
                "session-1 didFailToContinueUserActivityWithType",
                "session-1 willContinueUserActivityWithType",
                "session-1 didFailToContinueUserActivityWithType",
            ])
        #expect(
            scene.recording?.failures == [
                .missingRequiredKey(activityType: TestApp.recipeType, key: "recipe"),
                .invalidated(activityType: TestApp.recipeType),
            ])
        #expect(scene.recording?.continuedActivities.isEmpty == true)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}

@Suite("Single-scene apps and refused requests")
@MainActor
struct SceneRequestRefusalTests {
    @Test func aSecondSessionIsRefusedWhenMultipleScenesAreOff() throws {
        let test = TestApp(multipleScenes: false)
        let scene = try test.launched()
        #expect(!test.app.supportsMultipleScenes)

        #expect(throws: ApplicationError.multipleScenesNotSupported) {
            try test.app.requestSceneSessionActivation(nil)
        }
        #expect(throws: ApplicationError.multipleScenesNotSupported) {
            try test.app.userOpensNewWindow(userActivity: try recipeActivity())
        }
        #expect(test.take() == [])
        #expect(test.app.openSessions.count == 1)
        #expect(test.app.connectedScenes.map { $0 === scene } == [true])

        // Its one session can still be activated, with an activity.
        let activity = try recipeActivity()
        #expect(try test.app.requestSceneSessionActivation(scene.session, userActivity: activity) === scene)
        #expect(test.take() == ["session-1 willContinueUserActivityWithType", "session-1 continue"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anArchivedSessionStillCountsAsTheOneSession() throws {
        let test = TestApp(multipleScenes: false)
        let session = try test.launched().session
        try test.app.moveToBackground()
        try test.app.reclaimMemory(of: session)
        _ = test.take()

        #expect(throws: ApplicationError.multipleScenesNotSupported) {
            try test.app.requestSceneSessionActivation(nil)
        }
        #expect(test.take() == [])
        #expect(test.app.connectedScenes.isEmpty)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aSingleSceneAppLaunchedForAnIntentMayOpenItsFirstSession() throws {
        let test = TestApp(multipleScenes: false)
        try test.app.launch(.intent)
        _ = test.take()

        let scene = try test.app.requestSceneSessionActivation(nil)
        #expect(scene.session.persistentIdentifier == "session-1")
        #expect(test.take().first == "app configurationForConnecting session-1")
        #expect(test.app.applicationState == .active)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test(arguments: [false, true])
    func requestsWhileNotRunningAreDenied(multipleScenes: Bool) throws {
        let test = TestApp(multipleScenes: multipleScenes)

        #expect(throws: ApplicationError.requestDenied("the app is not running")) {
            try test.app.requestSceneSessionActivation(nil)
        }
        let session = try test.launched().session
        test.app.terminate()
        _ = test.take()

        #expect(throws: ApplicationError.requestDenied("the app is not running")) {
            try test.app.requestSceneSessionActivation(session)
        }
        #expect(throws: ApplicationError.requestDenied("the app is not running")) {
            try test.app.requestSceneSessionActivation(nil, userActivity: try recipeActivity())
        }
        #expect(test.take() == [])
        #expect(!test.app.isRunning)
        #expect(session.scene == nil)
        #expect(test.app.openSessions.map(\.persistentIdentifier) == ["session-1"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aSessionOfAnotherAppIsDenied() throws {
        let test = TestApp()
        let other = TestApp()
        try test.launched()
        let foreign = try other.launched().session

        #expect(throws: ApplicationError.requestDenied("session-1 is not an open session")) {
            try test.app.requestSceneSessionActivation(foreign)
        }
        #expect(throws: ApplicationError.requestDenied("session-1 is not an open session")) {
            try test.app.requestSceneSessionDestruction(foreign)
        }
        #expect(test.take() == [])
        #expect(other.take() == [])
        #expect(foreign.scene?.activationState == .foregroundActive)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}
