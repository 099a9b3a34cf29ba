/// The host's requests: the handler each open one holds, and the most recent that have finished,
/// so that a call that comes after its request ended (a late step, a stray retry) is refused
/// instead of reaching a handler again.
///
/// One table for both: a call's request is looked up once, and ending it is one update. It
/// remembers the most recent `capacity` finished requests, in a ring: a request is never open for
/// long, so a call older than that many requests is refused by the assistant's own budget long
/// before; the memory stays fixed however long the app runs.
///
/// It sits behind a `Mutex` rather than on the main actor so that a visit's steps, which are
/// `nonisolated(nonsending)` (see `RequestBinding`), reach it without an executor switch.
struct OpenRequests: Sendable {
    /// What the host knows of a request it has seen.
    enum Entry {
        /// Open: its handler, bound to its intent's schema on the request's first call.
        case open(any RequestBinding)
        /// Finished: any later call is refused.
        case finished
    }

    private var entries: [UInt64: Entry] = [:]
    /// The finished requests remembered, the oldest at `next` once the ring is full.
    private var ring: [UInt64] = []
    private var next = 0
    /// How many finished requests the ring remembers.
    private static let capacity = 1024
    /// How many requests hold a handler.
    private(set) var openCount = 0

    /// What is known of `request`: nil for one never seen, or finished longer ago than the ring
    /// remembers.
    func entry(_ request: UInt64) -> Entry? { entries[request] }

    /// Holds the handler of `request`, which has none yet (its first call).
    mutating func open(_ request: UInt64, with binding: any RequestBinding) {
        entries[request] = .open(binding)
        openCount += 1
    }

    /// The request is over: its handler is dropped and any later call of it refused.
    mutating func end(_ request: UInt64) {
        switch entries.updateValue(.finished, forKey: request) {
        case .finished?:
            return
        case .open(let binding)?:
            // The visit still holding the binding sees the end between its steps with no lookup.
            binding.markEnded()
            openCount -= 1
        case nil:
            break
        }
        guard ring.count == Self.capacity else { return ring.append(request) }
        // The oldest finished request is forgotten (it is never open again: a finished request
        // is refused, not reopened).
        entries.removeValue(forKey: ring[next])
        ring[next] = request
        next = (next + 1) % Self.capacity
    }
}
