import AssistantShortcuts
import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsFeatures
import Testing

@Suite("Donations, kept by the system")
struct DonationStoreTests {
    @Test("only completed interactions are kept; every other status is refused, named")
    func completedOnly() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path)
        for status in IntentHandlingStatus.allCases where status != .success {
            let error = #expect(throws: DonationError.self) {
                try store.donate(interaction(InsultMeIntent(), id: "x", status: status), suggestedPhrase: nil)
            }
            #expect(error?.code == .notCompleted && error?.value == "\(status)")
        }
        try store.donate(interaction(InsultMeIntent(), id: "ok"), suggestedPhrase: "Insult me")
        #expect(store.donations.map(\.interaction.identifier) == ["ok"])
    }

    @Test("an intent the manifest's NSUserActivityTypes does not list is refused with an error naming the key")
    func manifestCheck() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path, manifest: hobsonManifest(activityTypes: ["MakeMeLaugh"]))
        #expect(throws: DonationError.notListed("InsultMe")) {
            try store.donate(interaction(InsultMeIntent(), id: "x"), suggestedPhrase: nil)
        }
        #expect(DonationError.notListed("InsultMe").message.contains("NSUserActivityTypes"))
        #expect(store.donations.isEmpty)
    }

    @Test("delete by identifiers, by group, and all; every change survives reopening")
    func deletions() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path)
        for (id, group) in [("a", "pirate"), ("b", "pirate"), ("c", "office"), ("d", nil), ("e", "office")] {
            try store.donate(interaction(InsultMeIntent(), id: id, group: group), suggestedPhrase: nil)
        }
        #expect(try store.deleteDonations(.identifiers(["a", "d", "zz"])) == 2)
        #expect(try openStore(scratch.path).donations.map(\.interaction.identifier) == ["b", "c", "e"])
        #expect(try store.deleteDonations(.group("office")) == 2)
        #expect(try openStore(scratch.path).donations.map(\.interaction.identifier) == ["b"])
        #expect(try store.deleteDonations(.all) == 1)
        let reopened = try openStore(scratch.path)
        #expect(reopened.donations.isEmpty && reopened.openWarnings.isEmpty)
    }

    @Test("past the limit the oldest donations are let go, and once as many again went the log is compacted keeping the rest")
    func donationLimit() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path)
        try store.setSuggestions([suggestion(MakeMeLaughIntent())])
        _ = try store.add(suggestion(InsultMeIntent(style: .pirate)), phrase: "talk like a pirate")
        let limit = ShortcutsStore.donationLimit
        for number in 0..<limit { try store.donate(interaction(InsultMeIntent(), id: "\(number)"), suggestedPhrase: nil) }
        let full = try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int ?? 0
        for number in limit..<(2 * limit + 10) { try store.donate(interaction(InsultMeIntent(), id: "\(number)"), suggestedPhrase: nil) }
        let newest = (limit + 10..<2 * limit + 10).map(String.init)
        #expect(store.donations.map(\.interaction.identifier) == newest)
        // Compacted at the 2,000th: the log holds about as much as when it held 1,000, not twice.
        let compacted = try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int ?? 0
        #expect(compacted < full * 12 / 10)
        let reopened = try openStore(scratch.path)
        #expect(reopened.donations.map(\.interaction.identifier) == newest)
        #expect(reopened.suggestions == [suggestion(MakeMeLaughIntent())])
        #expect(reopened.voiceShortcuts().map(\.phrase) == ["talk like a pirate"])
        #expect(reopened.openWarnings.isEmpty)
    }

    @Test("the inbox keeps the app's messages in the order sent, and reports refusals")
    func inboxOrder() async throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path, manifest: hobsonManifest(activityTypes: ["InsultMe"]))
        let reports = Reports()
        let inbox = ShortcutsInbox(store: store) { reports.add($0) }
        inbox.receive(.donate(interaction(InsultMeIntent(), id: "1", group: "g"), suggestedPhrase: nil))
        inbox.receive(.donate(interaction(InsultMeIntent(), id: "2"), suggestedPhrase: nil))
        inbox.receive(.deleteDonations(.group("g")))
        inbox.receive(.donate(interaction(MakeMeLaughIntent(), id: "3"), suggestedPhrase: nil))
        inbox.receive(.performed("#1 a line for the trace"))
        await inbox.flush()
        #expect(store.donations.map(\.interaction.identifier) == ["2"])
        #expect(reports.lines.count == 1)
        #expect(reports.lines.first?.contains("NSUserActivityTypes") == true)
    }

    @Test("an app that floods the inbox has what does not fit refused and reported, every message kept or reported")
    func inboxBound() async throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let store = try openStore(scratch.path, manifest: hobsonManifest(activityTypes: ["InsultMe"]))
        let reports = Reports()
        let inbox = ShortcutsInbox(store: store, pendingLimit: 2) { reports.add($0) }
        // Sent far faster than each is written and fsynced.
        for id in 1...200 { inbox.receive(.donate(interaction(InsultMeIntent(), id: "\(id)"), suggestedPhrase: nil)) }
        await inbox.flush()
        let kept = store.donations.map(\.interaction.identifier)
        #expect(!reports.lines.isEmpty)
        #expect(kept.count + reports.lines.count == 200)
        #expect(kept.first == "1")
        #expect(reports.lines.allSatisfy { $0.hasSuffix("2 messages are already waiting to be kept (the app sends faster than they can be written)") })
    }
}

/// Lines a test collects from any thread.
final class Reports: Sendable {
    private let storage = Mutex<[String]>([])
    func add(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}

import Synchronization
