import Assistant
import AssistantService
import Foundation
import Glibc
import SceneIntents
import TestFixtures
import Testing

/// Real process faults of an intents extension (a request the app, not running, leaves to its
/// lighter extension): stopped or killed as it looks its handler up. Short budgets, the real
/// clock (see `ProcessFaultTests`).
@Suite(.serialized)
struct ExtensionFaultTests {
    @Test func aStoppedExtensionIsAnsweredAndTheRequestEndsWithinTheBudget() async throws {
        let kitchen = try RoutedKitchen(
            mode: "STOP-in:resolve", extensionIdleExit: .seconds(60), budget: .seconds(1), hostBudget: .seconds(1))
        // Launched first (a cold launch on a loaded machine can take seconds; it is not what
        // this test times): the request then finds it running.
        #expect(await kitchen.plugIn.send(.lock(isLocked: false)) == .done(output: nil))
        // The whole request, its end included, is over within the budget plus a second: the
        // end is not waited for from an extension that missed its budget.
        let (outcome, took) = await timed { await kitchen.assistant.perform(.intent(phoOrder)) }
        #expect(outcome.status == .timedOut)
        #expect(outcome.dialog == ["Sorry, Kitchen didn't respond in time: the soup step took longer than 1 second."])
        #expect(took < ProcessFaultTests.limit, "the request took \(took)")
        #expect(kitchen.lines(.route).contains { $0.hasPrefix("OrderSoupIntent → extension Kitchen Intents") })
        let pid = try #require(await kitchen.plugIn.processIdentifier)
        try await expectClosed(kitchen, pids: [pid])
    }

    @Test func aRequestCancelledWhileItsExtensionIsStoppedEndsAtOnce() async throws {
        // A long budget: the cancellation (a client leaving, a daemon shutting down) ends it.
        let kitchen = try RoutedKitchen(mode: "STOP-in:resolve", budget: .seconds(30), hostBudget: .seconds(30))
        let request = Task { await kitchen.assistant.perform(.intent(phoOrder)) }
        var pid: Int32?
        #expect(await pollUntil {
            pid = await kitchen.plugIn.processIdentifier
            return pid.map { processState($0) == "T" } ?? false
        })
        request.cancel()
        let (outcome, took) = await timed { await request.value }
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == ["OK, cancelled."])
        #expect(took < .seconds(1), "the cancelled request took \(took) to end")
        try await expectClosed(kitchen, pids: [try #require(pid)])
    }

    @Test func aKilledExtensionIsAnsweredAtOnce() async throws {
        let kitchen = try RoutedKitchen(mode: "KILL-in:resolve", budget: .seconds(5), hostBudget: .seconds(1))
        let (outcome, took) = await timed { await kitchen.assistant.perform(.intent(phoOrder)) }
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["Sorry, Kitchen stopped unexpectedly."])
        #expect(took < .seconds(5), "heard after \(took)")
        #expect(kitchen.lines(.process).contains("Kitchen Intents (pid N) killed by signal 9 (Killed)"))
        try await expectClosed(kitchen, pids: [])
    }

    /// Closes the connection (as a shutdown does) within the grace, then checks every host was
    /// reaped and no socket is left.
    func expectClosed(_ kitchen: RoutedKitchen, pids: [Int32]) async throws {
        // The grace, then at most the second a dead host's last messages may take to be read
        // (more on a loaded machine): bounded, never a budget.
        let (_, closing) = await timed { await kitchen.connection.close(grace: .milliseconds(300)) }
        #expect(closing < .seconds(5), "the close took \(closing)")
        for pid in pids { #expect(await pollUntil { !ProcessFaultTests.exists(pid) }, "process \(pid) was reaped") }
        #expect(await kitchen.noHostRuns())
        let left = (try? FileManager.default.contentsOfDirectory(atPath: kitchen.directory.path)) ?? []
        #expect(left.isEmpty, "left in the runtime directory: \(left)")
        await kitchen.finish()
    }
}
