import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// The testing kit as a user of SceneIntents meets it.
@MainActor
struct TestingKitTests {
    /// The getting-started article's test: launched for an intent with the app not running, one
    /// prompt answered, a hung handler ended by its budget on the test clock, the whole trace
    /// asserted.
    @Test func aHungHandlerIsEndedByItsBudget() async throws {
        let kitchen = ScriptedSoupHandler(), gate = HandlerGate()
        kitchen.handling = { _ in await gate.pass(); return .success }
        let harness = IntentTestHarness(
            application: Kitchen.application { _ in kitchen }, catalog: try Kitchen.catalog(), appName: "Kitchen",
            vocabulary: try Rig.vocabulary(), replies: [.text("pho")])
        let request = harness.start(.utterance("order soup"))
        await gate.started()
        await harness.advance(by: .seconds(10))
        #expect(await request.value.status == .timedOut)
        #expect(TraceText.diff(Self.hungTrace, harness.traceLines) == nil)
        gate.release()
        #expect(harness.leftInFlight() == ["the recorder has 3 callback(s) the test never took: \(Rig.launch)"])
        #expect(harness.recorder.take() == Rig.launch)
        #expect(harness.leftInFlight() == [])
    }

    /// Launched for the intent, "pho" picked by search, the handle step ended at 10 s.
    static let hungTrace = [
        "request: \"order soup\"",
        "interpret: OrderSoupIntent via \"order soup\"",
        "route: OrderSoupIntent → Kitchen",
        "call: proceed(soup, quantity, toppings) budget 10s per step, first until 10s",
        "lifecycle: app willFinishLaunching intent",
        "lifecycle: app didFinishLaunching intent",
        "report: launchedForIntent: OrderSoupIntent",
        "lifecycle: app handlerFor OrderSoupIntent",
        "result: resolve(soup) → needsValue",
        "prompt: Which soup?",
        "answer: pho",
        "call: provideOptions(soup, \"pho\", from 0, 2) budget 10s until 10s",
        "result: provideOptions(soup, \"pho\", from 0, 2) → options(1)",
        "call: resolve(soup) budget 10s until 10s",
        "result: resolve(soup) → success(Pho)",
        "call: proceed(quantity, toppings) budget 10s per step, first until 10s",
        "result: resolve(quantity) → notRequired",
        "result: resolve(toppings) → notRequired",
        "result: confirm → response(ready)",
        "timeout: handle exceeded 10s",
        "say: Sorry, Kitchen didn't respond in time: the handle step took longer than 10 seconds.",
        "outcome: timedOut",
    ]

    @Test func aDiffNamesWhatIsMissingAndWhatIsNewWithTheirLines() {
        #expect(TraceText.diff(["a", "b", "c"], ["a", "b", "c"]) == nil)
        #expect(TraceText.diff(["a", "b", "c"], ["a", "x", "c", "d"]) == "2 + x\n2 - b\n4 + d")
        #expect(TraceText.diff([], ["only"]) == "1 + only")
        #expect(TraceText.diff(["gone"], []) == "1 - gone")
    }

    @Test func aGateHoldsEachHandlerUntilReleasedAndCountsArrivals() async {
        let gate = HandlerGate()
        let passed = ScriptedUser()
        let first = Task { await gate.pass(); await passed.hear("first") }
        let second = Task { await gate.pass(); await passed.hear("second") }
        await gate.started(2)
        #expect(gate.waiting == 2)
        #expect(passed.heard == [])
        gate.release()
        await first.value
        await second.value
        #expect(passed.heard.sorted() == ["first", "second"])
        await gate.pass()
        #expect(gate.waiting == 0, "a released gate lets later handlers through at once")
    }

    /// A wait for a handler or a sleeper that never comes ends when its task is cancelled (what a
    /// suite's time limit does), so a mistaken test fails instead of hanging the run.
    @Test func waitsForWhatNeverComesEndWhenCancelled() async {
        let gate = HandlerGate(), clock = ManualClock()
        let waits = Task {
            await gate.started()
            await clock.waitForSleepers(1)
        }
        waits.cancel()
        await waits.value
        #expect(gate.waiting == 0)
        #expect(clock.sleeperCount == 0)
        // A handler arriving later finds no waiter left to resume.
        let handler = Task { await gate.pass() }
        await gate.started()
        gate.release()
        await handler.value
        #expect(gate.waiting == 0)
    }
}
