import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Memory reclaim and reconnection")
@MainActor
struct MemoryReclaimTests {
    @Test func aReclaimedBackgroundSceneReconnectsWithItsRestorationActivity() throws {
        let test = TestApp()
        let scene = try test.launched()
        let session = scene.session
        let oldRoot = try #require(scene.rootViewController)
        try test.app.moveToBackground()
        _ = test.take()
        let saved = try #require(session.stateRestorationActivity)

        try test.app.reclaimMemory(of: session)
        #expect(test.take() == ["session-1 sceneDidDisconnect"])
        #expect(session.scene == nil)
        #expect(scene.lifecycleState == .disconnected)
        #expect(scene.activationState == .unattached)
        #expect(scene.rootViewController == nil)
        #expect(oldRoot.scene == nil)
        #expect(test.app.connectedScenes.isEmpty)
        #expect(test.app.openSessions.map(\.persistentIdentifier) == ["session-1"])
        #expect(test.app.applicationState == .background)
        #expect(session.stateRestorationActivity === saved)

        let reconnected = try test.app.requestSceneSessionActivation(session)
        #expect(
            test.take() == Sequences.connectedInForeground("session-1"))
        #expect(reconnected !== scene)
        #expect(reconnected.session === session)
        #expect(session.scene === reconnected)
        #expect(reconnected.delegate !== scene.delegate)
        #expect(reconnected.rootViewController !== oldRoot)
        let restored = try #require(reconnected.recording?.restorationActivityAtConnect)
        #expect(restored === saved)
        #expect(restored.activityType == TestApp.restorationType)
        #expect(restored.userInfo == ["session": "session-1", "save": 1])
        #expect(test.app.openSessions.count == 1)
        #expect(test.app.applicationState == .active)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aForegroundSceneCannotBeReclaimed() throws {
        let test = TestApp()
        let scene = try test.launched()

        let error = #expect(throws: ApplicationError.self) { try test.app.reclaimMemory(of: scene.session) }
        let transition = try #require(transitionError(error))
        #expect(transition.scene == "session-1")
        #expect(transition.state == .foregroundActive)
        #expect(transition.event == .disconnect)
        #expect(test.take() == [])
        #expect(scene.activationState == .foregroundActive)
        #expect(scene.session.scene === scene)
        #expect(test.app.connectedScenes.count == 1)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anInterruptedSceneIsStillOnScreenAndCannotBeReclaimed() throws {
        let test = TestApp()
        let scene = try test.launched()
        try test.app.beginInterruption()
        _ = test.take()

        let error = #expect(throws: ApplicationError.self) { try test.app.reclaimMemory(of: scene.session) }
        let transition = try #require(transitionError(error))
        #expect(transition.state == .foregroundInactive)
        #expect(transition.event == .disconnect)
        #expect(test.take() == [])
        #expect(scene.activationState == .foregroundInactive)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func anArchivedSessionHasNothingToReclaim() throws {
        let test = TestApp()
        let scene = try test.launched()
        try test.app.moveToBackground()
        try test.app.reclaimMemory(of: scene.session)
        _ = test.take()

        #expect(throws: ApplicationError.requestDenied("session-1 has no connected scene")) {
            try test.app.reclaimMemory(of: scene.session)
        }
        #expect(test.take() == [])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func theUserOpeningTheAppReconnectsTheReclaimedSession() throws {
        let test = TestApp()
        let scene = try test.launched()
        try test.app.moveToBackground()
        try test.app.reclaimMemory(of: scene.session)
        _ = test.take()

        try test.app.userOpensApp()
        #expect(
            test.take() == Sequences.connectedInForeground("session-1"))
        #expect(test.app.openSessions.count == 1)
        #expect(test.app.connectedScenes.first?.recording?.restorationActivityAtConnect != nil)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}
