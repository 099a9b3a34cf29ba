import Assistant
import Foundation
import SceneIntents
import SceneIntentsTesting
import SceneIntentsWire
import TestFixtures
import Testing

/// Why a drink's ounces are refused: the keys of the parameter's reason dialogs.
enum LogOuncesReason: String {
    case notANumber
}

/// A Hydrator-like intent: `ounces` is resolved with what the user said (unread words too),
/// `cups` by a resolve that never looks at them.
struct LogWaterIntent: Intent {
    static let typeName = "LogWaterIntent"
    var ounces: Int?
    var cups: Int?
    init() {}
    static let schema = IntentSchema<LogWaterIntent>(
        handler: WaterHandler.self,
        parameters: [
            .value(
                "ounces", \.ounces,
                prompts: ParameterPrompts(
                    value: "How many ounces?", unsupported: ["notANumber": "I can only log a number of ounces, not \"${ounces}\"."]),
                resolveInput: { (handler: WaterHandler, _, input) in handler.resolveOunces(input) }),
            .value(
                "cups", \.cups, prompts: ParameterPrompts(value: "How many cups?"),
                resolve: { (handler: WaterHandler, intent) in handler.resolveCups(intent.cups) }),
        ],
        handle: { _, intent in
            IntentResponse(code: .success, dialog: "Logged \(intent.ounces ?? 0) ounces and \(intent.cups ?? 0) cups.")
        })
}

/// Resolves what it is given; what each resolve saw, in order.
@MainActor
final class WaterHandler {
    var seen: [String] = []
    /// Whether `cups` is needed at all (the utterance tests of `ounces` need only it).
    var wantsCups = true

    func resolveOunces(_ input: ParameterInput<Int>) -> ResolutionResult<Int> {
        seen.append("ounces \(input)")
        switch input {
        case .missing: return .needsValue
        case .value(let ounces): return .success(with: ounces)
        case .unread: return .unsupported(forReason: LogOuncesReason.notANumber)
        }
    }

    func resolveCups(_ cups: Int?) -> ResolutionResult<Int> {
        seen.append("cups \(cups.map(String.init) ?? "nil")")
        guard wantsCups else { return .notRequired }
        return .accepting(cups)
    }
}

@MainActor
struct UnreadWordsTests {
    let handler = WaterHandler()
    let user = ScriptedUser()
    let host: IntentHost

    init() throws {
        let handler = handler
        let app = Application(
            manifest: AppManifest(intentsSupported: ["LogWaterIntent"]), delegate: { HandlerDelegate(handler: handler) })
        host = IntentHost(application: app, catalog: try IntentCatalog([LogWaterIntent.self]))
    }

    func assistant(_ configuration: AssistantConfiguration = AssistantConfiguration()) throws -> Assistant {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("log water", for: LogWaterIntent.self)
        try vocabulary.addPhrase("log ${ounces} ounces", for: LogWaterIntent.self)
        try vocabulary.addPhrase("log ${cups} cups", for: LogWaterIntent.self)
        return Assistant(
            connection: InProcessConnection(host: host, appName: "Water"), user: user, device: Device(),
            clock: .sleeping(on: ManualClock()), vocabulary: vocabulary, configuration: configuration)
    }

