import Dispatch
import Glibc
import Synchronization

/// A clock as budgets need it: the time since the clock was adopted, and cancellable timers.
///
/// The choice is explicit: `.continuous()` in production (real time; timers are entries in a
/// deadline queue of this clock's own, one Dispatch timer for all its budgets, removed the
/// moment they are disarmed), `.sleeping(on:)` with any other clock, a `ManualClock` in tests
/// (a timer is a task sleeping on that clock, cancelled at disarm, which is what lets the test
/// clock count and fire it). Each assistant has its own, so no budget of one is seen by another.
public struct BudgetClock: Sendable {
    /// The clock's parts, in one object: a clock is copied into every call and race of a
    /// request, and a copy of one reference is one retain.
    private final class Parts: Sendable {
        let elapsed: @Sendable () -> Duration
        let schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> BudgetTimer
        let queue: DeadlineQueue?

        /// The time since adoption in whole nanoseconds: what a trace keeps per event (a
        /// `Duration` is made from it only when the trace is read).
        let nanoseconds: @Sendable () -> Int64

        init(
            elapsed: @escaping @Sendable () -> Duration, nanoseconds: @escaping @Sendable () -> Int64,
            queue: DeadlineQueue?, schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> BudgetTimer
        ) {
            self.elapsed = elapsed
            self.nanoseconds = nanoseconds
            self.queue = queue
            self.schedule = schedule
        }
    }

    private let parts: Parts

    /// The continuous clock, with a deadline queue of its own; instants are measured from now.
    public static func continuous() -> BudgetClock {
        let start = continuousNanoseconds()
        let queue = DeadlineQueue()
        // Read as nanoseconds from the clock `ContinuousClock` reads: a request reads the time
        // several times, and an instant's `duration(to:)` is 128-bit arithmetic each time.
        let nanoseconds: @Sendable () -> Int64 = { continuousNanoseconds() &- start }
        let elapsed: @Sendable () -> Duration = { .nanoseconds(continuousNanoseconds() &- start) }
        return BudgetClock(elapsed: elapsed, nanoseconds: nanoseconds, queue: queue) { deadline, fire in
            QueuedBudgetTimer(queue: queue, ticket: queue.arm(after: deadline - elapsed(), fire))
        }
    }

    /// Nanoseconds on the clock `ContinuousClock` reads on Linux (it goes on while the machine
    /// sleeps).
    private static func continuousNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }

    /// Any clock, its timers tasks sleeping on it (a `ManualClock` in tests); instants are
    /// measured from now.
    public static func sleeping<C: Clock>(on clock: C) -> BudgetClock where C.Duration == Duration {
        let origin = clock.now
        let elapsed: @Sendable () -> Duration = { origin.duration(to: clock.now) }
        let nanoseconds: @Sendable () -> Int64 = {
            let (seconds, attoseconds) = elapsed().components
            return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
        }
        return BudgetClock(elapsed: elapsed, nanoseconds: nanoseconds, queue: nil) { deadline, fire in
            let task = Task {
                do { try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil) } catch { return }
                fire()
            }
            return TaskBudgetTimer(task: task)
        }
    }

    private init(
        elapsed: @escaping @Sendable () -> Duration, nanoseconds: @escaping @Sendable () -> Int64, queue: DeadlineQueue?,
        schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> BudgetTimer
    ) {
        parts = Parts(elapsed: elapsed, nanoseconds: nanoseconds, queue: queue, schedule: schedule)
    }

    /// The time since the clock was adopted.
    public var now: Duration { parts.elapsed() }

    /// `now` in whole nanoseconds.
    var nowNanoseconds: Int64 { parts.nanoseconds() }

    /// How many deadlines of this continuous clock are armed now: zero once none of its budgets
    /// runs (a check for tests and the benchmark). Nil on a sleeping clock, whose timers the
    /// clock itself counts (`ManualClock.sleeperCount`).
    public var pendingDeadlines: Int? { parts.queue?.pending }

    /// Whether a race's deadline may be moved later without touching its timer: true for the
    /// continuous clock, whose timer checks the race's latest deadline when it fires and is
    /// armed again for what is left. A sleeping clock's timer is replaced instead, so a test
    /// clock sees exactly one sleeper per budget, at its current deadline.
    var extendsDeadlinesInPlace: Bool { parts.queue != nil }

    /// Deadlines at or beyond this (about 136 years) never come: no timer is armed for them, so
    /// a budget of `.seconds(Int64.max)` means "no limit" instead of overflowing a timer.
    public static let horizon = Duration.seconds(Int64(1) << 32)

    /// Calls `fire` once `deadline` (measured like `now`) is reached, unless disarmed first. A
    /// deadline at or beyond `horizon` is never reached.
    public func arm(at deadline: Duration, _ fire: @escaping @Sendable () -> Void) -> any BudgetTimer {
        guard deadline < Self.horizon else { return NeverTimer() }
        return parts.schedule(deadline, fire)
    }
}

/// A timer armed by `BudgetClock.arm(at:_:)`.
public protocol BudgetTimer: Sendable {
    /// Stops the timer; its action will not run (if it has not already) and its memory is freed.
    func disarm()
}

/// The timer of a deadline that never comes: nothing to disarm.
private struct NeverTimer: BudgetTimer {
    func disarm() {}
}

private struct TaskBudgetTimer: BudgetTimer {
    let task: Task<Void, Never>
    func disarm() { task.cancel() }
}

/// A deadline in a clock's `DeadlineQueue`.
private struct QueuedBudgetTimer: BudgetTimer {
    let queue: DeadlineQueue
    let ticket: UInt64
    func disarm() { queue.disarm(ticket) }
}
