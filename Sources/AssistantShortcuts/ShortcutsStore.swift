import Assistant
import Dispatch
import Foundation
import SceneIntents
import SceneIntentsStore
import Synchronization

/// One app's donations, shortcut suggestions and voice shortcuts, kept by the system side in a
/// crash-safe log (`SceneIntentsStore`): every change is appended and `fsync`ed before the call
/// returns, and opening the store replays the log, so nothing acknowledged is lost to a crash
/// and everything survives a restart.
///
/// The methods block for the log's lock and `fsync`: call them from a thread of your own or a
/// Dispatch queue (`ShortcutsInbox` does), or accept the short block in a command-line tool.
public final class ShortcutsStore: Sendable {
    /// The app's name.
    public let appName: String
    /// The log's path.
    public var path: String { log.log.path }
    /// What replaying the log skipped when the store was opened (damaged records, torn tails,
    /// records of intents the app no longer defines).
    public let openWarnings: [String]
    /// The app's intents (to decode and describe what is stored).
    public let catalog: IntentCatalog
    let manifest: AppManifest
    let appPhrases: Vocabulary
    let makeIdentifier: @Sendable () -> String
    let log: RecordLog<ShortcutsRecord>
    /// The replayed state and the cursor that keeps it in step with the log (which other
    /// processes may append to), under one lock.
    let state: Mutex<FollowedState>
    /// Where the `async` forms do their blocking work, off Swift's cooperative pool.
    private let queue = DispatchQueue(label: "AssistantShortcuts.store")

    /// The store of `appName` in `directory` (created if needed), replayed from its log.
    ///
    /// - Parameters:
    ///   - manifest: the app's manifest; donations of intents its `NSUserActivityTypes` does not
    ///     list are refused.
    ///   - catalog: the app's intents, to decode what was stored and check shortcuts.
    ///   - appPhrases: the app's own intent phrases; a voice shortcut may not clash with them.
    ///   - makeIdentifier: names new voice shortcuts (default: a UUID).
    /// - Throws: `StoreError` when the directory cannot be made or the log cannot be read.
    public init(
        directory: String, appName: String, manifest: AppManifest, catalog: IntentCatalog, appPhrases: Vocabulary,
        makeIdentifier: @escaping @Sendable () -> String = { UUID().uuidString }
    ) throws(StoreError) {
        try StoreDirectory.create(directory)
        self.appName = appName
        self.catalog = catalog
        self.manifest = manifest
        self.appPhrases = appPhrases
        self.makeIdentifier = makeIdentifier
        let fileName = appName.filter { $0.isLetter || $0.isNumber }.lowercased()
        log = RecordLog(path: "\(directory)/\(fileName.isEmpty ? "app" : fileName).shortcuts.log")
        var followed = FollowedState(cursor: LogCursor(log: log.log))
        try followed.catchUp(log, catalog: catalog)
        openWarnings = followed.damage.warnings.map(\.description) + followed.replayed.skipped
        state = Mutex(followed)
    }

    /// Appends `record` durably once `check` passes against every change in the log, other
    /// processes' included: the check and the write happen under the log's exclusive lock, so
    /// two stores (in two processes) cannot both pass a check the other's record would fail.
    /// The record is then applied by reading it back, so the state is the log's replay.
    func commit(_ record: ShortcutsRecord, check: (ShortcutsState) throws(StoreFailure) -> Void = { _ in })
        throws(StoreFailure)
    {
        try state.withLock { (followed: inout FollowedState) throws(StoreFailure) in
            var refusal: StoreFailure?
            do throws(StoreError) {
                try log.append { () -> [ShortcutsRecord] in
                    do throws(StoreError) { try followed.catchUp(log, catalog: catalog) } catch {
                        refusal = StoreFailure(detail: "\(error)")
                        return []
                    }
                    do throws(StoreFailure) { try check(followed.replayed) } catch {
                        refusal = error
                        return []
                    }
                    return [record]
                }
            } catch {
                throw StoreFailure(detail: "\(error)")
            }
            if let refusal { throw refusal }
            do throws(StoreError) { try followed.catchUp(log, catalog: catalog) } catch {
                // Written and durable, but not read back: apply it as written.
                followed.replayed.apply(record, catalog: catalog)
            }
        }
    }

