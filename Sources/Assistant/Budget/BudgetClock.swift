import Dispatch
import Synchronization

/// A clock as budgets need it: the time since the clock was adopted, and cancellable timers.
///
/// Made from any `Clock` whose duration is `Duration`: a `ManualClock` in tests, the
/// `ContinuousClock` in production. On the continuous clock timers are entries in one shared
/// deadline queue, removed the moment they are disarmed; on any other clock a timer is a task
/// sleeping on that clock, cancelled at disarm (which is what lets a manual clock count and fire
/// it).
public struct BudgetClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> BudgetTimer

    /// Adopts a clock; instants are measured from now.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        if let continuous = clock as? ContinuousClock {
            let start = continuous.now
            schedule = { deadline, fire in
                let ticket = DeadlineQueue.shared.arm(after: deadline - start.duration(to: continuous.now), fire)
                return QueuedBudgetTimer(ticket: ticket)
            }
        } else {
            schedule = { deadline, fire in
                let task = Task {
                    do { try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil) } catch { return }
                    fire()
                }
                return TaskBudgetTimer(task: task)
            }
        }
    }

    /// The time since the clock was adopted.
    public var now: Duration { elapsed() }

    /// How many deadlines on the continuous clock are armed now, in every assistant of the
    /// process: zero once no budget is running (a check for tests and the benchmark).
    public static var pendingDeadlines: Int { DeadlineQueue.shared.pending }

    /// Deadlines at or beyond this (about 136 years) never come: no timer is armed for them, so
    /// a budget of `.seconds(Int64.max)` means "no limit" instead of overflowing a timer.
    public static let horizon = Duration.seconds(Int64(1) << 32)

    /// Calls `fire` once `deadline` (measured like `now`) is reached, unless disarmed first. A
    /// deadline at or beyond `horizon` is never reached.
    public func arm(at deadline: Duration, _ fire: @escaping @Sendable () -> Void) -> any BudgetTimer {
        guard deadline < Self.horizon else { return NeverTimer() }
        return schedule(deadline, fire)
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

/// A deadline in the shared `DeadlineQueue`.
private struct QueuedBudgetTimer: BudgetTimer {
    let ticket: UInt64
    func disarm() { DeadlineQueue.shared.disarm(ticket) }
}
