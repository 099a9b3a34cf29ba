import Dispatch
import SceneIntents
import Synchronization

/// Takes the shortcuts messages an app sends and keeps them in its store, in the order sent, on
/// a serial Dispatch queue (never on a concurrency thread: each change is `fsync`ed).
///
/// Hand `receive` to the connection (`InProcessConnection.receiveShortcuts`); `flush()` waits
/// until everything received so far is on disk.
///
/// At most `pendingLimit` messages wait to be kept: an app that sends faster than they can be
/// written (each is `fsync`ed) has the ones past it refused and reported, never held in memory
/// without bound; nothing is answered to an app, so it is not slowed down either.
public final class ShortcutsInbox: Sendable {
    /// The store the messages go to.
    public let store: ShortcutsStore
    /// The most messages waiting to be kept at once.
    public let pendingLimit: Int
    private let queue = DispatchQueue(label: "AssistantShortcuts.inbox")
    private let report: @Sendable (String) -> Void
    private let pending = Mutex(0)

    /// An inbox for `store`, `pendingLimit` messages deep (1,024 unless given); `report` hears
    /// what the store refused and what did not fit (a sentence each).
    public init(store: ShortcutsStore, pendingLimit: Int = 1_024, report: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.pendingLimit = max(1, pendingLimit)
        self.report = report
    }

    /// Queues one message.
    public func receive(_ message: ShortcutsMessage) {
        let limit = pendingLimit
        guard pending.withLock({ waiting in
            guard waiting < limit else { return false }
            waiting += 1
            return true
        }) else {
            return report("refused \(message): \(limit) messages are already waiting to be kept (the app sends faster than they can be written)")
        }
        queue.async { [self] in
            defer { pending.withLock { $0 -= 1 } }
            do {
                switch message {
                case .donate(let interaction, let phrase): try store.donate(interaction, suggestedPhrase: phrase)
                case .deleteDonations(let deletion): try store.deleteDonations(deletion)
                case .setSuggestions(let suggestions): try store.setSuggestions(suggestions)
                case .performed: break
                }
            } catch {
                report("refused \(message): \(error)")
            }
        }
    }

    /// Waits until every message received before the call is stored (or refused).
    public func flush() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }
}
