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

    /// The trace's start for `words` read through `phrase`: the request, its reading, the route,
    /// the first call and the launch for the intent.
    static func start(_ words: String, _ reading: String) -> [String] {
        ["request: \"\(words)\"", "interpret: TrackIntakeIntent via \(reading)", "route: TrackIntakeIntent → Hydrator",
         "call: proceed(ounces, hydrationType) budget 10s per step, first until 10s"] + launch
    }

    /// A value asked for and answered, then resolved again: `rest` is what the call answered.
    static func asked(_ prompt: String, _ answer: String, _ parameter: String, _ rest: [String]) -> [String] {
        ["prompt: \(prompt)", "answer: \(answer)", "call: resolve(\(parameter)) budget 10s until 10s"] + rest
    }

    /// The end of a request whose values are all resolved: confirm, handle, "Item Added!".
    static let added = [
        "call: proceed() budget 10s per step, first until 10s", "result: confirm → response(ready)",
        "result: handle → response(success)", "say: Item Added!", "outcome: success",
    ]

    @Test func oneTurnLogsTheDrinkAndSaysItemAdded() async throws {
        let rig = try HydratorRig()
        let outcome = await rig.say("log 8 ounces of water")
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Item Added!"])
        #expect(rig.trace == Self.start(
            "log 8 ounces of water", "\"Log ${ounces} ounces of ${hydrationType}\" (hydrationType: \"water\" = Water, ounces: \"8\")")
            + [
                "result: resolve(ounces) → success(8)", "result: resolve(hydrationType) → success(Water)",
                "result: confirm → response(ready)", "result: handle → response(success)", "say: Item Added!", "outcome: success",
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
        #expect(rig.trace == Self.start("track my water intake", "\"track my water intake\"") + [
            "result: resolve(ounces) → needsValue",
        ] + Self.asked("How many ounces?", "12", "ounces", [
            "result: resolve(ounces) → success(12)", "call: proceed(hydrationType) budget 10s per step, first until 10s",
            "result: resolve(hydrationType) → needsValue",
        ]) + Self.asked(Self.drinks, "pop", "hydrationType", ["result: resolve(hydrationType) → success(Soda)"]) + Self.added)
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
        #expect(rig.trace == Self.start("log a drink of beer", "\"log a drink of ${hydrationType}\" (hydrationType: \"beer\")") + [
            "result: resolve(ounces) → needsValue",
        ] + Self.asked("How many ounces?", "8", "ounces", [
            "result: resolve(ounces) → success(8)", "call: proceed(hydrationType) budget 10s per step, first until 10s",
            "result: resolve(hydrationType) → unsupported reason: notADrink", "say: Sorry, that's not a drink I can log.",
        ]) + Self.asked(Self.drinks, "H2O", "hydrationType", ["result: resolve(hydrationType) → success(Water)"]) + Self.added)
        #expect(!outcome.dialog.contains { $0.contains("didn't get that") })
        #expect(try await rig.stored() == ["8 water"])
        #expect(rig.leftOpen() == [])
    }

    /// The definition's maximum (128) is the assistant's to enforce: the app's own line for the
    /// reason is said, and the app never sees 500 (nor is it launched, when the user gives up).
    @Test func tooManyOuncesAreRefusedWithTheReasonAndNothingIsSaved() async throws {
        let rig = try HydratorRig([.text("500"), .cancel])
        let outcome = await rig.say("log 500 ounces of tea")
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == [
            "That's more than I can log at once.", "How many ounces?",
            "That's more than I can log at once.", "How many ounces?", "OK, cancelled.",
        ])
        #expect(rig.trace == [
            "request: \"log 500 ounces of tea\"",
            "interpret: TrackIntakeIntent via \"Log ${ounces} ounces of ${hydrationType}\" (hydrationType: \"tea\" = Tea, ounces: \"500\")",
            "route: TrackIntakeIntent → Hydrator", "say: That's more than I can log at once.", "prompt: How many ounces?",
            "answer: 500", "say: That's more than I can log at once.", "prompt: How many ounces?", "answer: cancel",
            "say: OK, cancelled.", "outcome: cancelled",
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
