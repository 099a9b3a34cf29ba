import Synchronization

/// A handler's answer that arrives only when the test says so, whatever cancellation does.
public final class Gate: Sendable {
    public init() {}
    private let state = Mutex<(opened: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    public func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state -> Bool in
                if state.opened { return true }
                state.waiters.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }

    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.opened = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    public var isWaiting: Bool { state.withLock { !$0.waiters.isEmpty } }
}

/// A one-shot event a handler raises and a test awaits (no polling, no wall clock).
public final class Signal: Sendable {
    public init() {}
    private let gate = Gate()
    /// Raises the signal; later and current waiters go on.
    public func raise() { gate.open() }
    /// Waits until the signal is raised.
    public func wait() async { await gate.wait() }
}
