import AssistantShortcuts
import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsFeatures
import Testing

/// An intent with a parameter that is not configurable: no shortcut can hold it.
struct WhisperIntent: Intent {
    static let typeName = "Whisper"
    var secret: String?
    init() {}
    static let schema = IntentSchema<WhisperIntent>(
        handler: (any HobsonIntentHandling).self,
        parameters: [.value("secret", \.secret, flags: [.resolvable], resolve: { (_: any HobsonIntentHandling, _) in .notRequired })],
        handle: { _, _ in .success })
}

@Suite("Shortcut suggestions and offers")
struct SuggestionTests {
    @Test("suggestions are replaced as a whole, an empty list clears them, and they survive reopening")
    func asAWhole() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path)
        try store.setSuggestions([suggestion(InsultMeIntent()), suggestion(MakeMeLaughIntent())])
        try store.setSuggestions([suggestion(InsultMeIntent(style: .pirate))])
        #expect(try openStore(scratch.path).suggestions == [suggestion(InsultMeIntent(style: .pirate))])
        try store.setSuggestions([])
        #expect(try openStore(scratch.path).suggestions.isEmpty)
    }

    @Test("a shortcut from an intent with no valid parameter combination is refused, typed, and the set is not taken")
    func refusal() throws {
        var whisper = WhisperIntent()
        whisper.secret = "psst"
        let error = #expect(throws: ShortcutError.self) { try Shortcut.make(from: whisper) }
        #expect(error?.code == .noValidCombination && error?.value == "Whisper.secret")
        #expect(try Shortcut.make(from: WhisperIntent()) == .intent(AnyIntent(WhisperIntent())))

        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path)
        try store.setSuggestions([suggestion(InsultMeIntent())])
        let unknown = #expect(throws: ShortcutError.self) {
            try store.setSuggestions([suggestion(MakeMeLaughIntent()), suggestion(WhisperIntent())])
        }
        #expect(unknown?.code == .unknownIntent)
        #expect(store.suggestions == [suggestion(InsultMeIntent())])
        // An app whose catalog has the intent still cannot store a combination holding `secret`.
        let whispering = try openStore(scratch.path + "-w", catalog: IntentCatalog([InsultMeIntent.self, WhisperIntent.self]))
        defer { try? FileManager.default.removeItem(atPath: scratch.path + "-w") }
        let refused = #expect(throws: ShortcutError.self) {
            try whispering.setSuggestions([ShortcutSuggestion(.intent(AnyIntent(whisper)), suggestedPhrase: nil)])
        }
        #expect(refused?.code == .noValidCombination)
        #expect(throws: VoiceShortcutRefusal.self) {
            try whispering.add(ShortcutSuggestion(.intent(AnyIntent(whisper)), suggestedPhrase: nil), phrase: "tell me a secret")
        }
        #expect(whispering.suggestions.isEmpty && whispering.voiceShortcuts().isEmpty)
    }

    @Test("offers: the app's suggestions and recent donations, most donated first, old ones left out")
    func ranking() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path)
        try store.setSuggestions([suggestion(InsultMeIntent(style: .shakespeare)), suggestion(InsultMeIntent())])
        let donated: [(InsultMeIntent, TimeInterval)] = [
            (InsultMeIntent(), -1), (InsultMeIntent(style: .pirate), -2), (InsultMeIntent(style: .pirate), -3),
            (InsultMeIntent(style: .pirate), -20), (InsultMeIntent(style: .office), -30),
        ]
        for (index, (intent, days)) in donated.enumerated() {
            try store.donate(interaction(intent, id: "\(index)", at: origin.addingTimeInterval(days * day)), suggestedPhrase: "Insult me")
        }
        let offers = store.offers(now: origin)
        #expect(offers.map { $0.description(catalog: store.catalog) } == [
            "InsultMe (style: pirate) “Insult me” — donated 2×",
            "InsultMe “Insult me” — suggested by the app, donated 1×",
            "InsultMe (style: Shakespeare) “Insult me” — suggested by the app",
        ])
        #expect(store.offers(now: origin, limit: 1).count == 1)
    }
}