    @Test func unreadWordsInTheUtteranceReachResolveAndTheAppsReasonIsSpoken() async throws {
        handler.wantsCups = false
        user.append(.text("12"))
        let assistant = try assistant()
        let outcome = await assistant.perform(.utterance("log lots ounces"))
        #expect(outcome.status == .success)
        #expect(handler.seen == ["ounces unread(\"lots\")", "ounces value(12)", "cups nil"])
        #expect(outcome.dialog == [
            "I can only log a number of ounces, not \"lots\".", "How many ounces?", "Logged 12 ounces and 0 cups.",
        ])
        #expect(!outcome.dialog.contains { $0.contains("didn't get that") })
        let trace = assistant.trace.events.map { "\($0.kind.rawValue): \($0.detail)" }
        #expect(trace.contains("interpret: LogWaterIntent via \"log ${ounces} ounces\" (ounces: \"lots\")"))
        #expect(trace.contains("result: resolve(ounces) → unsupported reason: notANumber"))
        // The words went to one resolution: the intent the app ended with carries none.
        #expect(outcome.intent?.unreadWords == [:])
        #expect(outcome.intent?.as(LogWaterIntent.self)?.ounces == 12)
        #expect(leftInFlight(host: host, user: user) == [])
    }

    @Test func unreadWordsAtTheValuePromptReachResolveAndTheAppsReasonIsSpoken() async throws {
        handler.wantsCups = false
        user.append(.text("lots"), .text("a few"), .text("8"))
        let outcome = try await assistant().perform(.utterance("log water"))
        #expect(outcome.status == .success)
        #expect(handler.seen == [
            "ounces missing", "ounces unread(\"lots\")", "ounces unread(\"a few\")", "ounces value(8)", "cups nil",
        ])
        #expect(outcome.dialog == [
            "How many ounces?", "I can only log a number of ounces, not \"lots\".",
            "How many ounces?", "I can only log a number of ounces, not \"a few\".",
            "How many ounces?", "Logged 8 ounces and 0 cups.",
        ])
        #expect(leftInFlight(host: host, user: user) == [])
    }

    @Test func aResolveThatDoesNotLookGetsTheDefaultLineInTheUtteranceAndAtThePrompt() async throws {
        user.append(.text("lots"), .text("3"))
        let outcome = try await assistant().perform(.utterance("log 6 ounces"))
        #expect(outcome.status == .success)
        #expect(handler.seen == ["ounces value(6)", "cups nil", "cups nil", "cups 3"])
        #expect(outcome.dialog == [
            "How many cups?", "Sorry, I didn't get that. You can say a number or \"cancel\".", "How many cups?",
            "Logged 6 ounces and 3 cups.",
        ])
        #expect(leftInFlight(host: host, user: user) == [])

        // From the utterance: the words wait for cups' resolution, which answers needsValue.
        handler.seen = []
        user.append(.text("4"), .text("2"))
        let fromUtterance = try await assistant().perform(.utterance("log lots cups"))
        #expect(fromUtterance.status == .success)
        #expect(handler.seen == ["ounces missing", "ounces value(4)", "cups nil", "cups 2"])
        #expect(fromUtterance.dialog == [
            "How many ounces?", "Sorry, I didn't get that. You can say a number or \"cancel\".", "How many cups?",
            "Logged 4 ounces and 2 cups.",
        ])
        #expect(fromUtterance.intent?.unreadWords == [:])
        #expect(leftInFlight(host: host, user: user) == [])
    }

    @Test func theAppsReplacementOfTheDefaultLineIsSaidForWordsItsResolveIgnores() async throws {
        var configuration = AssistantConfiguration()
        configuration.dialogs = try DialogTable([.didNotGetValue: "Hmm, ${app} needs a number of ${parameter}: try ${examples}."])
        user.append(.text("lots"), .cancel)
        let outcome = try await assistant(configuration).perform(.intent(LogWaterIntent.with(ounces: 6)))
        #expect(outcome.status == .cancelled)
        #expect(handler.seen == ["ounces value(6)", "cups nil", "cups nil"])
        #expect(outcome.dialog == [
            "How many cups?", "Hmm, Water needs a number of cups: try a number or \"cancel\".", "How many cups?",
            "OK, cancelled.",
        ])
        #expect(leftInFlight(host: host, user: user) == [])
    }

    @Test func unreadWordsCrossTheWireWithTheIntent() throws {
        let catalog = try IntentCatalog([LogWaterIntent.self])
        var intent = AnyIntent(LogWaterIntent.with(ounces: nil))
        intent.unreadWords = ["ounces": "lots"]
        let data = try JSONEncoder().encode(intent)
        #expect(String(decoding: data, as: UTF8.self).contains("\"unreadWords\":{\"ounces\":\"lots\"}"))
        #expect(try catalog.makeDecoder().decode(AnyIntent.self, from: data) == intent)
        // The protocol's own coder, which every process call goes through.
        let codec = MessageCodec(catalog: catalog)
        let bytes = try codec.encode(intent)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"unreadWords\":{\"ounces\":\"lots\"}"))
        #expect(try codec.decode(AnyIntent.self, from: bytes) == intent)
        #expect(!String(decoding: try codec.encode(AnyIntent(LogWaterIntent())), as: UTF8.self).contains("unreadWords"))
        #expect(ParameterInput<Int>(nil, unread: "lots") == .unread("lots"))
        #expect(ParameterInput<Int>(3, unread: "lots") == .value(3))
        #expect(ParameterInput<Int>(nil, unread: nil) == .missing)
    }
}

extension LogWaterIntent {
    static func with(ounces: Int?) -> LogWaterIntent {
        var intent = LogWaterIntent()
        intent.ounces = ounces
        return intent
    }
}
