import Synchronization

/// The life of a connection's socket, shared by ``FramedConnection`` and ``StreamConnection``:
/// started once, ended exactly once with one ``CloseReason``, its descriptor closed exactly once.
///
/// Held inline (noncopyable, as its lock and atomic must be) by a `let` of the connection, so
/// reaching ``socket`` or ``isClosing`` on the per-message path costs what a field of the
/// connection itself would: no pointer to follow, no lock.
struct ConnectionLifecycle: ~Copyable, Sendable {
    let socket: SharedDescriptor
    private let state = Mutex(State.open(reading: false, waiters: []))
    private let closingLocally = Atomic<Bool>(false)

    private enum State {
        /// Not ended yet; `reading` once started; `waiters` are parked in ``closed()``.
        case open(reading: Bool, waiters: [CheckedContinuation<CloseReason, Never>])
        case closed(CloseReason)
    }

    init(adopting descriptor: Int32) {
        socket = SharedDescriptor(descriptor)
    }

    deinit {
        // A reading connection cannot go away (its reader holds it), so this closes one that
        // was never started; for one that ended, the descriptor is already closed.
        socket.close()
    }

    /// Whether ``close()`` has been called: what a reader stops delivering at, and what tells a
    /// send that failed because of it from one that failed on its own.
    var isClosing: Bool { closingLocally.load(ordering: .relaxed) }

    /// Marks the connection as read, once, and runs `reading`; on an ended connection tells
    /// `closed` why instead. Answers whether reading began.
    func begin(closed: (CloseReason) -> Void, reading: () -> Void) -> Bool {
        let found = state.withLock { state in
            let found = state
            if case .open(reading: false, let waiters) = state { state = .open(reading: true, waiters: waiters) }
            return found
        }
        switch found {
        case .open(reading: false, _):
            reading()
            return true
        case .open(reading: true, _): return false
        case .closed(let reason):
            closed(reason)
            return false
        }
    }

    /// Ends the connection with ``CloseReason/closedLocally`` unless it had already ended.
    func close() {
        closingLocally.store(true, ordering: .relaxed)
        // Shutting down wakes a reader blocked in `recv` and a sender waiting for room; the
        // descriptor itself is closed by the reader, or here if there is none.
        let idleWaiters = state.withLock { state -> [CheckedContinuation<CloseReason, Never>]? in
            guard case .open(reading: false, let waiters) = state else { return nil }
            state = .closed(.closedLocally)
            return waiters
        }
        if let idleWaiters {
            socket.close()
            for waiter in idleWaiters { waiter.resume(returning: .closedLocally) }
        } else {
            socket.shutdown()
        }
    }

    /// How the connection ended, or `nil` while it is open.
    var closeReason: CloseReason? {
        state.withLock { state in
            if case .closed(let reason) = state { return reason }
            return nil
        }
    }

    /// Waits until the connection has ended and answers why.
    func closed() async -> CloseReason {
        await withCheckedContinuation { continuation in
            let reason = state.withLock { state -> CloseReason? in
                switch state {
                case .closed(let reason): return reason
                case .open(let reading, let waiters):
                    state = .open(reading: reading, waiters: waiters + [continuation])
                    return nil
                }
            }
            if let reason { continuation.resume(returning: reason) }
        }
    }

    /// The end of reading, once (only the reader calls it): frees the descriptor, then tells
    /// `closed` and the waiters why.
    func finish(_ reason: CloseReason, closed: (CloseReason) -> Void) {
        let reason = isClosing ? .closedLocally : reason
        socket.close()
        let waiters = state.withLock { state -> [CheckedContinuation<CloseReason, Never>] in
            guard case .open(_, let waiters) = state else { return [] }
            state = .closed(reason)
            return waiters
        }
        closed(reason)
        for waiter in waiters { waiter.resume(returning: reason) }
    }

    /// The error a send that did not write everything throws: `outcome` is the write lease's
    /// (`nil` once closing had begun). A write that failed after ``close()`` failed because of
    /// it, so it too reports the connection ended (`ended` says more).
    func sendError(
        _ outcome: SystemError??, value: String, peer: String, ended: @autoclosure () -> String
    ) -> TransportError {
        if case .some(.some(let failure)) = outcome, !isClosing {
            return TransportError(.systemCall, value: value, message: "cannot send to \(peer): \(failure)", system: failure)
        }
        return TransportError(.connectionClosed, value: value, message: "cannot send to \(peer): the connection has ended\(ended())")
    }
}
