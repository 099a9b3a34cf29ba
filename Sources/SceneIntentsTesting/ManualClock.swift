import Synchronization

/// A deterministic `Clock` for tests: time moves only when the test calls `advance`.
///
/// Hand a `ManualClock` to the code under test instead of `ContinuousClock`, park the
/// code's sleeps with ``waitForSleepers(_:)``, then move time with ``advance(by:)`` or
/// ``advance(to:)``. Nothing here looks at the wall clock, so tests never wait for real time.
///
/// - Sleepers resume in deadline order; sleepers sharing a deadline resume in the order
///   they started sleeping. `now` is already at the advanced-to instant when they resume.
/// - The ordering is that of the resumptions, not of what the tasks do next: a resumed
///   continuation is scheduled through the global executor before it hops back to its
///   task's actor, so tasks resumed by one advance may run in another order, even when they
///   all run on the main actor. To make a test depend on an order, advance to one deadline
///   at a time.
/// - Cancelling a sleeping task removes its sleeper at once (``sleeperCount`` drops before
///   `cancel()` returns) and makes `sleep` throw `CancellationError`.
/// - All methods are safe to call from any thread or task.
public final class ManualClock: Clock, Sendable {
    /// Sleepers, waiters and the current time, behind a lock.
    private let state: Mutex<State>

    /// Creates a clock whose ``now`` is `start` after its origin.
    public init(start: Duration = .zero) {
        state = Mutex(State(now: start))
    }

    /// The current instant; changes only through ``advance(by:)`` and ``advance(to:)``.
    public var now: Instant {
        state.withLock { Instant(offset: $0.now) }
    }

    /// The clock's resolution: zero, since it has no ticks of its own.
    public var minimumResolution: Duration {
        .zero
    }

    /// The number of tasks currently parked in ``sleep(until:tolerance:)``.
    ///
    /// Cancelled and resumed sleepers are no longer counted.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends until the clock reaches `deadline`.
    ///
    /// Returns at once, without parking, when `deadline` is not after ``now``.
    /// Otherwise parks until an ``advance(by:)`` or ``advance(to:)`` reaches `deadline`.
    /// `tolerance` is ignored: the clock is exact.
    ///
    /// - Throws: `CancellationError` if the task is cancelled before the call or while
    ///   parked; the sleeper is then removed immediately.
    nonisolated(nonsending)
    /// Suspends until the clock reaches `deadline` (see the type's notes on cancellation).
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let ticket = state.withLock { $0.makeTicket() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                park(continuation, ticket: ticket, deadline: deadline.offset)
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: ticket) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Parks a sleeper, or resumes it at once when it is cancelled or already due.
    private func park(_ continuation: CheckedContinuation<Void, any Error>, ticket: UInt64, deadline: Duration) {
        enum Outcome {
            case cancelled, due, parked([CheckedContinuation<Void, Never>])
        }
        let outcome = state.withLock { state -> Outcome in
            // Checked under the lock: the cancellation flag is set before the cancellation
            // handler runs, and that handler takes this lock, so either we see the flag here
            // or the handler finds the sleeper we park and removes it.
            if Task.isCancelled {
                return .cancelled
            }
            if deadline <= state.now {
                return .due
            }
            state.sleepers[ticket] = State.Sleeper(deadline: deadline, continuation: continuation)
            return .parked(state.waiters.takeSatisfied(by: state.sleepers.count))
        }
        switch outcome {
        case .cancelled:
            continuation.resume(throwing: CancellationError())
        case .due:
            continuation.resume()
        case .parked(let waiters):
            for waiter in waiters {
                waiter.resume()
            }
        }
    }

    /// Moves ``now`` forward by `duration` and resumes every sleeper that is then due.
    ///
    /// Sleepers whose deadlines fall anywhere in the advanced span resume in deadline order,
    /// ties in the order they started sleeping; each observes ``now`` at the final instant.
    ///
    /// - Precondition: `duration` is not negative.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "ManualClock cannot move backwards (advance by \(duration))")
        let due = state.withLock { $0.advance(to: $0.now + duration) }
        for continuation in due {
            continuation.resume()
        }
    }

    /// Moves ``now`` forward to `instant` and resumes every sleeper that is then due.
    ///
    /// Behaves like ``advance(by:)`` with the distance from ``now`` to `instant`.
    ///
    /// - Precondition: `instant` is not before ``now``.
    public func advance(to instant: Instant) {
        let due = state.withLock { state in
            precondition(instant.offset >= state.now, "ManualClock cannot move backwards (to \(instant))")
            return state.advance(to: instant.offset)
        }
        for continuation in due {
            continuation.resume()
        }
    }

    /// Suspends until at least `count` tasks are parked in ``sleep(until:tolerance:)``.
    ///
    /// Returns at once when enough sleepers are already parked. Use it to let the code
    /// under test reach its sleep before calling ``advance(by:)``. The wait is woken by
    /// sleepers parking, never by polling. If the waiting task is cancelled, the call
    /// returns early; check ``sleeperCount`` if that matters.
    nonisolated(nonsending)
    /// Suspends until at least `count` tasks are parked in `sleep(until:tolerance:)`.
    public func waitForSleepers(_ count: Int) async {
        await state.wait(until: count, reached: { $0.sleepers.count }, waiters: \.waiters)
    }
}
