import Assistant
import Foundation
import HydratorKit
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// The hand-written `TrackIntakeIntent` (`HandWrittenTrackIntake.swift`) against the one
/// generated from `Hydrator.intentdefinition`: the same conversations, the same handler behind
/// both, the same transcripts (every trace line, every dialog line, what the store holds).
@MainActor
struct HandWrittenTrackIntakeTests {
    /// The hand-written protocol answered by Hydrator's own handler: the intent is passed on as the
    /// generated one, and the answers come back unchanged.
    final class Adapter: HandWrittenTrackIntakeIntentHandling {
        let handler: TrackIntakeHandler
        init(_ handler: TrackIntakeHandler) { self.handler = handler }

        func generated(_ intent: HandWrittenTrackIntakeIntent) -> TrackIntakeIntent {
            TrackIntakeIntent(ounces: intent.ounces, hydrationType: intent.hydrationType.flatMap { HydrationType(rawValue: $0.rawValue) })
        }

        func resolveOunces(for intent: HandWrittenTrackIntakeIntent) async -> ResolutionResult<Int> {
            await handler.resolveOunces(for: generated(intent))
        }

        func resolveHydrationType(for intent: HandWrittenTrackIntakeIntent) async -> ResolutionResult<HandWrittenHydrationType> {
            func drink(_ type: HydrationType) -> HandWrittenHydrationType { HandWrittenHydrationType(rawValue: type.rawValue) ?? .unknown }
            switch await handler.resolveHydrationType(for: generated(intent)) {
            case .success(let type): return .success(drink(type))
            case .disambiguation(let types): return .disambiguation(types.map(drink))
            case .confirmationRequired(let type): return .confirmationRequired(drink(type))
            case .needsValue: return .needsValue
            case .notRequired: return .notRequired
            case .unsupported(let reason): return .unsupported(reason: reason)
            }
        }

        func handle(intent: HandWrittenTrackIntakeIntent) async -> IntentResponse {
            await handler.handle(intent: generated(intent)).intentResponse
        }
    }

    /// What a conversation left: trace lines (without instants), dialog, stored entries, and
    /// anything still in flight.
    struct Transcript: Equatable {
        var trace: [String] = []
        var dialog: [String] = []
        var stored: [String] = []
        var leftOpen: [String] = []
    }

    static let conversations: [(words: String, replies: [Reply])] = [
        ("log 8 ounces of water", []), ("track my water intake", [.text("12"), .text("pop")]),
        ("log a drink of beer", [.text("8"), .text("H2O")]), ("log 200 ounces of coffee", [.text("16")]),
        ("log 0 ounces of tea", [.text("4")]),
    ]

    /// Runs each conversation on a fresh app whose only intent is `intent`, handled by `handler`.
    func transcripts(_ intent: any Intent.Type, phrases: [String], handler: (TrackIntakeHandler) -> AnyObject) async throws
        -> [Transcript]
    {
        var transcripts: [Transcript] = []
        for conversation in Self.conversations {
            let container = FileManager.default.temporaryDirectory.appending(path: "hand-written-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: container) }
            let store = HydrationStore(container: container)
            let object = handler(TrackIntakeHandler(log: store, now: { morning }))
            let catalog = try IntentCatalog([intent])
            var vocabulary = Vocabulary()
            for phrase in phrases + HydratorApp.spokenPhrases { try vocabulary.addPhrase(phrase, intent: intent.typeName) }
            vocabulary.setEnumEntities(from: catalog)
            let application = Application(
                manifest: AppManifest(intentsSupported: catalog.typeNames), delegate: { HandlerDelegate(handler: object) })
            let harness = IntentTestHarness(
                application: application, catalog: catalog, appName: HydratorApp.name, vocabulary: vocabulary,
                replies: conversation.replies)
            let outcome = await harness.perform(.utterance(conversation.words))
            _ = harness.recorder.take()  // the lifecycle is in the trace; only what is open is checked
            transcripts.append(Transcript(
                trace: harness.assistant.trace.events.map { "\($0.kind.rawValue): \($0.detail)" }, dialog: outcome.dialog,
                stored: try await store.read().records.map { "\($0.ounces) \($0.type)" }, leftOpen: harness.leftInFlight()))
        }
        return transcripts
    }

    @Test func everyConversationReadsTheSameThroughTheHandWrittenAndTheGeneratedIntent() async throws {
        let generated = try await transcripts(TrackIntakeIntent.self, phrases: TrackIntakeIntent.phrases) { $0 }
        let handWritten = try await transcripts(HandWrittenTrackIntakeIntent.self, phrases: HandWrittenTrackIntakeIntent.phrases) {
            Adapter($0)
        }
        #expect(generated.map(\.dialog) == [
            ["Item Added!"], ["How many ounces?", "Water, coffee, tea, juice, soda or milk?", "Item Added!"],
            ["How many ounces?", "Sorry, that's not a drink I can log.", "Water, coffee, tea, juice, soda or milk?", "Item Added!"],
            ["That's more than I can log at once.", "How many ounces?", "Item Added!"],
            ["Sorry, I can't log less than 1 ounce.", "How many ounces?", "Item Added!"],
        ])
        #expect(generated.map(\.stored) == [["8 water"], ["12 soda"], ["8 water"], ["16 coffee"], ["4 tea"]])
        #expect(generated.allSatisfy { $0.trace.last == "outcome: success" && $0.leftOpen.isEmpty })
        for (index, pair) in zip(generated, handWritten).enumerated() {
            #expect(pair.0 == pair.1, "conversation \(index + 1), \"\(Self.conversations[index].words)\"")
        }
        #expect(handWritten.count == generated.count)
    }
}
