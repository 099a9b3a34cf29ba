import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// A number outside its parameter's bounds is refused before the app sees it, with the app's
/// line for the reason or the assistant's line naming the bounds, and asked again.
@MainActor
struct BoundsTests {
    @Test func aGivenNumberAboveTheMaximumGetsTheAppsLineAndTheAppNeverSeesIt() async throws {
        let (harness, handler) = try deliveryHarness([.text("3"), .yes])
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: 50)))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["We deliver 10 at most, not 50.", "How many?", "Deliver 3 pea?", "On its way."])
        #expect(handler.calls == ["resolve soup", "resolve quantity", "confirm", "handle 3 pea"])
        #expect(TraceText.diff(Self.refusedFirst, harness.traceLines) == nil)
        #expect(harness.recorder.take() == launch("DeliverIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func aGivenNumberBelowTheMinimumGetsTheAssistantsLineNamingTheBounds() async throws {
        let (harness, handler) = try deliveryHarness([.text("1"), .yes])
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: 0)))
        #expect(outcome.dialog == ["Sorry, the quantity must be from 1 to 10.", "How many?", "Deliver 1 pea?", "On its way."])
        #expect(handler.calls.last == "handle 1 pea")
        #expect(harness.recorder.take() == launch("DeliverIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func anAnswerOutOfBoundsIsRefusedAndAskedForAgain() async throws {
        let (harness, handler) = try deliveryHarness([.text("11"), .text("-4"), .text("4"), .yes])
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea")))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == [
            "How many?", "We deliver 10 at most, not 11.", "How many?", "Sorry, the quantity must be from 1 to 10.", "How many?",
            "Deliver 4 pea?", "On its way.",
        ])
        #expect(handler.calls == ["resolve soup", "resolve quantity", "resolve quantity", "confirm", "handle 4 pea"])
        #expect(harness.recorder.take() == launch("DeliverIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func eachItemOfAMultiValueParameterIsCheckedOnItsOwn() async throws {
        let (harness, handler) = try deliveryHarness([.text("1"), .yes])
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: 2, extras: [2, -1, 3])))
        #expect(outcome.dialog == ["Sorry, the extras must be at least 0.", "How many spoons?", "Deliver 2 pea?", "On its way."])
        #expect(handler.calls.last == "handle 2 pea [2, 1, 3]")
        #expect(harness.recorder.take() == launch("DeliverIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func cancellingAtTheQuestionAfterARefusalReachesNoHandler() async throws {
        let (harness, handler) = try deliveryHarness([.cancel])
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: 12)))
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == ["We deliver 10 at most, not 12.", "How many?", "OK, cancelled."])
        #expect(handler.calls.isEmpty)
        #expect(harness.leftInFlight() == [])
    }

    @Test func boundsAreDataOnTheDescriptor() throws {
        let descriptor = try #require(try IntentCatalog([DeliverIntent.self]).descriptor(named: "DeliverIntent"))
        #expect(descriptor.parameter(named: "quantity").map { [$0.minimumValue, $0.maximumValue] } == [1, 10])
        #expect(descriptor.parameter(named: "extras").map { [$0.minimumValue, $0.maximumValue] } == [0, nil])
        #expect(descriptor.parameter(named: "soup").map { [$0.minimumValue, $0.maximumValue] } == [nil, nil])
    }

    /// `DeliverIntent(soup: "pea", quantity: 50)`: refused and asked again before the first call
    /// (whose budget starts after the answer), then 3 and yes.
    static let refusedFirst = [
        "request: DeliverIntent", "route: DeliverIntent → Deli", "say: We deliver 10 at most, not 50.", "prompt: How many?",
        "answer: 3", "call: resolve(soup) budget 10s until 10s", "lifecycle: app willFinishLaunching intent",
        "lifecycle: app didFinishLaunching intent", "report: launchedForIntent: DeliverIntent", "lifecycle: app handlerFor DeliverIntent",
        "result: resolve(soup) → success(pea)", "call: resolve(quantity) budget 10s until 10s", "result: resolve(quantity) → success(3)",
        "call: confirm budget 10s until 10s", "result: confirm → response(ready)", "prompt: Deliver 3 pea?", "answer: yes",
        "call: handle budget 10s until 10s", "result: handle → response(success)", "say: On its way.", "outcome: success",
    ]
}
