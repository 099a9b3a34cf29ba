import Foundation
import SceneIntentsStore
import SceneIntents

/// A value stored as its JSON text: intents inside it decode only with the app's catalog, which
/// the log's own decoder does not have, so the record keeps the text and the store thaws it.
struct Frozen: Codable, Equatable {
    let json: String

    init(_ value: some Encodable) throws(StoreFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        do { json = String(decoding: try encoder.encode(value), as: UTF8.self) } catch {
            throw StoreFailure(detail: "cannot encode \(type(of: value)): \(error)")
        }
    }

    func thaw<T: Decodable>(_ type: T.Type, catalog: IntentCatalog) throws -> T {
        let decoder = catalog.makeDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return try decoder.decode(T.self, from: Data(json.utf8))
    }
}

/// One change to an app's shortcuts, as the log keeps it; the state is the replay of them all.
enum ShortcutsRecord: Codable, Equatable {
    /// A donation (a frozen `Donation`).
    case donated(Frozen)
    /// Donations deleted.
    case deletedDonations(DonationDeletion)
    /// The suggestions replaced (a frozen `[ShortcutSuggestion]`).
    case suggested(Frozen)
    /// A voice shortcut recorded (a frozen `VoiceShortcut`).
    case voiceShortcutAdded(Frozen)
    /// A voice shortcut's phrase changed.
    case voiceShortcutRephrased(identifier: String, phrase: String)
    /// A voice shortcut deleted.
    case voiceShortcutDeleted(identifier: String)
}

/// A store write that failed; the change was not made.
struct StoreFailure: Error {
    let detail: String
    /// Set when a check refused the change (not the log).
    var refusal: VoiceShortcutRefusal? = nil
}

/// A donation as the system keeps it: the interaction and the phrase suggested for it.
public struct Donation: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The completed interaction.
    public var interaction: Interaction
    /// The phrase the action suggests for a shortcut made from it.
    public var suggestedPhrase: String?

    /// A donation.
    public init(interaction: Interaction, suggestedPhrase: String?) {
        self.interaction = interaction
        self.suggestedPhrase = suggestedPhrase
    }

    /// The shortcut it makes: its intent with the parameters it had.
    public var suggestion: ShortcutSuggestion {
        var intent = interaction.intent
        intent.targetSceneIdentifier = nil
        return ShortcutSuggestion(.intent(intent), suggestedPhrase: suggestedPhrase)
    }

    /// "InsultMe ID (group G)".
    public var description: String {
        let group = interaction.groupIdentifier.map { " (group \($0))" } ?? ""
        return "\(interaction.intent.typeName) \(interaction.identifier)\(group)"
    }
}

/// The replayed state of an app's log and the cursor that reads what was appended since.
struct FollowedState {
    var replayed = ShortcutsState()
    let cursor: LogCursor
    var damage = LogDamage()

    /// Applies what the log gained since the last look (all of it again if it was replaced).
    mutating func catchUp(_ log: RecordLog<ShortcutsRecord>, catalog: IntentCatalog) throws(StoreError) {
        let change = try cursor.next()
        damage.take(change)
        let raw: [LogRecord]
        switch change {
        case .appended(let records, _): raw = records
        case .replaced(let snapshot):
            replayed = ShortcutsState()
            raw = snapshot.records
        }
        let (records, undecodable) = log.decode(raw)
        damage.add(undecodable: undecodable)
        for record in records { replayed.apply(record, catalog: catalog) }
    }
}

/// The state an app's log replays to.
struct ShortcutsState {
    /// The newest `ShortcutsStore.donationLimit` donations.
    var donations: [Donation] = []
    /// Donations let go to keep that many: their records stay in the log until it is compacted.
    var lettingGo = 0
    var suggestions: [ShortcutSuggestion] = []
    var voiceShortcuts: [VoiceShortcut] = []
    /// Records that could not be thawed with the catalog (an intent type the app no longer has).
    var skipped: [String] = []

    mutating func apply(_ record: ShortcutsRecord, catalog: IntentCatalog) {
        do {
            switch record {
            case .donated(let frozen):
                donations.append(try frozen.thaw(Donation.self, catalog: catalog))
                if donations.count > ShortcutsStore.donationLimit {
                    donations.removeFirst()
                    lettingGo += 1
                }
            case .deletedDonations(let deletion): donations.removeAll { Self.matches($0, deletion) }
            case .suggested(let frozen): suggestions = try frozen.thaw([ShortcutSuggestion].self, catalog: catalog)
            case .voiceShortcutAdded(let frozen): voiceShortcuts.append(try frozen.thaw(VoiceShortcut.self, catalog: catalog))
            case .voiceShortcutRephrased(let identifier, let phrase):
                if let index = voiceShortcuts.firstIndex(where: { $0.identifier == identifier }) {
                    voiceShortcuts[index].phrase = phrase
                }
            case .voiceShortcutDeleted(let identifier): voiceShortcuts.removeAll { $0.identifier == identifier }
            }
        } catch {
            skipped.append("\(error)")
        }
    }

    static func matches(_ donation: Donation, _ deletion: DonationDeletion) -> Bool {
        switch deletion {
        case .identifiers(let identifiers): identifiers.contains(donation.interaction.identifier)
        case .group(let group): donation.interaction.groupIdentifier == group
        case .all: true
        }
    }
}
