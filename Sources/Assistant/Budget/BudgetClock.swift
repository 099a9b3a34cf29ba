import Dispatch
import Synchronization

/// A clock as budgets need it: the time since the clock was adopted, and cancellable timers.
///
/// Made from any `Clock` whose duration is `Duration`: a `ManualClock` in tests, the
/// `ContinuousClock` in production. On the continuous clock timers are Dispatch timers that are
/// freed the moment they are disarmed; on any other clock a timer is a task sleeping on that
/// clock, cancelled at disarm (which is what lets a manual clock count and fire it).
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
                DispatchBudgetTimer(after: deadline - start.duration(to: continuous.now), fire: fire)
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

    /// Calls `fire` once `deadline` (measured like `now`) is reached, unless disarmed first.
    public func arm(at deadline: Duration, _ fire: @escaping @Sendable () -> Void) -> any BudgetTimer {
        schedule(deadline, fire)
    }
}

/// A timer armed by `BudgetClock.arm(at:_:)`.
public protocol BudgetTimer: Sendable {
    /// Stops the timer; its action will not run (if it has not already) and its memory is freed.
    func disarm()
}

private struct TaskBudgetTimer: BudgetTimer {
    let task: Task<Void, Never>
    func disarm() { task.cancel() }
}

/// A one-shot Dispatch timer, freed as soon as it is disarmed.
///
/// `@unchecked Sendable` because it holds a Dispatch source, which Swift does not mark
/// `Sendable`: after `init` the source is only ever cancelled, and `DispatchSource.cancel()` is
/// documented as safe to call from any thread and any number of times. The event handler holds
/// the timer weakly, so disarming drops the only strong reference the queue keeps.
private final class DispatchBudgetTimer: BudgetTimer, @unchecked Sendable {
    private static let queue = DispatchQueue(label: "SceneIntents.budget-timers")
    private let source: any DispatchSourceTimer

    init(after delay: Duration, fire: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: Self.queue)
        let nanoseconds = max(0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        source.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds)))
        source.setEventHandler { [source] in
            source.cancel()
            fire()
        }
        source.resume()
    }

    func disarm() {
        source.cancel()
    }
}
