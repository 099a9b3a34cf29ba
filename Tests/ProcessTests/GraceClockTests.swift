import Assistant
import AssistantService
import Foundation
import Glibc
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// A host's grace to exit after `quit` is measured on the clock the connection was given, not
/// on the wall clock: with a manual clock, a host that cannot answer is killed when the test
/// moves the clock past the grace, and not before.
@Suite(.serialized)
struct GraceClockTests {
    @Test func aHostThatCannotAnswerQuitIsKilledWhenTheInjectedClockPassesTheGrace() async throws {
        let clock = ManualClock()
        let kitchen = try HostedKitchen(graceClock: clock)
        #expect(await kitchen.assistant.perform(.intent(phoOrder)).status == .success)
        let pid = try #require(await kitchen.connection.processIdentifier)
        // Stopped, the host reads nothing: it cannot answer quit or exit on its own.
        #expect(await stopProcess(pid))
        let stopping = Task { await kitchen.connection.stopHost(grace: .seconds(3)) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(2_999))
        #expect(await kitchen.connection.processIdentifier == pid, "the grace is not over on the injected clock")
        #expect(kill(pid, 0) == 0, "the host still runs")
        clock.advance(by: .milliseconds(1))
        await stopping.value
        #expect(await kitchen.connection.processIdentifier == nil)
        #expect(kitchen.lines(.process).map(withoutNumbers) == [
            "spawn \(BuiltProducts.executable("kitchen-host")) pid N", "connected after X ms: Kitchen pid N",
            "Kitchen (pid N) killed by signal 9 (Killed)",
        ])
        #expect(clock.sleeperCount == 0)
        await kitchen.finish()
    }
}
