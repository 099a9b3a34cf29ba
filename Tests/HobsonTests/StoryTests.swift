import Assistant
import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("The “insult me” story")
@MainActor
struct StoryTests {
    @Test("unknown phrase, donation after a tap, recording, using, editing, a restart, deleting")
    func story() async throws {
        let directory = ScratchDirectory()
        defer { directory.remove() }
        let session = try makeSession(directory.path)
        #expect(await session.say("roast me").status == .notUnderstood)
        _ = try await session.run(":open")
        let tapped = try await session.run(":tap 1")
        let pirate = "Ye've the manners of a bilge rat and half its charm."
        #expect(tapped == ["#1 InsultMe from ui (any style), 0 ms: completed \"\(pirate)\"; donated r-1"])
        #expect(await session.place.screen().split(separator: "\n").dropFirst(3).first?.hasPrefix("│ “\(pirate)”") == true)
        #expect(await session.donations() == ["InsultMe [insults.any] “\(pirate)”"])
        #expect(try await session.addVoiceShortcut("roast me", for: nil) == ["added “roast me” → InsultMe"])
        #expect(await session.say("roast me").dialog == ["Your ideas are like meetings: too long and without an outcome."])
        #expect(try await session.editVoiceShortcut("roast me", to: "burn me") == ["updated “burn me” → InsultMe"])
        #expect(await session.voiceShortcuts() == ["“burn me” → InsultMe"])
        #expect(
            await session.suggestions() == [
                "1. InsultMe “Insult me” — suggested by the app, donated 2×",
                "2. InsultMe (style: Shakespeare) “Insult me” — suggested by the app",
            ])
        #expect(try #require(session.app).dispatcher.timeline.entries.map(\.entryPoint) == [.userInterface, .intent("InsultMe")])

        let second = try makeSession(directory.path, run: "s")
        #expect(await second.voiceShortcuts() == ["“burn me” → InsultMe"])
        #expect(await second.say("burn me").dialog == ["Thou art a boil, a plague sore, an embossed carbuncle."])
        #expect(try await second.deleteVoiceShortcut("burn me") == ["deleted “burn me” → InsultMe"])
        #expect(await second.voiceShortcuts() == ["No voice shortcuts."])
        #expect(second.store.openWarnings.isEmpty)
    }
}
