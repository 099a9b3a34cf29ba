import Synchronization

/// How a budgeted call ended.
public enum RaceOutcome<Value: Sendable>: Sendable {
    /// The work answered in time.
    case answered(Value)
    /// The deadline passed first; the work was cancelled and its answer, if it ever comes, dropped.
    case timedOut
    /// The caller was cancelled first.
    case cancelled
}

/// Runs `work` against a hard deadline.
///
/// The work runs in its own task; whichever comes first (its answer, the deadline, or the
/// caller's cancellation) ends the wait at once, even if the work ignores cancellation. The timer
/// is disarmed as soon as the work answers, so nothing waits on a deadline that no longer
/// matters. An answer that arrives after the deadline is passed to `late` and otherwise dropped.
public func race<Value: Sendable>(
    deadline: Duration, on clock: BudgetClock,
    late: @escaping @Sendable (Value) -> Void = { _ in },
    _ work: @escaping @Sendable () async -> Value
) async -> RaceOutcome<Value> {
    await race(deadline: deadline, on: clock, late: late) { answer, _ in
        .task(Task { answer(await work()) })
    }
}

/// Runs work that answers through a callback against a hard deadline: `start` begins the work,
/// returns how to cancel it, and calls `answer` once. This lets work that runs on another actor answer
/// the waiter directly, with no hop back through a task of its own. Work made of several steps
/// calls `rearm` with a new deadline as each step completes, so every step has its own budget;
/// `rearm` answers false when the race is already over (the step came too late).
///
/// On the continuous clock a later deadline only moves the race's deadline: the one timer, when
/// it fires, finds the deadline moved and is armed again for what is left, so a step costs a
/// lock, not a timer. On a sleeping clock (a test's) the timer is replaced at each step.
///
/// A caller that is already cancelled gets `.cancelled` at once: the work is never started.
/// Work that answers while it is being started (inside `start`) is not waited for; it still
/// times out if it answered at or after its deadline.
///
/// The waiter resumes on the caller's actor, which `isolation` names (leave its default).
public func race<Value: Sendable>(
    deadline: Duration, on clock: BudgetClock,
    late: @escaping @Sendable (Value) -> Void = { _ in },
    start: (
        _ answer: @escaping @Sendable (Value) -> Void, _ rearm: @escaping @Sendable (Duration) -> Bool
    ) -> CallCancellation,
    isolation: isolated (any Actor)? = #isolation
) async -> RaceOutcome<Value> {
    if Task.isCancelled { return .cancelled }
    let gate = RaceGate<Value>(clock: clock, deadline: deadline, late: late)
    let work = start({ value in gate.answer(value) }, { deadline in gate.move(deadline: deadline) })
    return await gate.outcome(of: work, isolation: isolation)
}

/// The shared state of one race: whoever finishes first resumes the waiter, cancels the work
/// (unless it answered) and disarms the timer.
///
/// `race` makes one for its caller. Work that answered while it was started (an app in this
/// process that answered in the caller's job) is not waited for: no timer, no continuation.
final class RaceGate<Value: Sendable>: Sendable {
    private struct State {
        var continuation: UnsafeContinuation<RaceOutcome<Value>, Never>?
        var outcome: RaceOutcome<Value>?
        var work: CallCancellation?
        var timer: (any BudgetTimer)?
        /// The race's deadline now.
        var deadline: Duration
        /// The deadline the timer is armed for (at or before `deadline`).
        var armedAt: Duration
    }

    private let state: Mutex<State>
    private let clock: BudgetClock
    private let late: @Sendable (Value) -> Void

    /// A race until `deadline` on `clock`; an answer that comes once it is over goes to `late`.
    init(clock: BudgetClock, deadline: Duration, late: @escaping @Sendable (Value) -> Void) {
        self.clock = clock
        self.late = late
        state = Mutex(State(deadline: deadline, armedAt: deadline))
    }

    /// The work's answer: it ends the race, or goes to `late` when the race is over.
    func answer(_ value: Value) {
        if !finish(.answered(value)) { late(value) }
    }

    /// Waits for the race to end, `work` being its started work; resumes on `isolation`.
    func outcome(of work: CallCancellation, isolation: isolated (any Actor)?) async -> RaceOutcome<Value> {
        // Work that answered before it was started returned (an app in this process whose
        // handler answers at once) is not waited for: no timer, no continuation, no cancellation
        // handler.
        if let outcome = outcomeAtOnce() { return outcome }
        return await withTaskCancellationHandler {
            // The closure is isolated to the caller only because it captures `isolation`: without
            // it, the waiter of a caller on the main actor was resumed on the global executor and
            // hopped back (two thread switches per call).
            await withUnsafeContinuation(isolation: isolation) { (continuation: UnsafeContinuation<RaceOutcome<Value>, Never>) in
                self.install(continuation)
                self.armTimer()
                self.attach(work)
            }
        } onCancel: {
            self.finish(.cancelled)
        }
    }

