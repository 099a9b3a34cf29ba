import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Interruptions")
@MainActor
struct InterruptionTests {
    @Test func anInterruptionResignsAndThenReactivatesWithoutLeavingTheScreen() throws {
        let test = TestApp()
        let scene = try test.launched()
        let root = try #require(scene.rootViewController)

        try test.app.beginInterruption()
        #expect(test.take() == ["session-1 sceneWillResignActive"])
        #expect(scene.activationState == .foregroundInactive)
        #expect(scene.lifecycleState == .foregroundInactive)
        #expect(test.app.applicationState == .inactive)
        #expect(root.isVisible)
        #expect(scene.session.stateRestorationActivity == nil)

        try test.app.endInterruption()
        #expect(test.take() == ["session-1 sceneDidBecomeActive"])
        #expect(scene.activationState == .foregroundActive)
        #expect(test.app.applicationState == .active)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func endingWithoutAnInterruptionDoesNothing() throws {
        let test = TestApp()
        let scene = try test.launched()

        try test.app.endInterruption()
        #expect(test.take() == [])
        #expect(scene.activationState == .foregroundActive)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func goingHomeDuringAnInterruptionDoesNotResignTwiceAndStaysPaired() throws {
        let test = TestApp()
        let scene = try test.launched()
        try test.app.beginInterruption()
        _ = test.take()

        try test.app.moveToBackground()
        #expect(
            test.take() == [
                "session-1 sceneDidEnterBackground",
                "session-1 stateRestorationActivity",
            ])
        // The interruption ends while the scene is off screen: it stays in the background.
        try test.app.endInterruption()
        #expect(test.take() == [])
        #expect(scene.activationState == .background)
        #expect(test.app.applicationState == .background)

        try test.app.returnToForeground()
        #expect(
            test.take() == Sequences.cameToForeground("session-1"))
        #expect(test.app.applicationState == .active)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anInterruptionLeavesBackgroundScenesAlone() throws {
        let test = TestApp()
        try test.launched()
        let second = try test.app.requestSceneSessionActivation(nil)
        try test.app.moveToBackground()
        try test.app.requestSceneSessionActivation(second.session)
        _ = test.take()

        try test.app.beginInterruption()
        #expect(test.take() == ["session-2 sceneWillResignActive"])
        #expect(test.app.applicationState == .inactive)
        try test.app.endInterruption()
        #expect(test.take() == ["session-2 sceneDidBecomeActive"])
        #expect(test.app.connectedScenes.map(\.activationState) == [.background, .foregroundActive])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}
