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
    let gate = RaceGate(clock: clock, deadline: deadline)
    let answer = RaceAnswer<Value>()
    let work = start(
        { value in
            answer.store(value)
            if !gate.answered() { late(value) }
        },
        { deadline in gate.move(deadline: deadline) })
    return await gate.outcome(of: work, isolation: isolation, answer: { answer.stored }, late: late)
}

/// Where `race` keeps its work's answer until the waiter takes it.
private final class RaceAnswer<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    /// Keeps the first answer: one that comes again (work that answers twice) is late, and must
    /// not replace the one the waiter may be about to take.
    func store(_ answer: Value) { value.withLock { if $0 == nil { $0 = answer } } }

    var stored: Value? { value.withLock { $0 } }
}

/// How a race ended, without its answer: whoever holds the work's answer keeps it (a race for
/// phase calls keeps it with the call's steps), so the race itself is not generic.
enum RaceEnd: Sendable, Equatable {
    /// The work answered in time.
    case answered
    /// The work answered while it was being started, at or after its deadline: it timed out,
    /// and its answer is late.
    case answeredTooLate
    /// The deadline passed first.
    case timedOut
    /// The caller was cancelled first.
    case cancelled
}

/// The shared state of one race: whoever finishes first resumes the waiter, cancels the work
/// (unless it answered) and disarms the timer.
///
/// Not generic: a generic class's `deinit` is not specialized, and it looked its state's
/// metadata up three times on every call. The answer is kept by the race's owner, which stores
/// it before it tells the gate (`answered()`), so the waiter that the gate resumes finds it.
///
/// Work that answered while it was started (an app in this process that answered in the
/// caller's job) is not waited for: no timer, no continuation.
final class RaceGate: Sendable {
    private struct State {
        var continuation: UnsafeContinuation<RaceEnd, Never>?
        var end: RaceEnd?
        var work: CallCancellation?
        var timer: (any BudgetTimer)?
        /// The race's deadline now.
        var deadline: Duration
        /// The deadline the timer is armed for (at or before `deadline`).
        var armedAt: Duration
    }

    private let state: Mutex<State>
    private let clock: BudgetClock

    /// A race until `deadline` on `clock`.
    init(clock: BudgetClock, deadline: Duration) {
        self.clock = clock
        state = Mutex(State(deadline: deadline, armedAt: deadline))
    }

    /// The work answered (its answer stored first by the race's owner): ends the race; false
    /// when the race was already over, and the answer is late.
    func answered() -> Bool {
        finish(.answered)
    }

    /// Waits for the race to end, `work` being its started work, and resumes on `isolation`;
    /// answers with the owner's `answer`, or passes it to `late` when it came too late.
    func outcome<Value: Sendable>(
        of work: CallCancellation, isolation: isolated (any Actor)?, answer: () -> Value?, late: (Value) -> Void
    ) async -> RaceOutcome<Value> {
        switch await end(of: work, isolation: isolation) {
        case .answered:
            // Stored before the race was told: present whenever the race ended answered.
            guard let value = answer() else { return .timedOut }
            return .answered(value)
        case .answeredTooLate:
            if let value = answer() { late(value) }
            return .timedOut
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        }
    }

    /// Waits for the race to end, `work` being its started work; resumes on `isolation`.
    private func end(of work: CallCancellation, isolation: isolated (any Actor)?) async -> RaceEnd {
        // Work that answered before it was started returned (an app in this process whose
        // handler answers at once) is not waited for: no timer, no continuation, no cancellation
        // handler.
        if let end = endAtOnce() { return end }
        return await withTaskCancellationHandler {
            // The closure is isolated to the caller only because it captures `isolation`: without
            // it, the waiter of a caller on the main actor was resumed on the global executor and
            // hopped back (two thread switches per call).
            await withUnsafeContinuation(isolation: isolation) { (continuation: UnsafeContinuation<RaceEnd, Never>) in
                self.install(continuation)
                self.armTimer()
                self.attach(work)
            }
        } onCancel: {
            self.finish(.cancelled)
        }
    }

    private func install(_ continuation: UnsafeContinuation<RaceEnd, Never>) {
        let early = state.withLock { state -> RaceEnd? in
            if let end = state.end { return end }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    private func attach(_ work: CallCancellation) {
        let finished = state.withLock { state -> RaceEnd? in
            if let end = state.end { return end }
            state.work = work
            return nil
        }
        guard let finished else { return }
        if finished != .answered { work.cancel() }
    }

    /// How the race ended while its work was being started, if it has: an answer that came at
    /// or after the deadline (the work held the thread that long) timed out, as the timer would
    /// have found, and is late.
    private func endAtOnce() -> RaceEnd? {
        let (end, deadline) = state.withLock { ($0.end, $0.deadline) }
        guard end == .answered, clock.now >= deadline else { return end }
        return .answeredTooLate
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
    /// or its deadline had passed at `now` (the step came too late, whether or not a timer has
    /// found it yet: work that holds the thread while it is started arms none). `now` is the
    /// clock's reading the caller has just made, if it has one.
    func move(deadline: Duration, now: Duration? = nil) -> Bool {
        let now = now ?? clock.now
        let inPlace = state.withLock { state -> Bool? in
            if state.end != nil || now >= state.deadline { return nil }
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
            if state.end != nil || now >= state.deadline { return nil }
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
            if state.end != nil { return .none }
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

    /// Ends the race with `end` if it is not over; returns whether this call ended it.
    @discardableResult
    func finish(_ end: RaceEnd) -> Bool {
        let taken = state.withLock { state -> (UnsafeContinuation<RaceEnd, Never>?, CallCancellation?, (any BudgetTimer)?)? in
            if state.end != nil { return nil }
            state.end = end
            defer {
                state.continuation = nil
                state.work = nil
                state.timer = nil
            }
            return (state.continuation, state.work, state.timer)
        }
        guard let (continuation, work, timer) = taken else { return false }
        timer?.disarm()
        if end != .answered { work?.cancel() }
        continuation?.resume(returning: end)
        return true
    }
}
