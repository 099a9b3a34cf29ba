import AppIntentsFixtures
import TimersKit
import Assistant
import Foundation
import HydratorKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// Hydrator's intent declared as an App Intent, conversing through the assistant in process:
/// the same conversations as the definition file's intent, the dialogs from the declaration.
@MainActor
struct HydratorIntentTests {
    static let launch = [
        "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
        "report: launchedForIntent: TrackIntakeIntent", "lifecycle: app handlerFor TrackIntakeIntent",
    ]
    /// The app's callbacks of a launch for the intent: in the background, no scene.
    static let callbacks = ["app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor TrackIntakeIntent"]
    static let drinks = "What's the drink? Water, coffee, tea, juice, soda or milk?"

    /// The trace from the route: the first call, the launch for the intent, then `rest`.
    static func routed(_ parameters: String, _ rest: [String]) -> [String] {
        ["route: TrackIntakeIntent → Hydrator", "call: proceed(\(parameters)) budget 10s per step, first until 10s"] + launch + rest
    }

    static let added = ["result: confirm → response(ready)", "result: handle → response(success)", "say: Item Added!", "outcome: success"]

    /// What the store holds, as "ounces type" lines.
    static func stored(_ app: HydratorIntentsApp) async throws -> [String] {
        try await app.model.store.read().records.map { "\($0.ounces) \($0.type)" }
    }

    @Test func oneTurnLogsTheDrinkThroughPerform() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let (harness, app) = try IntentTestHarness.hydrator(folder)
        let outcome = await harness.perform(.utterance("log 8 ounces of water in hydrator"))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Item Added!"])
        #expect(harness.traceLines.prefix(2) == [
            "request: \"log 8 ounces of water in hydrator\"",
            "interpret: TrackIntakeIntent via \"Log ${ounces} ounces of ${hydrationType} in Hydrator\" "
                + "(hydrationType: \"water\" = Water, ounces: \"8\")",
        ])
        #expect(harness.traceFromRoute == Self.routed("ounces, hydrationType", [
            "result: resolve(ounces) → success(8)", "result: resolve(hydrationType) → success(Water)",
        ] + Self.added))
        #expect(try await Self.stored(app) == ["8 water"])
        #expect(harness.recorder.take() == Self.callbacks)
        #expect(harness.leftInFlight() == [])
    }

    @Test func theRequestValueDialogAsksForTheAmountAndTheEnumsCasesAreOffered() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let (harness, app) = try IntentTestHarness.hydrator(folder, replies: [.text("12"), .text("pop")])
        let outcome = await harness.perform(.utterance("track my water intake in hydrator"))
        #expect(outcome.dialog == ["How many ounces?", Self.drinks, "Item Added!"])
        #expect(harness.user.prompts == [
            .value(parameter: "ounces", question: "How many ounces?"), .value(parameter: "hydrationType", question: Self.drinks),
        ])
        #expect(harness.traceFromRoute == Self.routed("ounces, hydrationType", [
            "result: resolve(ounces) → needsValue", "prompt: How many ounces?", "answer: 12",
            "call: resolve(ounces) budget 10s until 10s", "result: resolve(ounces) → success(12)",
            "call: proceed(hydrationType) budget 10s per step, first until 10s", "result: resolve(hydrationType) → needsValue",
            "prompt: \(Self.drinks)", "answer: pop", "call: resolve(hydrationType) budget 10s until 10s",
            "result: resolve(hydrationType) → success(Soda)", "call: proceed() budget 10s per step, first until 10s",
        ] + Self.added))
        #expect(try await Self.stored(app) == ["12 soda"])
        #expect(harness.recorder.take() == Self.callbacks)
        #expect(harness.leftInFlight() == [])
    }

    @Test func anAmountOutsideTheInclusiveRangeIsRefusedBeforeTheAppSeesIt() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let (harness, app) = try IntentTestHarness.hydrator(folder, replies: [.text("16")])
        let outcome = await harness.perform(.utterance("log 200 ounces of tea in hydrator"))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Sorry, the ounces must be from 1 to 128.", "How many ounces?", "Item Added!"])
        #expect(try await Self.stored(app) == ["16 tea"])
        #expect(harness.recorder.take() == Self.callbacks)
        #expect(harness.leftInFlight() == [])
    }

    @Test func aFailedAppendIsTheThrownErrorsDialogAndNothingIsLogged() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        // The container is a file: the store cannot make its folder.
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: folder.path))
        let (harness, _) = try IntentTestHarness.hydrator(folder)
        let outcome = await harness.perform(.utterance("log 8 ounces of milk in hydrator"))
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["Sorry, but I couldn't add your item."])
        #expect(harness.traceLines.suffix(3) == [
            "result: handle → response(failure)", "say: Sorry, but I couldn't add your item.", "outcome: failure",
        ])
        #expect(harness.recorder.take() == Self.callbacks)
        #expect(harness.leftInFlight() == [])
    }

    /// Known to the assistant from data only (every call through the message codec), the
    /// conversation reads the same, word for word and line for line.
    @Test func asAnInstalledAppTheConversationReadsTheSame() async throws {
        var traces: [[String]] = []
        for installed in [false, true] {
            let folder = TemporaryFolder()
            defer { folder.remove() }
            let (harness, app) = try IntentTestHarness.hydrator(folder, replies: [.text("6"), .text("chai")], asInstalled: installed)
            let outcome = await harness.perform(.utterance("track my water intake in hydrator"))
            #expect(outcome.dialog == ["How many ounces?", Self.drinks, "Item Added!"])
            #expect(try await Self.stored(app) == ["6 tea"])
            #expect(harness.recorder.take() == Self.callbacks)
            #expect(harness.leftInFlight() == [])
            traces.append(harness.traceLines)
        }
        #expect(traces[0] == traces[1])
    }

    /// A request stored with the definition file's intent before the migration (a voice
    /// shortcut, a donation: its JSON) runs the migrated intent's `perform()`, linked or
    /// installed. Coffee stays coffee, known by its case's name: the definition file's enum
    /// encodes it as 2, the App Enum's position of tea.
    @Test func aRequestStoredForTheDefinitionFilesIntentRunsTheMigratedOne() async throws {
        let stored = try JSONEncoder().encode(AnyIntent(HydratorKit.TrackIntakeIntent(ounces: 12, hydrationType: .coffee)))
        for installed in [false, true] {
            let folder = TemporaryFolder()
            defer { folder.remove() }
            let (harness, app) = try IntentTestHarness.hydrator(folder, asInstalled: installed)
            let request = try app.intents.catalog.makeDecoder().decode(AnyIntent.self, from: stored)
            let outcome = await harness.perform(.intent(request))
            #expect(outcome.status == .success)
            #expect(outcome.dialog == ["Item Added!"])
            #expect(harness.traceLines.first == "request: TrackIntakeIntent")
            #expect(harness.traceFromRoute == Self.routed("ounces, hydrationType", [
                "result: resolve(ounces) → success(12)", "result: resolve(hydrationType) → success(Coffee)",
            ] + Self.added))
            #expect(try await Self.stored(app) == ["12 coffee"])
            #expect(harness.recorder.take() == Self.callbacks)
            #expect(harness.leftInFlight() == [])
        }
    }
}
