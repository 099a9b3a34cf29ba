import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// `IntentProgress`: a handle that reports its progress gets a fresh budget at each report the
/// assistant hears, up to `progressLimit` from the step's start; one that goes quiet for a whole
/// budget times out as any other. On a manual clock: every instant is the test's.
// A time limit: a wait for a sleeper that never comes fails the test instead of hanging it.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct ProgressReportTests {
    let tomato = Soup("tomato", "Tomato")

    /// Handles in `reports` stretches of `stretch` each, reporting after each, then answers
    /// success (or keeps going when `forever`).
    func reportingHandler(_ rig: Rig, reports: Int, every stretch: Duration, forever: Bool = false) {
        let clock = rig.clock
        rig.handler.handling = { _ in
            var done = 0
            while forever || done < reports {
                try await clock.sleep(for: stretch)
                done += 1
                IntentProgress.report(completed: done, of: reports)
            }
            return .success
        }
    }

    /// Runs the request, moving the clock by `stretch` each time the handler and the budget's
    /// timer wait on it, and once more for each of `quiet`; answers the outcome and the instant
    /// (seconds on the clock) of the timeout, if one was recorded. A handler that answers right
    /// after its last report never suspends to send it: `lastIsHeard` is false then.
    func run(
        _ rig: Rig, stretches: Int, of stretch: Duration, then quiet: [Duration] = [], lastIsHeard: Bool = true
    ) async -> (AssistantOutcome, Double?) {
        let assistant = rig.assistant
        let intent = OrderSoupIntent(soup: tomato)
        let task = Task { await assistant.perform(.intent(intent)) }
        for heard in 1...stretches {
            await rig.clock.waitForSleepers(2)
            rig.clock.advance(by: stretch)
            // The report moved the deadline before the clock moves on.
            guard heard < stretches || lastIsHeard else { break }
            #expect(await rig.traceEventually { $0.hasPrefix("result: handle → working (\(heard)") })
        }
        for duration in quiet {
            await rig.clock.waitForSleepers(2)
            rig.clock.advance(by: duration)
        }
        let outcome = await task.value
        let timeout = rig.assistant.trace.events.first { $0.kind == .timeout }.map { Double($0.at.components.seconds) }
        return (outcome, timeout)
    }

    @Test func aHandleThatKeepsReportingOutlastsItsBudget() async throws {
        let rig = try Rig()
        reportingHandler(rig, reports: 4, every: .seconds(6))
        let (outcome, timeout) = await run(rig, stretches: 4, of: .seconds(6), lastIsHeard: false)
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Done."])
        #expect(timeout == nil)
        #expect(
            rig.traceLines.filter { $0.hasPrefix("result:") } == [
                "result: resolve(soup) → success(Tomato)", "result: resolve(quantity) → notRequired",
                "result: resolve(toppings) → notRequired", "result: confirm → response(ready)",
                "result: handle → working (1 of 4)", "result: handle → working (2 of 4)", "result: handle → working (3 of 4)",
                "result: handle → response(success)",
            ])
        #expect(rig.clock.sleeperCount == 0)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aHandleThatGoesQuietTimesOutABudgetAfterItsLastReport() async throws {
        let rig = try Rig()
        // One report at 6 s, then the handler sleeps 60 s: its deadline is 16 s.
        let clock = rig.clock
        rig.handler.handling = { _ in
            try await clock.sleep(for: .seconds(6))
            IntentProgress.report(completed: 1, of: 2)
            try await clock.sleep(for: .seconds(60))
            return .success
        }
        let (outcome, timeout) = await run(rig, stretches: 1, of: .seconds(6), then: [.seconds(9), .seconds(1)])
        #expect(outcome.status == .timedOut)
        #expect(outcome.lastLine == "Sorry, Kitchen didn't respond in time: the handle step took longer than 10 seconds.")
        #expect(timeout == 16)
        #expect(rig.clock.sleeperCount == 0, "the handler's sleep was cancelled with its task")
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func reportsNeverKeepAStepPastTheProgressLimit() async throws {
        var configuration = AssistantConfiguration()
        configuration.progressLimit = .seconds(30)
        let rig = try Rig(configuration: configuration)
        reportingHandler(rig, reports: 100, every: .seconds(5), forever: true)
        // Reports at 5, 10, … 25 s; the one at 30 s finds the step's limit reached.
        let (outcome, timeout) = await run(rig, stretches: 5, of: .seconds(5), then: [.seconds(5)])
        #expect(outcome.status == .timedOut)
        #expect(timeout == 30)
        #expect(rig.traceLines.filter { $0.hasPrefix("result: handle → working") }.count == 5)
        #expect(rig.clock.sleeperCount == 0)
        _ = rig.recorder.take()
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func reportsMadeWithoutSuspendingAreHeardAsTheLatestOne() async throws {
        let rig = try Rig()
        let clock = rig.clock
        rig.handler.handling = { _ in
            // A loop that reports and never awaits: one report is held for it, not 10,000.
            for done in 1...10_000 { IntentProgress.report(completed: done, of: 10_000) }
            try await clock.sleep(for: .seconds(1))
            return .success
        }
        let (outcome, timeout) = await run(rig, stretches: 1, of: .seconds(1), lastIsHeard: false)
        #expect(outcome.status == .success)
        #expect(timeout == nil)
        #expect(
            rig.traceLines.filter { $0.hasPrefix("result: handle") } == [
                "result: handle → working (10000 of 10000)", "result: handle → response(success)",
            ])
        #expect(rig.clock.sleeperCount == 0)
        _ = rig.recorder.take()
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func outsideACallAReportGoesNowhere() {
        #expect(IntentProgress.reporter() == nil)
        IntentProgress.report(completed: 1, of: 2)
        #expect(IntentProgress(completed: 12, total: 10) == IntentProgress(completed: 10, total: 10))
        #expect(IntentProgress(completed: -3, total: -1).description == "0")
        #expect(IntentProgress(completed: 3, total: 4).fractionCompleted == 0.75)
    }
}
