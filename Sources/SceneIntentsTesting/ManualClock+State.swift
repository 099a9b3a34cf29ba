extension ManualClock {
    /// The mutable state of a ``ManualClock``; only ever touched inside its `Mutex`.
    ///
    /// Every continuation stored here is removed from the state in the same critical
    /// section that decides to resume it, which is what guarantees each one is resumed
    /// exactly once: whoever removes it owns it.
    struct State: Sendable {
        /// A task parked in `sleep(until:tolerance:)`.
        struct Sleeper: Sendable {
            /// When the sleeper is due.
            var deadline: Duration
            /// Resumes the sleeping task; normally, or with `CancellationError`.
            var continuation: CheckedContinuation<Void, any Error>
        }

        /// A task parked in `waitForSleepers(_:)`.
        struct Waiter: Sendable {
            /// How many sleepers must be parked before the waiter resumes.
            var count: Int
            /// Resumes the waiting task.
            var continuation: CheckedContinuation<Void, Never>
        }

        /// The current time as an offset from the clock's start.
        var now: Duration
        /// The next ticket; tickets order sleepers and waiters by arrival.
        var nextTicket: UInt64 = 0
        /// Parked sleepers by ticket.
        var sleepers: [UInt64: Sleeper] = [:]
        /// Parked waiters by ticket.
        var waiters: [UInt64: Waiter] = [:]

        /// Hands out a fresh ticket.
        mutating func makeTicket() -> UInt64 {
            defer { nextTicket &+= 1 }
            return nextTicket
        }

        /// Removes and returns, in arrival order, the waiters satisfied by the current sleepers.
        mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let satisfied = waiters
                .filter { $0.value.count <= sleepers.count }
                .sorted { $0.key < $1.key }
            for (ticket, _) in satisfied {
                waiters[ticket] = nil
            }
            return satisfied.map(\.value.continuation)
        }

        /// Moves `now` to `deadline` (never backwards) and removes the sleepers now due,
        /// returned in deadline order, ties in arrival order.
        mutating func advance(to deadline: Duration) -> [CheckedContinuation<Void, any Error>] {
            if deadline > now {
                now = deadline
            }
            let due = sleepers
                .filter { $0.value.deadline <= now }
                .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
            for (ticket, _) in due {
                sleepers[ticket] = nil
            }
            return due.map(\.value.continuation)
        }
    }
}
