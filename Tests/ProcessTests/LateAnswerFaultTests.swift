import Assistant
import Foundation
import Glibc
import SceneIntents
import TestFixtures
import Testing

/// An app stopped past a budget and then resumed (SIGCONT): its late answers are dropped, and it
/// goes on serving the user in the same process, with its scenes. Real processes, 1 s budgets.
@Suite(.serialized)
struct LateAnswerFaultTests {
    @Test func anAppResumedAfterMissingTheOverlaysBudgetKeepsItsProcessAndServesTheNextRequest() async throws {
        let kitchen = try HostedKitchen(mode: "continue", budget: .seconds(1), hostBudget: .seconds(1))
        kitchen.connection.attach(kitchen.assistant.trace)
        #expect(await kitchen.connection.send(.open) == .done(output: nil))
        let pid = try #require(await kitchen.connection.processIdentifier)
        #expect(await stopProcess(pid))
        #expect(await kitchen.assistant.perform(.intent(phoOrder)).status == .timedOut)
        kill(pid, SIGCONT)
        // The late answer comes first on the connection, then this request's: it is dropped,
        // not taken for a broken protocol (which killed the app and lost its scenes).
        let next = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(next.status == .continuedInApp, "\(next.dialog)")
        #expect(await kitchen.connection.processIdentifier == pid)
        let process = kitchen.lines(.process).map(withoutNumbers)
        #expect(!process.contains { $0.contains("broke the protocol") || $0.contains("killed") }, "\(process)")
        await kitchen.connection.close(grace: .milliseconds(300))
        #expect(await kitchen.eventually { !ProcessFaultTests.exists(pid) })
        #expect(!FileManager.default.fileExists(atPath: kitchen.connection.socketPath))
        try? FileManager.default.removeItem(atPath: kitchen.directory.path)
    }
}
