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

        /// The current time as an offset from the clock's start.
        var now: Duration
        /// The next ticket; tickets order sleepers by arrival.
        var nextTicket: UInt64 = 0
        /// Parked sleepers by ticket.
        var sleepers: [UInt64: Sleeper] = [:]
        /// Tasks in `waitForSleepers(_:)`, waiting for as many sleepers.
        var waiters = CountWaiters()

        /// Hands out a fresh ticket.
        mutating func makeTicket() -> UInt64 {
            defer { nextTicket &+= 1 }
            return nextTicket
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
