import Dispatch
import SceneIntents

/// Which app's sessions a process connection keeps, and in which store: what makes an app's
/// scene sessions outlive its process (`ProcessConnection(…, sessions:)`).
///
/// At each launch, after the host's hello is accepted and before any call, the host is sent the
/// sessions kept for it (`SystemMessage.restore`); records that cannot be read are named in the
/// trace and left out. Every change the app reports (`AppMessage.sessions`) is written to the
/// store on the thread that read it, before the messages after it are looked at, so a change
/// made by a call is durable before the call's answer is delivered.
public struct SessionKeeping: Sendable {
    /// Where the sessions are kept.
    public let store: SessionStore
    /// The app's bundle identifier, the key of its sessions.
    public let bundleIdentifier: String

    /// Keeps the sessions of `bundleIdentifier` in `store`.
    public init(store: SessionStore, bundleIdentifier: String) {
        self.store = store
        self.bundleIdentifier = bundleIdentifier
    }

    /// The messages to send a host just accepted: the restoration, for an app. Read off the
    /// cooperative pool; every skipped record and a store that cannot be read are recorded.
    func messagesAfterAccept(_ hello: HostHello, record: @escaping @Sendable (String) -> Void) async -> [SystemMessage] {
        guard hello.kind == .app else { return [] }
        let (store, bundleIdentifier) = (store, bundleIdentifier)
        return await withCheckedContinuation { done in
            DispatchQueue.global().async {
                do throws(SessionStoreError) {
                    let (restoration, skipped) = try store.restoration(for: bundleIdentifier)
                    for line in skipped { record("sessions of \(bundleIdentifier): skipped \(line)") }
                    record(
                        "sessions of \(bundleIdentifier): restore \(restoration.sessions.count), discarded \(restoration.discarded.count)")
                    done.resume(returning: [.restore(restoration)])
                } catch {
                    record("sessions of \(bundleIdentifier): not restored: \(error)")
                    done.resume(returning: [])
                }
            }
        }
    }

    /// Writes the changes an app reported (blocking, on the calling transport thread); a
    /// refusal is recorded.
    func keep(_ changes: [SessionChange], record: @Sendable (String) -> Void) {
        for change in changes { record("sessions of \(bundleIdentifier): \(change)") }
        do throws(SessionStoreError) { try store.apply(changes, for: bundleIdentifier) } catch {
            record("sessions of \(bundleIdentifier): refused: \(error)")
        }
    }
}
