import Assistant
import AssistantShortcuts
import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsFeatures
import Testing

@Suite("Voice shortcut faults: phrases over the admission limit")
struct VoiceShortcutFaultTests {
    @Test("a phrase over 1,000 characters is refused, to add or to rephrase, and nothing is stored")
    func overlongPhrase() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path)
        let pirate = suggestion(InsultMeIntent(style: .pirate))
        let long = String(repeating: "roast me ", count: 250_000)
        let message = "a voice shortcut's phrase is said as an utterance: at most 1,000 characters"
        let added = #expect(throws: VoiceShortcutRefusal.self) { try store.add(pirate, phrase: long) }
        #expect(added?.code == .invalidPhrase)
        #expect(added?.message == message)
        _ = try store.add(pirate, phrase: "roast me")
        let rephrased = #expect(throws: VoiceShortcutRefusal.self) { try store.edit(phrase: "roast me", .rephrase(long)) }
        #expect(rephrased?.message == message)
        #expect(try openStore(scratch.path).voiceShortcuts().map(\.phrase) == ["roast me"])
        // Words over the limit are matched against no phrase (and cost nothing to try).
        #expect(store.voiceShortcut(matching: long) == nil)
        #expect(store.voiceShortcut(matching: "roast me")?.phrase == "roast me")
    }
}
