import Assistant
import HydratorKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// The conversations of issue 12, with the app not running (launched in the background for the
/// intent): whole dialogs, whole traces, what the store holds afterwards.
@MainActor
struct ConversationTests {
    static let launch = [
        "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
        "report: launchedForIntent: TrackIntakeIntent", "lifecycle: app handlerFor TrackIntakeIntent",
    ]
    nonisolated static let drinks = "Water, coffee, tea, juice, soda or milk?"

    @Test func oneTurnLogsTheDrinkAndSaysItemAdded() async throws {
        let rig = try HydratorRig()
        let outcome = await rig.say("log 8 ounces of water")
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Item Added!"])
        #expect(rig.trace == [
            "request: \"log 8 ounces of water\"",
            "interpret: TrackIntakeIntent via \"Log ${ounces} ounces of ${hydrationType}\" (hydrationType: \"water\" = Water, ounces: \"8\")",
            "route: TrackIntakeIntent → Hydrator",
            "call: proceed(ounces, hydrationType) budget 10s per step, first until 10s",
        ] + Self.launch + [
            "result: resolve(ounces) → success(8)", "result: resolve(hydrationType) → success(Water)",
            "result: confirm → response(ready)", "result: handle → response(success)",
            "say: Item Added!", "outcome: success",
        ])
        #expect(try await rig.stored() == ["8 water"])
        #expect(rig.leftOpen() == [])
    }

    @Test func trackingWithoutDetailsAsksForTheAmountThenOffersTheDrinks() async throws {
        let rig = try HydratorRig([.text("12"), .text("pop")])
        let outcome = await rig.say("track my water intake")
        #expect(outcome.status == .success)
        #expect(rig.user.prompts == [
            .value(parameter: "ounces", question: "How many ounces?"),
            .value(parameter: "hydrationType", question: Self.drinks),
        ])
        #expect(outcome.dialog == ["How many ounces?", Self.drinks, "Item Added!"])
        #expect(rig.trace.filter { $0.hasPrefix("result:") || $0.hasPrefix("prompt:") || $0.hasPrefix("answer:") } == [
            "result: resolve(ounces) → needsValue", "prompt: How many ounces?", "answer: 12",
            "result: resolve(ounces) → success(12)", "result: resolve(hydrationType) → needsValue",
            "prompt: \(Self.drinks)", "answer: pop", "result: resolve(hydrationType) → success(Soda)",
            "result: confirm → response(ready)", "result: handle → response(success)",
        ])
        #expect(try await rig.stored() == ["12 soda"])
        #expect(rig.leftOpen() == [])
    }

    @Test func aDrinkThatIsNoHydrationTypeIsRefusedWithTheReasonAndAskedAgain() async throws {
        let rig = try HydratorRig([.text("8"), .text("H2O")])
        let outcome = await rig.say("log a drink of beer")
        #expect(outcome.status == .success)
        #expect(outcome.dialog == [
            "How many ounces?", "Sorry, that's not a drink I can log.", Self.drinks, "Item Added!",
        ])
        #expect(rig.trace.filter { $0.hasPrefix("interpret:") || $0.hasPrefix("result: resolve(hydrationType)") } == [
            "interpret: TrackIntakeIntent via \"log a drink of ${hydrationType}\" (hydrationType: \"beer\")",
            "result: resolve(hydrationType) → unsupported reason: notADrink",
            "result: resolve(hydrationType) → success(Water)",
        ])
        #expect(!outcome.dialog.contains { $0.contains("didn't get that") })
        #expect(try await rig.stored() == ["8 water"])
        #expect(rig.leftOpen() == [])
    }

    @Test func tooManyOuncesAreRefusedWithTheReasonAndNothingIsSaved() async throws {
        let rig = try HydratorRig([.text("500"), .cancel])
        let outcome = await rig.say("log 500 ounces of tea")
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == [
            "That's more than I can log at once.", "How many ounces?",
            "That's more than I can log at once.", "How many ounces?", "OK, cancelled.",
        ])
        #expect(rig.trace.filter { $0.hasPrefix("result:") } == [
            "result: resolve(ounces) → unsupported reason: greaterThanMaximumValue",
            "result: resolve(ounces) → unsupported reason: greaterThanMaximumValue",
        ])
        #expect(try await rig.stored() == [])
        #expect(rig.leftOpen() == [])
    }

    @Test(arguments: [
        ([Reply.cancel], ["How many ounces?", "OK, cancelled."]),
        ([Reply.text("8"), .cancel], ["How many ounces?", drinks, "OK, cancelled."]),
        ([Reply.text("8"), .text("beer"), .cancel], [
            "How many ounces?", drinks, "Sorry, that's not a drink I can log.", drinks, "OK, cancelled.",
        ]),
    ])
    func cancellingAtAnyPromptSavesNothing(replies: [Reply], dialog: [String]) async throws {
        let rig = try HydratorRig(replies)
        let outcome = await rig.say("track my water intake")
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == dialog)
        #expect(!rig.trace.contains { $0.hasPrefix("result: handle") })
        #expect(try await rig.stored() == [])
        #expect(rig.leftOpen() == [])
    }
}
