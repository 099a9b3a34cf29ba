import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// An app converses the same whether the assistant holds its Swift types (in process) or knows
/// it only as an installed app, from its intents' data, every call crossing the message codec
/// (`InstalledAppConnection`): the same lines, prompts, trace, app callbacks and handler calls.
@MainActor
struct InstalledConversationTests {
    /// Everything a conversation leaves to compare.
    struct Reading: Equatable {
        var status: AssistantOutcome.Status
        var dialog: [String]
        var prompts: [Prompt]
        var trace: [String]
        var lifecycle: [String]
        var calls: [String]
        var left: [String]
    }

    /// A kitchen scenario: the handler's set-up, the request, the user's replies.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let utterance: String
        let replies: [Reply]
        let setUp: @MainActor @Sendable (ScriptedSoupHandler) -> Void
        var testDescription: String { name }
    }

    nonisolated static let scenarios: [Scenario] = [
        Scenario(name: "a prompt answered in words the app reads", utterance: "order soup", replies: [.text("Pea")]) { handler in
            handler.soup = { $0.soup == nil ? .needsValue : .success($0.soup!) }
        },
        Scenario(name: "disambiguation with subtitles", utterance: "order soup", replies: [.pick(2)]) { handler in
            handler.soup = { intent in
                intent.soup.map { .success($0) } ?? .disambiguation(with: [Soup.menu[0], Soup.menu[2]])
            }
        },
        Scenario(name: "dynamic options offered for a missing value", utterance: "order soup", replies: [.more, .text("Lentil")]) { handler in
            handler.soup = { $0.soup == nil ? .needsValue : .success($0.soup!) }
        },
        Scenario(name: "a parameter confirmation declined", utterance: "order pho soup", replies: [.no]) { handler in
            handler.soup = { intent in .confirmationRequired(with: intent.soup!) }
        },
        Scenario(name: "quantity and several toppings", utterance: "order pho soup", replies: [.text("3"), .text("chives")]) { handler in
            handler.quantity = { $0.quantity == nil ? .needsValue : .success($0.quantity!) }
            handler.toppings = { intent in intent.toppings.map { $0.map { .success($0) } } ?? [.needsValue] }
        },
        Scenario(name: "continue in the app", utterance: "order pho soup", replies: []) { handler in
            handler.handling = { _ in .continueInApp }
        },
    ]

    func kitchen(_ scenario: Scenario, installed: Bool) async throws -> Reading {
        let handler = ScriptedSoupHandler()
        scenario.setUp(handler)
        let harness = IntentTestHarness(
            application: Kitchen.application(fallback: { _ in handler }), catalog: try Kitchen.catalog(), appName: "Kitchen",
            vocabulary: try Rig.vocabulary(), replies: scenario.replies, asInstalled: installed)
        let outcome = await harness.perform(.utterance(scenario.utterance))
        return Reading(
            status: outcome.status, dialog: outcome.dialog, prompts: harness.user.prompts, trace: harness.traceLines,
            lifecycle: harness.recorder.take(), calls: handler.calls, left: harness.leftInFlight())
    }

    @Test(arguments: scenarios)
    func aKitchenConversationReadsTheSameInstalled(_ scenario: Scenario) async throws {
        let linked = try await kitchen(scenario, installed: false)
        let installed = try await kitchen(scenario, installed: true)
        #expect(installed == linked)
        #expect(linked.left == [])
        #expect(!linked.calls.isEmpty)
        #expect(linked.dialog.joined(separator: "\n").contains(Self.said[scenario.name] ?? "?"), "\(linked.dialog)")
    }

    /// A line each scenario's conversation must say, so that none passes by saying nothing.
    nonisolated static let said = [
        "a prompt answered in words the app reads": "1 Pea coming up.",
        "disambiguation with subtitles": "1. Tomato (vegan)\n2. Clam Chowder (creamy)\n1 Clam Chowder coming up.",
        "dynamic options offered for a missing value": "You can say \"Tomato\", \"Lentil\"",
        "a parameter confirmation declined": "Just to confirm, Pho?",
        "quantity and several toppings": "3 Pho coming up.",
        "continue in the app": "Opening Kitchen.",
    ]

    @Test(arguments: [
        (2, [Reply.yes]), (2, [.no]), (2, [.text("maybe"), .yes]), (12, [.text("3"), .yes]),
    ])
    func anIntentConfirmationAndBoundsReadTheSameInstalled(_ quantity: Int, _ replies: [Reply]) async throws {
        func read(installed: Bool) async throws -> Reading {
            let (harness, handler) = try deliveryHarness(replies, asInstalled: installed)
            let outcome = await harness.perform(.intent(DeliverIntent(soup: "pea", quantity: quantity)))
            return Reading(
                status: outcome.status, dialog: outcome.dialog, prompts: harness.user.prompts, trace: harness.traceLines,
                lifecycle: harness.recorder.take(), calls: handler.calls, left: harness.leftInFlight())
        }
        let linked = try await read(installed: false)
        #expect(try await read(installed: true) == linked)
        #expect(linked.prompts.contains { if case .intentConfirmation = $0 { true } else { false } })
        #expect(linked.left == [])
    }

    @Test func theInstalledCatalogHoldsRecordsNotTheAppsTypes() throws {
        let installed = InstalledAppConnection(InProcessConnection(host: IntentHost(application: Kitchen.application(), catalog: try Kitchen.catalog()), appName: "Kitchen"))
        let intent = try #require(installed.catalog.descriptor(named: "OrderSoupIntent")).makeIntent()
        #expect(intent.is(IntentRecord.self))
        #expect(intent.typeName == "OrderSoupIntent")
        #expect(installed.catalog.catalogDescription == (try Kitchen.catalog()).catalogDescription)
    }
}
