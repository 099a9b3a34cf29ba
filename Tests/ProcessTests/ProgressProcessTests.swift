import Assistant
import SceneIntents
import TestFixtures
import Testing

/// Progress reports cross the socket: a host whose handle takes 3 s, reporting after each
/// 1 s stretch, outlasts a 2 s phase budget; the same handle without a budget to stretch
/// times out. Real processes and a real deadline: what is proven is the clock's. The host is
/// started by a command first (under the connection's own generous budget), so a cold spawn on
/// a busy machine never counts against the short phase budget.
@Suite(.serialized)
struct ProgressProcessTests {
    @Test func aHostThatReportsProgressOutlastsItsBudgetAcrossTheSocket() async throws {
        let kitchen = try HostedKitchen(mode: "progress", budget: .seconds(2))
        kitchen.connection.attach(kitchen.assistant.trace)
        #expect(await kitchen.startHost())
        // The first request's handle answers at once; the second is timed.
        #expect(await kitchen.assistant.perform(.intent(phoOrder)).status == .success)
        let outcome = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(outcome.status == .success, "\(outcome.dialog)")
        #expect(kitchen.lines(.timeout).isEmpty)
        // The report after the last stretch is never sent: the handler answers before it suspends.
        #expect(
            kitchen.lines(.result).filter { $0.hasPrefix("handle") } == [
                "handle → response(success)", "handle → working (1 of 3)", "handle → working (2 of 3)",
                "handle → response(success)",
            ])
        await kitchen.finish()
    }

    @Test func withoutReportsTheSameHandleTimesOut() async throws {
        var configuration = AssistantConfiguration()
        configuration.progressLimit = .zero
        let kitchen = try HostedKitchen(mode: "progress", budget: .seconds(2), configuration: configuration)
        #expect(await kitchen.startHost())
        #expect(await kitchen.assistant.perform(.intent(phoOrder)).status == .success)
        let outcome = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(outcome.status == .timedOut)
        #expect(kitchen.lines(.timeout).count == 1)
        await kitchen.finish()
    }
}
