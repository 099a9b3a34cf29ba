import Assistant
import SceneIntents
import SceneIntentsTesting
import Synchronization
import Testing
import TestFixtures

@Suite("Session changes reach the system in process")
@MainActor
struct SessionChangeTests {
    @Test func aChangeMadeDuringAPhaseIsReceivedBeforeThePhaseAnswers() async throws {
        let rig = try Rig()
        let received = Mutex<[String]>([])
        rig.connection.receiveSessions { changes in received.withLock { $0 += changes.map(\.description) } }
        try rig.app.userOpensApp()
        let screen = try #require(rig.app.connectedScenes.first?.rootViewController as? KitchenScreen)
        let app = rig.app
        let seenAtHandle = Log<[String]>()
        screen.handler.handling = { _ in
            app.openSessions[0].userInfo = ["ordered": "tomato"]
            seenAtHandle.append(received.withLock { $0 })
            return .success
        }

        let outcome = await rig.order(OrderSoupIntent(soup: Soup("tomato", "Tomato")))
        #expect(outcome.status == .success)
        #expect(seenAtHandle.all.last?.last == "saved session-1 foregroundInactive")
        #expect(
            received.withLock { $0 } == [
                "saved session-1 unattached", "saved session-1 foregroundInactive", "saved session-1 foregroundActive",
                // The request interrupts the scene; the handler's change; the interruption ends.
                "saved session-1 foregroundInactive", "saved session-1 foregroundInactive", "saved session-1 foregroundActive",
            ])
        rig.connection.receiveSessions(nil)
        _ = rig.recorder.take()
        #expect(leftInFlight(host: rig.host, recorder: rig.recorder) == [])
    }
}
