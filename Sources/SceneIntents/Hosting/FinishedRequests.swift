/// The requests a host has seen finish, so a call that comes after its request ended (a late
/// step, a stray retry) is refused instead of reaching a handler again.
///
/// It remembers the most recent `capacity` requests, in a ring: a request is never open for
/// long, so a call older than that many requests is refused by the assistant's own budget long
/// before; the memory stays fixed however long the app runs.
struct FinishedRequests: Sendable {
    private var members = Set<UInt64>()
    private var ring: [UInt64] = []
    private var next = 0
    private let capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = max(1, capacity)
    }

    /// Whether `request` has finished.
    func contains(_ request: UInt64) -> Bool { members.contains(request) }

    /// Notes that `request` has finished.
    mutating func insert(_ request: UInt64) {
        guard members.insert(request).inserted else { return }
        if ring.count < capacity {
            ring.append(request)
        } else {
            members.remove(ring[next])
            ring[next] = request
            next = (next + 1) % capacity
        }
    }
}

/// The host's requests: the handler each holds, and those that have finished.
///
/// It sits behind a `Mutex` rather than on the main actor so that a visit's steps, which are
/// `nonisolated(nonsending)` (see `RequestBinding`), reach it without an executor switch.
struct OpenRequests: Sendable {
    /// Each request's handler, bound to its intent's schema on the request's first call.
    var handlers: [UInt64: any RequestBinding] = [:]
    /// The requests that have finished.
    var finished = FinishedRequests()

    /// The request is over: its handler is dropped and any later call of it refused.
    mutating func end(_ request: UInt64) {
        // The visit still holding the binding sees the end between its steps with no lookup.
        handlers.removeValue(forKey: request)?.markEnded()
        finished.insert(request)
    }
}
