import Synchronization

/// A point a test handler stops at until the test lets it go: the test awaits `started` ("the
/// handler has started"), checks what it wants while the handler waits, then calls `release()`.
///
/// ```swift
/// handler.handling = { intent in await gate.pass(); return .success }
/// let request = harness.start(.intent(order))
/// await gate.started()
/// gate.release()
/// ```
///
/// No polling and no wall clock: both waits are continuations resumed by the other side.
public final class HandlerGate: Sendable {
    private struct State {
        var arrived = 0
        var released = false
        /// Tests in `started`, waiting for as many arrivals.
        var arrivals = CountWaiters()
        var held: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    /// A closed gate.
    public init() {}

    /// Called by the handler: marks that it arrived, then waits until the gate is released
    /// (at once when it already is).
    public func pass() async {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.arrived += 1
            return state.arrivals.takeSatisfied(by: state.arrived)
        }
        for waiter in ready { waiter.resume() }
        await withCheckedContinuation { continuation in
            let open = state.withLock { state -> Bool in
                if state.released { return true }
                state.held.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }

    /// Waits until `count` handlers (one by default) have arrived at the gate, or until the
    /// waiting task is cancelled (a suite's `.timeLimit` ends a wait for a handler that never
    /// comes); check ``waiting`` if that matters.
    public func started(_ count: Int = 1) async {
        await state.wait(until: count, reached: { $0.arrived }, waiters: \.arrivals)
    }

    /// Lets every waiting handler go on, and every later one pass at once.
    public func release() {
        let held = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.released = true
            defer { state.held = [] }
            return state.held
        }
        for waiter in held { waiter.resume() }
    }

    /// How many handlers wait at the gate now.
    public var waiting: Int { state.withLock { $0.held.count } }
}
