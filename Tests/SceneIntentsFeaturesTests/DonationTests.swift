import Foundation
import SceneIntents
import SceneIntentsFeatures
import Testing

@Suite("Donations and shortcuts, app side")
@MainActor
struct DonationTests {
    @Test("a completed intent action is donated with its intent, response, group and phrase")
    func donatesCompleted() async throws {
        let (dispatcher, outbox) = makeDispatcher()
        try await dispatcher.perform(PingAction(), PingInput(count: 1), presenter: Board())
        let expected = Interaction(
            intent: AnyIntent(PingIntent(count: 1)), response: IntentResponse(code: .success, values: ["pong": "ping"]),
            identifier: "d1", groupIdentifier: "pings", handlingStatus: .success, date: Date(timeIntervalSince1970: 0))
        #expect(outbox.messages.first == .donate(expected, suggestedPhrase: "Ping me"))
    }

    @Test("a failed action is never donated; an action with no intent is not donated")
    func failedNotDonated() async throws {
        let (dispatcher, outbox) = makeDispatcher()
        let failed = try await dispatcher.perform(BrokenAction(), presenter: Board())
        #expect(failed.outcome == .failed(ActionFailure(.failed, "it is broken")))
        #expect(failed.donation == .notDonated)
        let slow = Task { try await dispatcher.perform(MaybeAction(), 1, presenter: Board()) }
        #expect(try await slow.value.donation == .notDonated)
        #expect(outbox.donations.isEmpty)
    }

    @Test("an intent missing from NSUserActivityTypes is refused, naming the key, and nothing is sent")
    func manifestCheck() async throws {
        let (dispatcher, outbox) = makeDispatcher(activityTypes: [])
        let entry = try await dispatcher.perform(PingAction(), PingInput(), presenter: Board())
        guard case .refused(let error) = entry.donation else { Issue.record("not refused: \(entry.donation)"); return }
        #expect(error.code == .notInUserActivityTypes && error.value == "Ping")
        #expect(error.message.contains("NSUserActivityTypes"))
        #expect(entry.outcome.isCompleted)
        #expect(outbox.donations.isEmpty)
    }

    @Test("a shortcut is refused when no parameter combination can make one, or the intent is deprecated")
    func shortcutRefusals() throws {
        var secret = PingIntent(count: 1)
        secret.secret = "x"
        let error = #expect(throws: ShortcutError.self) { try Shortcut.make(from: secret) }
        #expect(error?.code == .noValidCombination && error?.value == "Ping.secret")
        #expect(throws: ShortcutError.self) { try Shortcut.make(from: OldIntent()) }
        #expect(try Shortcut.make(from: PingIntent(count: 2)) == .intent(AnyIntent(PingIntent(count: 2))))
        let activity = UserActivity(activityType: "Ping")
        #expect(Shortcut.make(from: activity).typeName == "Ping")
    }

    @Test("the generic suggestion call carries the action's phrase; suggestions and deletions go out as sent")
    func suggestions() throws {
        let (dispatcher, outbox) = makeDispatcher()
        let suggestion = try dispatcher.suggestion(for: PingAction(), PingInput(count: 2))
        #expect(suggestion == ShortcutSuggestion(.intent(AnyIntent(PingIntent(count: 2))), suggestedPhrase: "Ping me"))
        dispatcher.setSuggestions([suggestion])
        dispatcher.setSuggestions([])
        dispatcher.deleteDonations(.group("pings"))
        #expect(outbox.messages == [.setSuggestions([suggestion]), .setSuggestions([]), .deleteDonations(.group("pings"))])
    }
}

/// An editor that records what it was asked and adds everything.
final class RecordingEditor: VoiceShortcutEditing {
    private let asked = Mutex<[ShortcutSuggestion]>([])
    var suggestions: [ShortcutSuggestion] { asked.withLock { $0 } }

    func add(_ suggestion: ShortcutSuggestion, phrase: String?) async throws(VoiceShortcutRefusal) -> VoiceShortcutResult {
        asked.withLock { $0.append(suggestion) }
        guard let phrase else { return .cancelled }
        return .added(VoiceShortcut(identifier: "e\(suggestions.count)", phrase: phrase, suggestion: suggestion))
    }

    func edit(phrase: String, _ change: VoiceShortcutChange) async throws(VoiceShortcutRefusal) -> VoiceShortcutResult { .cancelled }
    func voiceShortcuts() async -> [VoiceShortcut] { [] }
}

@Suite("One generic voice shortcut call")
@MainActor
struct GenericCallTests {
    @Test("any intent action's voice shortcut is one call; a shortcut that cannot be made is refused before the editor")
    func generic() async throws {
        let (dispatcher, _) = makeDispatcher()
        let editor = RecordingEditor()
        let added = try await dispatcher.addVoiceShortcut(for: PingAction(), PingInput(count: 3), phrase: "ping thrice", editor: editor)
        let ping = ShortcutSuggestion(.intent(AnyIntent(PingIntent(count: 3))), suggestedPhrase: "Ping me")
        #expect(added == .added(VoiceShortcut(identifier: "e1", phrase: "ping thrice", suggestion: ping)))
        #expect(try await dispatcher.addVoiceShortcut(for: PingAction(), PingInput(), phrase: nil, editor: editor) == .cancelled)
        let refusal = await #expect(throws: VoiceShortcutRefusal.self) {
            try await dispatcher.addVoiceShortcut(for: BrokenAction(), .noInput, phrase: "break it", editor: editor)
        }
        #expect(refusal?.code == .invalidShortcut && refusal?.message.contains("deprecated") == true)
        #expect(editor.suggestions.count == 2)
    }
}

import Synchronization
