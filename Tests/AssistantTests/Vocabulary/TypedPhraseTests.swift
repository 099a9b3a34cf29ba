import Assistant
import SceneIntents
import TestFixtures
import Testing

/// Phrases added for an intent type have their slots checked against its parameters.
struct TypedPhraseTests {
    @Test func aSlotNamingAParameterIsAddedAndMatchesAsTheNamedPhraseDoes() throws {
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("order ${soup} soup", for: OrderSoupIntent.self)
        vocabulary.setEntities(Soup.menu.map { Entity(identifier: $0.identifier, name: $0.name) }, forSlot: "soup")
        var named = Vocabulary()
        try named.addPhrase("order ${soup} soup", intent: "OrderSoupIntent")
        named.setEntities(Soup.menu.map { Entity(identifier: $0.identifier, name: $0.name) }, forSlot: "soup")
        #expect(vocabulary.match("order pho soup") == named.match("order pho soup"))
        #expect(vocabulary.match("order pho soup") != .noMatch(suggestions: []))
    }

    @Test func aSlotNamingNoParameterIsRefusedNamingThePhraseTheSlotAndTheParameters() {
        var vocabulary = Vocabulary()
        let error = #expect(throws: VocabularyError.self) { try vocabulary.addPhrase("order ${soups} now", for: OrderSoupIntent.self) }
        #expect(error?.code == .unknownSlot)
        #expect(
            error?.description
                == "the slot ${soups} names no parameter of OrderSoupIntent: its parameters are soup, quantity, toppings (template: \"order ${soups} now\")")
        let none = #expect(throws: VocabularyError.self) { try vocabulary.addPhrase("open the ${door}", for: OpenSafeIntent.self) }
        #expect(none?.message == "the slot ${door} names no parameter of OpenSafeIntent: it has no parameters")
        // Refused phrases leave the vocabulary as it was: nothing matches.
        #expect(vocabulary.match("order pho now") == .noMatch(suggestions: []))
        // A template error is still the template's.
        #expect(throws: VocabularyError.self) { try vocabulary.addPhrase("order ${soup", for: OrderSoupIntent.self) }
    }
}
