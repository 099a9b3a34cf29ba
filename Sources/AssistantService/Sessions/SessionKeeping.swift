import Foundation
import Dispatch
import SceneIntents
import SceneIntentsWire
import Synchronization

/// Which app's sessions a process connection keeps, and in which store: what makes an app's
/// scene sessions outlive its process (`ProcessConnection(…, sessions:)`).
///
/// At each launch the sessions kept for the app are read and encoded while its process starts,
/// and sent after its hello is accepted, before any call (`SystemMessage.restore`); records that
/// cannot be read are named in the trace and left out. Every change the app reports (`AppMessage.sessions`) is traced at once and
/// written to the store soon after, on a queue of its own, with whatever other changes came in
/// meanwhile (a relaunch reconnecting 100 scenes reports 100 changes: a few writes, not 100);
/// before a step, an answer or a continuation is delivered, every change reported before it is
/// written (`settle`), so a change made by a call is durable before the call's answer is heard.
public struct SessionKeeping: Sendable {
    /// Where the sessions are kept.
    public let store: any SessionStoring
    /// The app's bundle identifier, the key of its sessions.
    public let bundleIdentifier: String
    /// The changes reported and not yet written.
    private let writer = GroupWriter()

    /// Keeps the sessions of `bundleIdentifier` in `store`.
    public init(store: any SessionStoring, bundleIdentifier: String) {
        self.store = store
        self.bundleIdentifier = bundleIdentifier
    }

    /// Starts reading the sessions kept for a host being spawned and encoding them with `codec`,
    /// off Swift's cooperative pool, while the host starts; the function returned gives them to
    /// a host whose hello says it is an app (as `SystemMessage.restore`), waiting at most
    /// `patience` on `clock` from then. A store that has not answered by then (a hung disk)
    /// gives nothing: the app launches with no sessions rather than miss its first phase's
    /// budget. Every skipped record, and a store that cannot be read, is recorded when given.
    func prepareRestoration(
        patience: Duration, clock: any Clock<Duration>, codec: MessageCodec, record: @escaping @Sendable (String) -> Void
    ) -> @Sendable (AppHello) async -> [Data] {
        let (store, bundleIdentifier) = (store, bundleIdentifier)
        let reading = PreparedRestoration()
        DispatchQueue.global().async {
            // A store that cannot be read and sessions that cannot be encoded end alike.
            do {
                let (restoration, skipped) = try store.restoration(for: bundleIdentifier)
                let lines = skipped.map { "skipped \($0)" } + ["restore \(restoration.sessions.count), discarded \(restoration.discarded.count)"]
                reading.finish([try codec.encode(SystemMessage.restore(restoration))], lines)
            } catch {
                reading.finish([], ["not restored: \(error)"])
            }
        }
        return { hello in
            guard hello.kind == .app else { return [] }
            let (frames, lines) = await reading.result(within: patience, on: clock)
            for line in lines { record("sessions of \(bundleIdentifier): \(line)") }
            return frames
        }
    }

    /// Traces the changes an app reported and has them written soon, on the writer's queue; a
    /// refusal is recorded when the write happens.
    func keep(_ changes: [SessionChange], record: @escaping @Sendable (String) -> Void) {
        for change in changes { record("sessions of \(bundleIdentifier): \(change)") }
        let (store, bundleIdentifier) = (store, bundleIdentifier)
        writer.add(changes) { changes in
            do throws(SessionStoreError) { try store.apply(changes, for: bundleIdentifier) } catch {
                record("sessions of \(bundleIdentifier): refused: \(error)")
            }
        }
    }

    /// Writes every change reported so far, blocking the calling thread until they are durable
    /// (a transport thread, before it delivers an answer; never Swift's cooperative pool).
    func settle() {
        writer.flush()
    }
}

/// Changes waiting to be written, and the one write at a time that takes them all: a group
/// commit, so a burst of reports costs a few durable writes rather than one each.
private final class GroupWriter: Sendable {
    private struct Waiting {
        var changes: [SessionChange] = []
        var write: (@Sendable ([SessionChange]) -> Void)?
        var scheduled = false
    }

    private let waiting = Mutex(Waiting())
    /// Held for a whole write: changes are taken and written under it, so they reach the store
    /// in the order they were reported, and `flush` returns only once the write before it ended.
    private let writing = Mutex(())
    private let queue = DispatchQueue(label: "session-store-writer")

    func add(_ changes: [SessionChange], write: @escaping @Sendable ([SessionChange]) -> Void) {
        let schedule = waiting.withLock { waiting in
            waiting.changes += changes
            waiting.write = write
            defer { waiting.scheduled = true }
            return !waiting.scheduled
        }
        if schedule { queue.async { self.flush() } }
    }

    func flush() {
        writing.withLock { _ in
            let (changes, write) = waiting.withLock { waiting in
                defer { waiting = Waiting() }
                return (waiting.changes, waiting.write)
            }
            if let write, !changes.isEmpty { write(changes) }
        }
    }
}
