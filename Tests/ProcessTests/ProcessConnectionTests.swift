import Assistant
import AssistantService
import Foundation
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import TestFixtures
import Testing

/// The app in its own process: spawn, hello, calls over the socket, faults. These tests start
/// real processes, so they read the real clock where a process must be waited for.
@Suite(.serialized)
struct ProcessConnectionTests {
    @Test func aColdRequestStartsTheHostAndChargesTheLaunchToTheFirstCall() async throws {
        let kitchen = try HostedKitchen()
        let outcome = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["2 Pho coming up."])
        let lines = kitchen.lines.map(withoutNumbers)
        let spawn = "process: spawn \(BuiltProducts.executable("kitchen-host")) pid N"
        #expect(
            Array(lines.prefix(12)) == [
                "request: OrderSoupIntent",
                "route: OrderSoupIntent → Kitchen",
                "call: proceed(soup, quantity, toppings) budget 10s per step, first until 10s",
                spawn,
                "process: connected after X ms: Kitchen pid N",
                "lifecycle: app willFinishLaunching intent",
                "lifecycle: app didFinishLaunching intent",
                "report: launchedForIntent: OrderSoupIntent",
                "lifecycle: app handlerFor OrderSoupIntent",
                "result: resolve(soup) → success(Pho)",
                "result: resolve(quantity) → notRequired",
                "result: resolve(toppings) → notRequired",
            ])
        #expect(lines.last == "outcome: success")
        #expect(await kitchen.connection.processIdentifier != nil)
        await kitchen.finish()
        #expect(await kitchen.connection.processIdentifier == nil)
        #expect(kitchen.user.remainingReplies.isEmpty)
    }

    @Test func aHostThatDiesMidCallFailsTheCallAtOnceAndTheNextRequestStartsItAgain() async throws {
        let marker = "/tmp/si-crash-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let kitchen = try HostedKitchen(mode: "crash-once:\(marker)")
        let first = await kitchen.assistant.perform(.intent(phoOrder))
        // Not a timeout: the exit ended the call long before the 10 s budget.
        #expect(first.status == .failure)
        #expect(first.dialog == ["Sorry, Kitchen stopped unexpectedly."])
        #expect(kitchen.lines(.timeout).isEmpty)
        #expect(kitchen.lines(.process).map(withoutNumbers).contains("Kitchen (pid N) killed by signal 9 (Killed)"))
        let second = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(second.status == .success)
        #expect(kitchen.lines(.process).filter { $0.hasPrefix("spawn ") }.count == 2)
        await kitchen.finish()
    }

    @Test func aHostThatMissesThreeBudgetsInARowIsKilled() async throws {
        let kitchen = try HostedKitchen(mode: "hang", budget: .milliseconds(300))
        for _ in 1...3 {
            let outcome = await kitchen.assistant.perform(.intent(phoOrder))
            #expect(outcome.status == .timedOut)
        }
        #expect(await kitchen.hostStopped())
        let process = kitchen.lines(.process).map(withoutNumbers)
        #expect(process.contains("Kitchen (pid N) missed 3 budgets in a row: killed (SIGKILL)"))
        #expect(process.last == "Kitchen (pid N) killed by signal 9 (Killed)")
        await kitchen.finish()
    }
}
