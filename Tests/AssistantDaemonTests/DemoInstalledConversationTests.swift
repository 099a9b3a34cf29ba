import Assistant
import AssistantService
import Foundation
import HobsonCLI
import HobsonKit
import HydratorKit
import HydratorShell
import IntentDefinition
import RecipeAssistantCLI
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// Each demo converses the same in process (the assistant holding the app's Swift types and
/// words) and as `assistantd` knows it: from its checked-in bundle's data alone, every call
/// crossing the message codec. Same lines, prompts and trace.
@MainActor
struct DemoInstalledConversationTests {
    struct Heard: Equatable {
        var status: AssistantOutcome.Status
        var dialog: [String]
        var trace: [String]
    }

    /// The utterances said in turn, `replies` answering the prompts, through `connection`.
    func converse(
        _ connection: any AppConnection, device: Device, words: (Vocabulary, DialogTable), utterances: [String],
        replies: [Reply]
    ) async -> (heard: [Heard], prompts: [Prompt]) {
        let user = ScriptedUser(replies)
        var configuration = AssistantConfiguration()
        configuration.dialogs = words.1
        let assistant = Assistant(
            connection: connection, user: user, device: device, clock: .sleeping(on: ManualClock()), vocabulary: words.0,
            configuration: configuration)
        var heard: [Heard] = []
        for utterance in utterances {
            let outcome = await assistant.perform(.utterance(utterance))
            heard.append(Heard(status: outcome.status, dialog: outcome.dialog, trace: TraceText.lines(of: assistant.trace)))
        }
        return (heard, user.prompts)
    }

    /// The words `assistantd` reads from the demo's checked-in bundle.
    func installedWords(_ bundle: String) throws -> (Vocabulary, DialogTable) {
        let folder = DemoBundleDataTests.root + "/" + bundle
        let installed = try InstalledApp(try AppBundleData(contentsOf: folder), folder: folder)
        return (installed.vocabulary, installed.dialogs)
    }

    @Test func theRecipeAssistantReadsTheSameInstalled() async throws {
        let utterances = ["show directions", "next step", "show directions for banana pancakes", "whats next"]
        var runs: [(heard: [Heard], prompts: [Prompt])] = []
        for installed in [false, true] {
            let app = try RecipeAssistantApp()
            let words = installed
                ? try installedWords("RecipeAssistant/Bundle/Recipe Assistant.app")
                : (RecipeAssistantApp.vocabulary(featured: RecipeBook.demo().featured), DialogTable.defaults)
            let base = app.connect()
            let connection: any AppConnection = installed ? InstalledAppConnection(base) : base
            runs.append(await converse(connection, device: app.device, words: words, utterances: utterances, replies: [.pick(2)]))
        }
        #expect(runs[1].heard == runs[0].heard)
        #expect(runs[1].prompts == runs[0].prompts)
        #expect(runs[0].heard.map(\.status) == [.continuedInApp, .success, .success, .success])
        #expect(runs[0].heard[0].dialog.first?.contains("2. Buttermilk Pancakes (20 min · serves 4)") == true)
    }

    @Test func hydratorReadsTheSameInstalled() async throws {
        let utterances = ["log 8 ounces of water", "i drank 500 ounces of coffee", "log a drink of klingon", "log a drink"]
        var runs: [(heard: [Heard], prompts: [Prompt])] = []
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for installed in [false, true] {
            let container = FileManager.default.temporaryDirectory.appendingPathComponent("hydrator-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: container) }
            let app = try HydratorApp(container: container, calendar: calendar, now: { Date(timeIntervalSince1970: 1_780_000_000) })
            let words = installed
                ? try installedWords("Hydrator/Bundle/Hydrator.app") : (try HydratorApp.vocabulary(), try HydratorApp.dialogs())
            let base = app.connect()
            let connection: any AppConnection = installed ? InstalledAppConnection(base) : base
            runs.append(
                await converse(
                    connection, device: app.device, words: words, utterances: utterances,
                    replies: [.text("12"), .text("tea"), .text("8")]))
        }
        #expect(runs[1].heard == runs[0].heard)
        #expect(runs[1].prompts == runs[0].prompts)
        #expect(runs[0].heard.first?.dialog.last == "Item Added!")
    }

    @Test func hobsonReadsTheSameInstalled() async throws {
        let utterances = ["insult me like a pirate", "insult me like a klingon", "make me laugh", "whats my favourite insult"]
        var runs: [(heard: [Heard], prompts: [Prompt])] = []
        for installed in [false, true] {
            let app = try HobsonApp(
                clock: ManualClock(), makeIdentifier: { "fixed" }, now: { Date(timeIntervalSince1970: 1_780_000_000) })
            let words = installed ? try installedWords("Hobson/Bundle/Hobson.app") : (HobsonApp.vocabulary(), DialogTable.defaults)
            let base = app.connect()
            let connection: any AppConnection = installed ? InstalledAppConnection(base) : base
            runs.append(await converse(connection, device: app.device, words: words, utterances: utterances, replies: []))
        }
        #expect(runs[1].heard == runs[0].heard)
        #expect(runs[0].heard.count == 4)
        #expect(runs[0].heard.contains { $0.status == .success })
    }
}