    /// Reads what other processes appended since this store last looked (only the new bytes),
    /// so the donations, suggestions, voice shortcuts and damage are the log's as it is now.
    /// Blocks for the read: call it from a thread that may block, or through `offload`.
    public func refresh() throws(StoreError) {
        try state.withLock { (followed: inout FollowedState) throws(StoreError) in try followed.catchUp(log, catalog: catalog) }
    }

    /// Every place in the log that could not be read (as of the last change this store made
    /// or read): a count and offsets for the app to report.
    public var damage: LogDamage { state.withLock { $0.damage } }

    /// Runs blocking `work` (this store's synchronous methods) on the store's queue and resumes
    /// the caller with its result: a task is suspended, not blocked.
    public func offload<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(E) in try work() }) }
        }
        return try result.get()
    }

    // MARK: Donations

    /// The most donations kept: the newest 1,000. An older one is let go when a new one comes,
    /// and once as many again were let go the log is compacted, so an app that donates every
    /// interaction for years holds a bounded store.
    public static let donationLimit = 1_000

    /// Keeps a donation; when this returns it is on disk (past ``donationLimit``, the oldest
    /// donation is let go).
    ///
    /// - Throws: `DonationError` when the interaction did not complete (`notCompleted`), its
    ///   intent type is not in the manifest's `NSUserActivityTypes`, or the log refused it.
    public func donate(_ interaction: Interaction, suggestedPhrase: String?) throws(DonationError) {
        guard interaction.intentHandlingStatus == .success else {
            throw DonationError(
                .notCompleted, value: "\(interaction.intentHandlingStatus)",
                "only completed interactions are donated; this one is \(interaction.intentHandlingStatus)")
        }
        let typeName = interaction.intent.typeName
        guard manifest.userActivityTypes.contains(typeName) else { throw .notListed(typeName) }
        do throws(StoreFailure) {
            try commit(.donated(Frozen(Donation(interaction: interaction, suggestedPhrase: suggestedPhrase))))
        } catch {
            throw DonationError(.storeFailed, value: path, "the donation was not kept: \(error.detail)")
        }
        // The donation is kept whatever the compaction does: one that fails is tried again at
        // the next donation.
        if state.withLock({ $0.replayed.lettingGo }) >= Self.donationLimit { try? compact() }
    }

    /// Deletes donations by identifiers, by group, or all; answers how many went.
    @discardableResult
    public func deleteDonations(_ deletion: DonationDeletion) throws(DonationError) -> Int {
        let before = donations.count
        do throws(StoreFailure) { try commit(.deletedDonations(deletion)) } catch {
            throw DonationError(.storeFailed, value: path, "the deletion was not kept: \(error.detail)")
        }
        return before - donations.count
    }

    /// Every donation kept, oldest first.
    public var donations: [Donation] { state.withLock { $0.replayed.donations } }

    // MARK: Suggestions

    /// Replaces the app's shortcut suggestions as a whole (empty clears them).
    ///
    /// - Throws: `ShortcutError` for the first suggestion that cannot be a shortcut; then none
    ///   of them is taken.
    public func setSuggestions(_ suggestions: [ShortcutSuggestion]) throws(ShortcutError) {
        for suggestion in suggestions { try suggestion.shortcut.validate(in: catalog) }
        do throws(StoreFailure) { try commit(.suggested(Frozen(suggestions))) } catch {
            throw ShortcutError(.storeFailed, value: path, "the suggestions were not kept: \(error.detail)")
        }
    }

    /// The app's suggestions, as it last set them.
    public var suggestions: [ShortcutSuggestion] { state.withLock { $0.replayed.suggestions } }
}
