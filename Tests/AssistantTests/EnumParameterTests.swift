import Assistant
import Foundation
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// A drink an enum parameter holds: display names, a synonym, an acronym.
enum Beverage: Int, EnumParameterValue {
    case unknown = 0, tea, coffee, water
    var displayName: String {
        switch self {
        case .unknown: "unknown"
        case .tea: "Tea"
        case .coffee: "Coffee"
        case .water: "H2O"
        }
    }
    var synonyms: [String] { self == .coffee ? ["java"] : [] }
}

struct PourIntent: Intent {
    static let typeName = "PourIntent"
    var drink: Beverage?
    init() {}
    static let schema = IntentSchema<PourIntent>(
        handler: PourHandler.self,
        parameters: [
            .value(
                "drink", \.drink, prompts: ParameterPrompts(unsupported: ["notPoured": "We don't pour that here."]),
                resolve: { (handler: PourHandler, intent) in handler.resolveDrink(intent.drink) })
        ],
        handle: { handler, intent in handler.pour(intent.drink) })
}

/// Pours what it is asked for; what its resolve saw, in order.
@MainActor
final class PourHandler {
    var seen: [String] = []
    func resolveDrink(_ drink: Beverage?) -> ResolutionResult<Beverage> {
        seen.append(drink.map { String(describing: $0) } ?? "nil")
        switch drink {
        case nil: return .needsValue
        case .unknown?: return .unsupported(reason: "notPoured")
        case let drink?: return .success(with: drink)
        }
    }
    func pour(_ drink: Beverage?) -> IntentResponse {
        IntentResponse(code: .success, values: [:])
    }
}

@MainActor
struct EnumParameterTests {
    let handler = PourHandler()
    let user: ScriptedUser
    let host: IntentHost
    let assistant: Assistant

    init() throws {
        user = ScriptedUser()
        let handler = handler
        let app = Application(
            manifest: AppManifest(intentsSupported: ["PourIntent"]),
            delegate: { HandlerDelegate(handler: handler) })
        let catalog = try IntentCatalog([PourIntent.self])
        host = IntentHost(application: app, catalog: catalog)
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("pour a drink", intent: "PourIntent")
        try vocabulary.addPhrase("pour me ${drink}", intent: "PourIntent")
        vocabulary.setEnumEntities(from: catalog)
        assistant = Assistant(
            connection: InProcessConnection(host: host, appName: "Bar"), user: user, device: Device(),
            clock: .sleeping(on: ManualClock()), vocabulary: vocabulary)
    }

    @Test func wordsThatNameNoCaseMakeUnknownAndNoWordsNone() {
        #expect(["tea", "JAVA", "h2o", "water", "coffee ", "beer", "unknown", " "].map { Beverage.fromSpoken($0, identifier: nil) }
            == [.tea, .coffee, .water, .water, .coffee, .unknown, .unknown, nil])
        #expect(Beverage.fromSpoken("anything", identifier: "tea") == .tea)
        #expect(Beverage.enumCases == [
            EnumCase(identifier: "tea", displayName: "Tea"), EnumCase(identifier: "coffee", displayName: "Coffee", synonyms: ["java"]),
            EnumCase(identifier: "water", displayName: "H2O"),
        ])
    }

    /// A stored value is read as the case it names before its raw value, so an app that adds or
    /// reorders cases keeps its users' values; a name the enum no longer has falls back to the
    /// raw value, as SiriKit reads one.
    @Test func aDecodedValueIsTheCaseItNamesBeforeItsRawValue() throws {
        let catalog = try IntentCatalog([PourIntent.self])
        func decoded(value: Int, identifier: String) throws -> Beverage? {
            let json = #"{"type":"Beverage","value":\#(value),"display":{"identifier":"\#(identifier)","title":"A drink"}}"#
            return try catalog.makeDecoder().decode(AnyParameterValue.self, from: Data(json.utf8)).value(as: Beverage.self)
        }
        #expect(try decoded(value: 3, identifier: "tea") == .tea)
        #expect(try decoded(value: 1, identifier: "coffee") == .coffee)
        #expect(try decoded(value: 3, identifier: "lemonade") == .water)
        #expect(try decoded(value: 2, identifier: "coffee") == .coffee)
        // What the app encodes is what it decodes.
        let encoded = try JSONEncoder().encode(AnyParameterValue(Beverage.water))
        #expect(try catalog.makeDecoder().decode(AnyParameterValue.self, from: encoded).value(as: Beverage.self) == .water)
    }

    @Test func theDescriptorListsTheCasesOfEnumParametersOnly() throws {
        let catalog = try IntentCatalog([PourIntent.self])
        let descriptor = try #require(catalog.descriptor(named: "PourIntent"))
        #expect(descriptor.enumCases(of: "drink")?.map(\.displayName) == ["Tea", "Coffee", "H2O"])
        #expect(descriptor.enumCases(of: "glass") == nil)
    }

    @Test func needsValueOffersTheCasesAndASynonymAnswers() async {
        user.append(.text("java"))
        let outcome = await assistant.perform(.utterance("pour a drink"))
        #expect(outcome.status == .success)
        #expect(user.prompts == [.value(parameter: "drink", question: "Tea, coffee or H2O?")])
        #expect(handler.seen == ["nil", "coffee"])
        #expect(outcome.dialog == ["Tea, coffee or H2O?", "Done."])
        #expect(leftInFlight(host: host, user: user) == [])
    }

    @Test func aSpokenWordThatIsNoCaseReachesResolveAndItsReasonIsSpoken() async {
        user.append(.text("beer"), .text("tea"))
        let outcome = await assistant.perform(.utterance("pour me beer"))
        #expect(outcome.status == .success)
        #expect(handler.seen == ["unknown", "unknown", "tea"])
        #expect(outcome.dialog == [
            "We don't pour that here.", "Tea, coffee or H2O?", "We don't pour that here.", "Tea, coffee or H2O?", "Done.",
        ])
        #expect(!outcome.dialog.contains { $0.contains("didn't get that") })
        let trace = assistant.trace.events.map { "\($0.kind.rawValue): \($0.detail)" }
        #expect(trace.contains("interpret: PourIntent via \"pour me ${drink}\" (drink: \"beer\")"))
        #expect(leftInFlight(host: host, user: user) == [])
    }

    @Test func theVocabularyTakesItsEntitiesFromTheEnum() async {
        let outcome = await assistant.perform(.utterance("pour me cofee"))
        #expect(outcome.status == .success)
        #expect(handler.seen == ["coffee"])
        let trace = assistant.trace.events.map { "\($0.kind.rawValue): \($0.detail)" }
        #expect(trace.contains("interpret: PourIntent via \"pour me ${drink}\" (drink: \"cofee\" = Coffee)"))
        #expect(leftInFlight(host: host, user: user) == [])
    }

    @Test func noWordsAtThePromptStillGetTheCasesAsExamples() async {
        user.append(.text(" "), .cancel)
        let outcome = await assistant.perform(.utterance("pour a drink"))
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == [
            "Tea, coffee or H2O?", "Sorry, I didn't get that. You can say \"Tea\", \"Coffee\" or \"cancel\".",
            "Tea, coffee or H2O?", "OK, cancelled.",
        ])
        #expect(leftInFlight(host: host, user: user) == [])
    }
}
