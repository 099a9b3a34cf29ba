import Assistant
import AssistantShortcuts
import Foundation
import HobsonCLI
import HobsonKit
import SceneIntents
import SceneIntentsFeatures
import SceneIntentsTesting
import Testing

@Suite("Voice shortcuts")
struct VoiceShortcutTests {
    static let pirate = suggestion(InsultMeIntent(style: .pirate))

    @Test("add, cancel, rephrase, delete: each result typed, each change durable")
    func results() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path)
        let added = VoiceShortcut(identifier: "v1", phrase: "roast me", suggestion: Self.pirate)
        #expect(try store.add(Self.pirate, phrase: "  roast me ") == .added(added))
        #expect(try store.add(Self.pirate, phrase: nil) == .cancelled)
        #expect(try store.edit(phrase: "Roast Me", .cancel) == .cancelled)
        var updated = added
        updated.phrase = "burn me"
        #expect(try store.edit(phrase: "roast me", .rephrase("burn me")) == .updated(updated))
        #expect(try openStore(scratch.path).voiceShortcuts() == [updated])
        #expect(try store.edit(phrase: "burn me", .delete) == .deleted(updated))
        #expect(try openStore(scratch.path).voiceShortcuts().isEmpty)
    }

    @Test("clashing or empty phrases and unknown ones are refused with a reason; nothing changes")
    func refusals() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path)
        _ = try store.add(Self.pirate, phrase: "roast me")
        _ = try store.add(suggestion(MakeMeLaughIntent()), phrase: "cheer me up")
        let cases: [(() throws(VoiceShortcutRefusal) -> VoiceShortcutResult, VoiceShortcutRefusalCode)] = [
            ({ () throws(VoiceShortcutRefusal) in try store.add(Self.pirate, phrase: "Roast me!") }, .clashesWithVoiceShortcut),
            ({ () throws(VoiceShortcutRefusal) in try store.add(Self.pirate, phrase: "make me laugh") }, .clashesWithAppPhrase),
            ({ () throws(VoiceShortcutRefusal) in try store.add(Self.pirate, phrase: "insult me like a pirate") }, .clashesWithAppPhrase),
            ({ () throws(VoiceShortcutRefusal) in try store.add(Self.pirate, phrase: "   ") }, .invalidPhrase),
            ({ () throws(VoiceShortcutRefusal) in try store.add(Self.pirate, phrase: "roast ${me}") }, .invalidPhrase),
            ({ () throws(VoiceShortcutRefusal) in try store.edit(phrase: "cheer me up", .rephrase("roast me")) }, .clashesWithVoiceShortcut),
            ({ () throws(VoiceShortcutRefusal) in try store.edit(phrase: "nobody said this", .delete) }, .unknownPhrase),
        ]
        for (attempt, code) in cases {
            let error = #expect(throws: VoiceShortcutRefusal.self) { try attempt() }
            #expect(error?.code == code, "\(error?.message ?? "")")
            #expect(error?.message.isEmpty == false)
        }
        #expect(store.voiceShortcuts().map(\.phrase) == ["roast me", "cheer me up"])
        // Rephrasing to its own phrase is no clash.
        #expect(try store.edit(phrase: "roast me", .rephrase("roast me")) != .cancelled)
    }

    @Test("saying the phrase runs its intent with the stored style, not asked again, still resolved; after a restart too")
    @MainActor
    func saying() async throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        _ = try await openStore(scratch.path).add(Self.pirate, phrase: "roast me")
        // A restart: a new store, app and assistant over the same directory.
        let clock = ManualClock()
        let user = ScriptedUser()
        let session = try HobsonSession(dataDirectory: scratch.path, user: user, clock: .sleeping(on: clock), appClock: clock)
        let outcome = await session.say("Roast me")
        #expect(outcome.status == .success)
        #expect(outcome.intent == AnyIntent(InsultMeIntent(style: .pirate)))
        #expect(outcome.dialog == ["Ye've the manners of a bilge rat and half its charm."])
        #expect(user.prompts.isEmpty)
        let trace = session.assistant.trace.events.map { "\($0.kind) \($0.detail)" }
        #expect(trace.contains("interpret voice shortcut “roast me” → InsultMe (style: pirate)"))
        #expect(trace.contains("result resolve(style) → success(pirate)"), "\(trace)")
        // Other words run the app's phrase with nothing stored.
        let plain = await session.say("insult me")
        #expect(plain.intent == AnyIntent(InsultMeIntent()))
        #expect(try #require(session.app).dispatcher.timeline.entries.map(\.input) == ["style: pirate", "any style"])
    }

    @Test("a voice shortcut made from an activity continues it in the app when said")
    @MainActor
    func sayingAnActivityShortcut() async throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let clock = ManualClock()
        let user = ScriptedUser()
        let session = try HobsonSession(dataDirectory: scratch.path, user: user, clock: .sleeping(on: clock), appClock: clock)
        var content = UserActivity.Content(activityType: InsultMeAction.activityType)
        content.title = "Pirate insults"
        let activity = UserActivity(content: content)
        let recorded = try await session.store.add(ShortcutSuggestion(.userActivity(activity), suggestedPhrase: nil), phrase: "pirate time")
        guard case .added(let shortcut) = recorded else { Issue.record("not added: \(recorded)"); return }
        #expect(session.voice.request(for: "Pirate time") == .userActivity(activity))
        #expect(session.voice.request(for: "insult me") == .utterance("insult me"))
        let outcome = await session.say("pirate time")
        #expect(outcome.status == .continuedInApp)
        #expect(outcome.continuedInScene == "session-1")
        #expect(outcome.dialog == ["Opening Hobson."])
        #expect(user.prompts.isEmpty)
        let trace = session.assistant.trace.events.map { "\($0.kind) \($0.detail)" }.filter { !$0.hasPrefix("lifecycle") }
        #expect(trace == [
            "request activity InsultMe", "route activity InsultMe → Hobson",
            "report set 2 shortcut suggestion(s)",  // the app, launched to continue it, suggests its shortcuts
            "continuation InsultMe continued in session-1",
            "say Opening Hobson.", "outcome continuedInApp",
        ])
        #expect(session.store.voiceShortcuts() == [shortcut])
        await session.close()
    }
}
