import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Background and foreground")
@MainActor
struct BackgroundForegroundTests {
    @Test func goingHomeSendsTheSceneToTheBackgroundAndComingBackReturnsIt() throws {
        let test = TestApp()
        let scene = try test.launched()
        let root = try #require(scene.rootViewController)

        try test.app.moveToBackground()
        #expect(
            test.take() == Sequences.wentToBackground("session-1"))
        #expect(test.app.applicationState == .background)
        #expect(scene.activationState == .background)
        // No view callbacks: the root stays in its window while the scene is off screen.
        #expect(root.isVisible)
        // Switching apps does not disconnect.
        #expect(test.app.connectedScenes.count == 1)
        #expect(scene.session.scene === scene)
        let saved = try #require(scene.session.stateRestorationActivity)
        #expect(saved.activityType == TestApp.restorationType)
        #expect(saved.userInfo == ["session": "session-1", "save": 1])

        try test.app.returnToForeground()
        #expect(
            test.take() == Sequences.cameToForeground("session-1"))
        #expect(test.app.applicationState == .active)
        #expect(scene.activationState == .foregroundActive)
        #expect(scene.rootViewController === root)
        #expect(root.isVisible)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aScreensHandlerStaysRegisteredWhileItsSceneIsInTheBackground() throws {
        let test = TestApp()
        let scene = try test.launched()
        let root = try #require(scene.rootViewController)
        let handler = HandlerToken()
        root.registerIntentHandler(handler)

        try test.app.moveToBackground()
        #expect(
            test.take() == Sequences.wentToBackground("session-1"))
        #expect(test.app.handlerStore.handler(forSceneIdentifier: "session-1") === handler)
        #expect(test.app.handlerStore.liveHandlerCount == 1)

        try test.app.returnToForeground()
        #expect(test.take() == Sequences.cameToForeground("session-1"))
        #expect(test.app.handlerStore.handler(forSceneIdentifier: "session-1") === handler)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func theRestorationActivityIsAskedAtEveryTripToTheBackground() throws {
        let test = TestApp()
        let scene = try test.launched()

        for trip in 1...3 {
            try test.app.moveToBackground()
            try test.app.returnToForeground()
            #expect(scene.session.stateRestorationActivity?.userInfo["save"] == .integer(trip))
        }
        #expect(scene.recording?.restorationActivitiesSaved == 3)
        #expect(test.take().filter { $0.hasSuffix("stateRestorationActivity") }.count == 3)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func returningWithNothingSentHomeDoesNothing() throws {
        let test = TestApp()
        let scene = try test.launched()

        try test.app.returnToForeground()
        #expect(test.take() == [])
        #expect(scene.activationState == .foregroundActive)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func goingHomeOrComingBackWhileNotRunningIsRefused() {
        let test = TestApp()

        #expect(throws: ApplicationError.notRunning("go to the background")) {
            try test.app.moveToBackground()
        }
        #expect(throws: ApplicationError.notRunning("come to the foreground")) {
            try test.app.returnToForeground()
        }
        #expect(test.take() == [])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func everyOnScreenSceneGoesHomeAndComesBackButABackgroundOneStays() throws {
        let test = TestApp()
        try test.launched()
        let second = try test.app.requestSceneSessionActivation(nil)
        _ = test.take()
        // Reach a state where only session-2 is on screen.
        try test.app.moveToBackground()
        try test.app.requestSceneSessionActivation(second.session)
        _ = test.take()

        try test.app.moveToBackground()
        #expect(
            test.take() == Sequences.wentToBackground("session-2"))
        try test.app.returnToForeground()
        #expect(
            test.take() == Sequences.cameToForeground("session-2"))
        #expect(test.app.connectedScenes.map(\.activationState) == [.background, .foregroundActive])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}

/// A stand-in for a screen's intent handler: only its identity matters.
private final class HandlerToken {}
