import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// `IntentCatalog(intents:)`: a static list needs no `try`; a type that breaks a rule is left out
/// and named in `problems`, and the checked form throws the first of them.
@Suite("Intent catalog problems")
struct CatalogProblemTests {
    @Test func aStaticListNeedsNoTryAndHasNoProblems() {
        let catalog = IntentCatalog(intents: [OrderSoupIntent.self, OpenSafeIntent.self])
        #expect(catalog.typeNames == ["OpenSafeIntent", "OrderSoupIntent"])
        #expect(catalog.problems == [])
    }

    @Test func eachBrokenTypeIsLeftOutNamingWhyAndTheRestStay() {
        let catalog = IntentCatalog(
            intents: [OrderSoupIntent.self, LowCodeIntent.self, OrderSoupIntent.self, MixedUpIntent.self, OpenSafeIntent.self])
        #expect(catalog.typeNames == ["OpenSafeIntent", "OrderSoupIntent"])
        #expect(catalog.descriptor(named: "LowCodeIntent") == nil)
        #expect(
            catalog.problems.map(\.description) == [
                "LowCodeIntent declares the custom response code 7; custom codes start at 100",
                "two intent types are named 'OrderSoupIntent'",
                "MixedUpIntent's parameter 'soup' takes OrderSoupIntentHandling, not OpenSafeIntentHandling; write its closures for the schema's handling protocol",
            ])
    }

    /// An installed app's data naming an intent or a parameter type with nothing, too much or a
    /// control character: that intent is left out, its problem naming the name (escaped).
    @Test func aNameFromDataThatCannotBeCarriedIsAProblem() throws {
        var description = IntentCatalog(intents: [OrderSoupIntent.self, OpenSafeIntent.self]).catalogDescription
        let soup = try #require(description.intents.firstIndex { $0.typeName == "OrderSoupIntent" })
        description.intents[soup].parameters[0].valueTypeName = "Soup\u{1B}[2J"
        description.intents.append(IntentDescription(typeName: "", parameters: []))
        let long = String(repeating: "é", count: 128) + "Intent"
        description.intents.append(IntentDescription(typeName: long, parameters: []))
        let catalog = IntentCatalog(description: description)
        #expect(catalog.typeNames == ["OpenSafeIntent"])
        #expect(catalog.problems.map(\.description) == [
            "\"Soup\\u{1B}[2J\" cannot be a name: it holds a control character",
            "\"\" cannot be a name: it is empty",
            "\"\(long)\" cannot be a name: it is 262 bytes long, over the limit of 255",
        ])
    }

    @Test func theCheckedFormThrowsTheFirstProblem() throws {
        let types: [any Intent.Type] = [OrderSoupIntent.self, LowCodeIntent.self, OrderSoupIntent.self]
        let first = try #require(IntentCatalog(intents: types).problems.first)
        #expect(first == IntentCatalogError(code: .customCodeOutOfRange, intent: "LowCodeIntent", value: "7"))
        #expect(throws: first) { try IntentCatalog(types) }
        #expect(try IntentCatalog([OrderSoupIntent.self]).typeNames == ["OrderSoupIntent"])
    }

    /// A left-out type is never admitted: the request is refused before it reaches the app, the
    /// trace names the catalog's problem and the user hears a user's sentence.
    @Test @MainActor func aLeftOutTypeIsRefused() async throws {
        let catalog = IntentCatalog(intents: [OrderSoupIntent.self, LowCodeIntent.self])
        let harness = IntentTestHarness(application: Kitchen.application(), catalog: catalog, appName: "Kitchen")
        _ = await harness.perform(.intent(LowCodeIntent()))
        #expect(
            harness.traceLines == [
                "request: LowCodeIntent",
                "route: refused LowCodeIntent: the app's catalog left LowCodeIntent out: LowCodeIntent declares the custom response code 7; custom codes start at 100",
                "say: Sorry, I don't know how to do that.", "outcome: refused",
            ])
        #expect(harness.recorder.take() == [])
        #expect(harness.leftInFlight() == [])
    }
}