    private func install(_ continuation: UnsafeContinuation<RaceOutcome<Value>, Never>) {
        let early = state.withLock { state -> RaceOutcome<Value>? in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    private func attach(_ work: CallCancellation) {
        let finished = state.withLock { state -> RaceOutcome<Value>? in
            if let outcome = state.outcome { return outcome }
            state.work = work
            return nil
        }
        guard let finished else { return }
        if case .answered = finished {} else { work.cancel() }
    }

    /// How the race ended while its work was being started, if it has: an answer that came at
    /// or after the deadline (the work held the thread that long) timed out, as the timer would
    /// have found, and is passed to `late`.
    private func outcomeAtOnce() -> RaceOutcome<Value>? {
        let (outcome, deadline) = state.withLock { ($0.outcome, $0.deadline) }
        guard case .answered(let value)? = outcome, clock.now >= deadline else { return outcome }
        late(value)
        return .timedOut
    }

    /// Arms the timer for the race's deadline now (the steps reported while the work was being
    /// started may have moved it).
    private func armTimer() {
        armTimer(at: state.withLock { $0.deadline })
    }

    /// Arms the timer for `deadline`, replacing the one armed before; the race's deadline stays
    /// where it is if it has moved later meanwhile.
    private func armTimer(at deadline: Duration) {
        replace(timer: clock.arm(at: deadline) { [self] in expire() }, armedAt: deadline, isTheDeadline: false)
    }

    /// Moves the race's deadline to `deadline`; answers false when the race is already over,
    /// or its deadline has passed (the step came too late, whether or not a timer has found it
    /// yet: work that holds the thread while it is started arms none).
    func move(deadline: Duration) -> Bool {
        let now = clock.now
        let inPlace = state.withLock { state -> Bool? in
            if state.outcome != nil || now >= state.deadline { return nil }
            guard clock.extendsDeadlinesInPlace else { return false }
            state.deadline = deadline
            return deadline >= state.armedAt
        }
        switch inPlace {
        case nil: return false
        case true?: return true
        // A sleeping clock's timer, or an earlier deadline than the timer's: the timer must move.
        case false?: return replace(timer: clock.arm(at: deadline) { [self] in expire() }, armedAt: deadline, isTheDeadline: true)
        }
    }

    /// The timer fired: the race times out, unless its deadline moved later meanwhile (then the
    /// timer is armed again for the new deadline).
    private func expire() {
        let now = clock.now
        let moved = state.withLock { state -> Duration? in
            if state.outcome != nil || now >= state.deadline { return nil }
            return state.deadline
        }
        guard let moved else {
            finish(.timedOut)
            return
        }
        armTimer(at: moved)
    }

    /// Replaces the timer with a new one armed at `armedAt`, which becomes the race's deadline
    /// when `isTheDeadline` (a step's new deadline), or stays at most the deadline (a timer armed
    /// again for a deadline that may have moved since); disarms the new timer at once if the race
    /// is over, and answers whether it was still on.
    @discardableResult
    private func replace(timer new: any BudgetTimer, armedAt: Duration, isTheDeadline: Bool) -> Bool {
        let old = state.withLock { state -> (any BudgetTimer)?? in
            if state.outcome != nil { return .none }
            defer {
                state.timer = new
                state.armedAt = armedAt
                state.deadline = isTheDeadline ? armedAt : max(state.deadline, armedAt)
            }
            return .some(state.timer)
        }
        switch old {
        case .none:
            new.disarm()
            return false
        case .some(let old):
            old?.disarm()
            return true
        }
    }

    /// Ends the race with `outcome` if it is not over; returns whether this call ended it.
    @discardableResult
    func finish(_ outcome: RaceOutcome<Value>) -> Bool {
        let taken = state.withLock { state -> (UnsafeContinuation<RaceOutcome<Value>, Never>?, CallCancellation?, (any BudgetTimer)?)? in
            if state.outcome != nil { return nil }
            state.outcome = outcome
            defer {
                state.continuation = nil
                state.work = nil
                state.timer = nil
            }
            return (state.continuation, state.work, state.timer)
        }
        guard let (continuation, work, timer) = taken else { return false }
        timer?.disarm()
        if case .answered = outcome {} else { work?.cancel() }
        continuation?.resume(returning: outcome)
        return true
    }
}
