import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// An intent that requires the user's confirmation: asked once the app's confirm answers ready,
/// before handle; "yes" handles, "no" cancels, anything else asks again.
@MainActor
struct IntentConfirmationTests {
    static let question = Prompt.intentConfirmation(intent: "DeliverIntent", question: "Deliver 2 pea?")

    @Test func yesHandlesOnceTheAppIsReady() async throws {
        let (harness, handler) = try deliveryHarness([.yes])
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: 2)))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Deliver 2 pea?", "On its way."])
        #expect(harness.user.prompts == [Self.question])
        #expect(handler.calls == ["resolve soup", "resolve quantity", "confirm", "handle 2 pea"])
        #expect(TraceText.diff(Self.asked + ["answer: yes"] + Self.handled, harness.traceLines) == nil)
        #expect(harness.recorder.take() == launch("DeliverIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func noCancelsTheRequestAndNothingIsHandled() async throws {
        let (harness, handler) = try deliveryHarness([.no])
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: 2)))
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == ["Deliver 2 pea?", "OK, cancelled."])
        #expect(handler.calls == ["resolve soup", "resolve quantity", "confirm"])
        #expect(TraceText.diff(Self.asked + ["answer: no", "say: OK, cancelled.", "outcome: cancelled"], harness.traceLines) == nil)
        #expect(harness.host.requestsInFlight == 0)
        #expect(harness.recorder.take() == launch("DeliverIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func anyOtherAnswerAsksAgain() async throws {
        let (harness, handler) = try deliveryHarness([.text("maybe"), .pick(2), .yes])
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: 2)))
        #expect(outcome.status == .success)
        #expect(harness.user.prompts == [Self.question, Self.question, Self.question])
        #expect(handler.calls.last == "handle 2 pea")
        let again = ["prompt: Deliver 2 pea?", "answer: maybe", "prompt: Deliver 2 pea?", "answer: 2", "prompt: Deliver 2 pea?"]
        #expect(TraceText.diff(Self.asked.dropLast() + again + ["answer: yes"] + Self.handled, harness.traceLines) == nil)
        #expect(harness.recorder.take() == launch("DeliverIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func answersThatNeverSayYesRunOutOfPatienceAndHandleNothing() async throws {
        var configuration = AssistantConfiguration()
        configuration.maxReasks = 1
        let (harness, handler) = try deliveryHarness([.text("hmm"), .more], configuration: configuration)
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: 2)))
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == ["Deliver 2 pea?", "Deliver 2 pea?", "OK, cancelled."])
        #expect(!handler.calls.contains { $0.hasPrefix("handle") })
        #expect(harness.recorder.take() == launch("DeliverIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func parametersAreSettledWithTheUserBeforeTheQuestion() async throws {
        let (harness, handler) = try deliveryHarness([.text("3"), .yes])
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea")))
        #expect(outcome.status == .success)
        #expect(harness.user.prompts == [
            .value(parameter: "quantity", question: "How many?"),
            .intentConfirmation(intent: "DeliverIntent", question: "Deliver 3 pea?"),
        ])
        #expect(handler.calls == ["resolve soup", "resolve quantity", "resolve quantity", "confirm", "handle 3 pea"])
        #expect(harness.recorder.take() == launch("DeliverIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func aConfirmOtherThanReadyEndsWithoutAsking() async throws {
        let (harness, handler) = try deliveryHarness([])
        handler.readiness = IntentResponse(code: .failure, dialog: "The van is out.")
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: 2)))
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["The van is out."])
        #expect(harness.user.prompts.isEmpty)
        #expect(handler.calls == ["resolve soup", "resolve quantity", "confirm"])
        #expect(harness.recorder.take() == launch("DeliverIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func anIntentWithoutAPromptIsAskedWithTheAssistantsLine() async throws {
        let (harness, handler) = try deliveryHarness([.yes])
        let outcome = await harness.perform(.intent(PickUpIntent()))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Do you want Deli to go ahead?", "Done."])
        #expect(harness.user.prompts == [.intentConfirmation(intent: "PickUpIntent", question: "Do you want Deli to go ahead?")])
        #expect(handler.calls == ["handle"])
        #expect(harness.recorder.take() == launch("PickUpIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func theRequirementsAreTheSchemasOnTheDescriptor() throws {
        let catalog = try IntentCatalog([DeliverIntent.self, PickUpIntent.self])
        #expect(catalog.descriptor(named: "DeliverIntent")?.requirements
            == IntentRequirements(confirmation: IntentConfirmation(prompt: "Deliver ${quantity} ${soup}?"), restriction: .whileLocked))
        #expect(catalog.descriptor(named: "PickUpIntent")?.requirements == IntentRequirements(confirmation: IntentConfirmation()))
    }

    /// The trace up to the question, for `DeliverIntent(soup: "pea", quantity: 2)`: each step is a
    /// call of its own, the app launched by the first.
    static let asked = [
        "request: DeliverIntent", "route: DeliverIntent → Deli", "call: resolve(soup) budget 10s until 10s",
        "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
        "report: launchedForIntent: DeliverIntent", "lifecycle: app handlerFor DeliverIntent", "result: resolve(soup) → success(pea)",
        "call: resolve(quantity) budget 10s until 10s", "result: resolve(quantity) → success(2)", "call: confirm budget 10s until 10s",
        "result: confirm → response(ready)", "prompt: Deliver 2 pea?",
    ]
    /// The trace from handle on.
    static let handled = [
        "call: handle budget 10s until 10s", "result: handle → response(success)", "say: On its way.", "outcome: success",
    ]
}

/// An intent restricted while the device is locked by its own requirements (the manifest does
/// not list it as restricted): refused by the assistant, and by the app's host.
@MainActor
struct IntentRestrictionTests {
    @Test func aRestrictedIntentIsRefusedWhileLockedBeforeTheAppIsReached() async throws {
        let (harness, handler) = try deliveryHarness([], locked: true)
        let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: 2)))
        #expect(outcome.status == .refused)
        #expect(outcome.dialog == ["You'll need to unlock your device first."])
        #expect(handler.calls.isEmpty)
        #expect(harness.traceLines == [
            "request: DeliverIntent", "route: refused DeliverIntent: DeliverIntent needs the device to be unlocked",
            "say: You'll need to unlock your device first.", "outcome: refused",
        ])
        #expect(harness.leftInFlight() == [])
    }

    @Test func theAppsHostRefusesItTooAndAnUnrestrictedIntentIsAdmitted() throws {
        let catalog = try IntentCatalog([DeliverIntent.self, PickUpIntent.self])
        let manifest = AppManifest(intentsSupported: ["DeliverIntent", "PickUpIntent"])
        #expect(manifest.refusal(of: "DeliverIntent", catalog: catalog, deviceIsLocked: true)?.code == .restrictedWhileLocked)
        #expect(manifest.refusal(of: "DeliverIntent", catalog: catalog, deviceIsLocked: false) == nil)
        #expect(manifest.refusal(of: "PickUpIntent", catalog: catalog, deviceIsLocked: true) == nil)
    }

    @Test(arguments: IntentRestriction.allCases)
    func bothRestrictionsMeanWhileLocked(_ restriction: IntentRestriction) {
        #expect(restriction.isRestrictedWhileLocked == (restriction != .unrestricted))
    }
}
