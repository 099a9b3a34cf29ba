import Dispatch
import SceneIntents

/// Takes the shortcuts messages an app sends and keeps them in its store, in the order sent, on
/// a serial Dispatch queue (never on a concurrency thread: each change is `fsync`ed).
///
/// Hand `receive` to the connection (`InProcessConnection.receiveShortcuts`); `flush()` waits
/// until everything received so far is on disk.
public final class ShortcutsInbox: Sendable {
    /// The store the messages go to.
    public let store: ShortcutsStore
    private let queue = DispatchQueue(label: "AssistantShortcuts.inbox")
    private let report: @Sendable (String) -> Void

    /// An inbox for `store`; `report` hears what the store refused (a sentence each).
    public init(store: ShortcutsStore, report: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.report = report
    }

    /// Queues one message.
    public func receive(_ message: ShortcutsMessage) {
        let (store, report) = (store, report)
        queue.async {
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
