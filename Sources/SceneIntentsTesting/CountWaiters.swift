import Synchronization

/// Tasks waiting for a count (sleepers parked on a ``ManualClock``, handlers arrived at a
/// ``HandlerGate``) to reach the number each named; kept in the state of the type they wait on
/// and touched only under its lock.
///
/// Each continuation is removed in the same critical section that decides to resume it, which
/// is what resumes it exactly once: whoever removes it owns it.
struct CountWaiters: Sendable {
    private struct Waiter: Sendable {
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    /// The next ticket; tickets order the waits by arrival.
    private var nextTicket: UInt64 = 0
    private var waiting: [UInt64: Waiter] = [:]

    /// Removes and returns, in arrival order, the waits that `reached` satisfies.
    mutating func takeSatisfied(by reached: Int) -> [CheckedContinuation<Void, Never>] {
        let satisfied = waiting.filter { $0.value.count <= reached }.sorted { $0.key < $1.key }
        for (ticket, _) in satisfied { waiting[ticket] = nil }
        return satisfied.map(\.value.continuation)
    }

    fileprivate mutating func makeTicket() -> UInt64 {
        defer { nextTicket &+= 1 }
        return nextTicket
    }

    fileprivate mutating func park(_ ticket: UInt64, count: Int, _ continuation: CheckedContinuation<Void, Never>) {
        waiting[ticket] = Waiter(count: count, continuation: continuation)
    }

    fileprivate mutating func remove(_ ticket: UInt64) -> CheckedContinuation<Void, Never>? {
        waiting.removeValue(forKey: ticket)?.continuation
    }
}

extension Mutex where Value: Copyable {
    /// Suspends until the count `reached` reads (under the lock) is at least `count`, woken by
    /// whoever moves the count and takes the satisfied waits from `waiters`, never by polling;
    /// returns early when the waiting task is cancelled.
    nonisolated(nonsending)
    func wait(
        until count: Int, reached: @Sendable (Value) -> Int, waiters: WritableKeyPath<Value, CountWaiters> & Sendable
    ) async {
        let ticket = withLock { $0[keyPath: waiters].makeTicket() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = withLock { state -> Bool in
                    // Checked under the lock: the cancellation flag is set before the handler
                    // below runs, and it takes this lock, so either the flag is seen here or
                    // the handler finds the wait parked and resumes it.
                    if Task.isCancelled || reached(state) >= count { return true }
                    state[keyPath: waiters].park(ticket, count: count, continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            withLock { $0[keyPath: waiters].remove(ticket) }?.resume()
        }
    }
}
