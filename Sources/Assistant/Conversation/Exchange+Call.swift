import SceneIntents
import Synchronization

extension Exchange {
    /// Runs resolve (these parameters), confirm and handle in one visit to the app, stopping
    /// where the user is needed; the intent takes the values the app resolved. Returns the steps.
    // Inlined: an async call of its own is a frame allocated from the task on every request.
    @inline(__always)
    mutating func proceed(_ parameters: [ParameterName]) async throws(ExchangeStop) -> [PhaseStep] {
        switch try await call(.proceed(parameters: parameters)) {
        case .progressed(let updated, let steps):
            intent = updated
            return steps
        case let other:
            throw .refused(unexpected("proceed was answered \(other.summary)"))
        }
    }

    /// Tells the app the request is over, so it drops the handler it holds for it. Untraced: it
    /// is bookkeeping, and its failure changes nothing for the user. It is sent from a task of its
    /// own, so a request ended by its caller's cancellation still lets go of its handler.
    func finish() async {
        let exchange = self
        await Task {
            var exchange = exchange
            _ = try? await exchange.call(.finish, traced: false)
        }.value
    }

    /// The one budgeted call path: every phase call of the exchange goes through it.
    ///
    /// The first call's budget started when the system connected, so it is also charged the
    /// app's launch and the handler lookup. A `proceed` call is several steps, each traced as
    /// the app reports it and each with a budget of its own (the timer is re-armed per step, not
    /// added). Once the call is over (answered, timed out, or the caller cancelled), anything
    /// the app still sends is late: recorded once, naming the phase that ran out of time, and
    /// never taken as a result.
    mutating func call(_ phase: PhaseCall.Phase, traced: Bool = true) async throws(ExchangeStop) -> PhaseAnswer {
        // A later call's start and its record share one reading of the clock; the first call's
        // budget started at the connection, but it is recorded when it is made (the overlay's
        // callbacks may come between).
        let first = callsMade == 0
        let startedAt = first ? connectedAt : clock.nowNanoseconds
        let start = Duration.nanoseconds(startedAt)
        callsMade += 1
        let budget = budget
        var call = PhaseCall(request: request, intent: intent, phase: phase)
        call.chosen = choices
        // The trace's autoclosures are made only when it records: a check costs a load, a
        // closure an allocation.
        let (connection, trace, clock) = (connection, traced ? trace : nil, clock)
        // The app reports its handler lookup only to a trace that records it.
        call.isTraced = trace?.isRecording == true
        // The actor this call runs on (its caller's): the call is started from it.
        let isolation = #isolation
        if let trace, trace.isRecording {
            // Put into words only when the trace is read.
            trace.record(.call, .call(phase, budget: budget, start: start), at: first ? nil : startedAt)
        }
        // As `race` does: a caller already cancelled starts nothing.
        if Task.isCancelled { throw .cancelled }
        // An app that answers in this job (see `AppConnection.start`) has answered before the
        // race waits: no timer is armed for it.
        // One object for the call's race: each closure captures it alone, which is then its
        // context (no allocation of its own).
        let race = CallRace(
            phase, trace: trace, clock: clock, budget: budget, start: start, progressLimit: configuration.progressLimit)
        let work = connection.start(
            call, from: isolation, progress: { step in race.advance(past: step) }, reply: { answer in race.reply(answer) })
        switch await race.outcome(of: work, isolation: isolation) {
        case .answered(let answer):
            if case .progressed = answer {} else if let trace, trace.isRecording {
                trace.record(step: race.phase, answered: answer)
            }
            if case .refused(let error) = answer { throw .refused(error) }
            return answer
        case .timedOut:
            throw .timedOut(phase: race.end())
        case .cancelled:
            race.end(cancelled: true)
            throw .cancelled
        }
    }

    /// The budget as the trace writes it.
    static func budgetText(_ budget: Duration) -> String {
        budget < BudgetClock.horizon ? "\(DurationFormat.seconds(budget))s" : "none"
    }

    /// The trace's line for a call: its budget, and the deadline of its first step.
    static func callLine(_ phase: PhaseCall.Phase, budget: Duration, start: Duration) -> String {
        guard budget < BudgetClock.horizon else { return "\(phase) budget none" }
        let steps = phase.isMultiStep ? " per step, first" : ""
        return "\(phase) budget \(budgetText(budget))\(steps) until \(DurationFormat.seconds(start + budget))s"
    }
}

extension PhaseCall.Phase {
    /// The phase of this call's step at `position` (the last one past the end): a `proceed`
    /// resolves each of its parameters, then confirms and handles; any other call is one step.
    func step(at position: Int) -> PhaseCall.Phase {
        guard case .proceed(let parameters) = self else { return self }
        if position < parameters.count { return .resolve(parameter: parameters[position]) }
        return position == parameters.count ? .confirm : .handle
    }

    /// Whether the call is made of several steps (a `proceed`).
    var isMultiStep: Bool { if case .proceed = self { true } else { false } }
}

/// One phase call's race against its budget: which step of the call is running (moved on by
/// each step the app reports, which gives the next step its budget), the app's answer, and
/// whether anything late was recorded; read to name the phase that ran out of time.
final class CallRace: Sendable {
    private struct State {
        var position = 0
        /// When the running step started: a progress report moves its deadline at most
        /// `progressLimit` past it.
        var stepStart: Duration
        /// The app's answer, stored before the gate is told of it.
        var answer: PhaseAnswer?
        /// The phase that was running when the call ended, once it has.
        var ended: PhaseCall.Phase?
        var cancelled = false
        var lateRecorded = false
    }

    private let call: PhaseCall.Phase
    private let gate: RaceGate
    private let state: Mutex<State>
    /// Where steps and anything late are recorded (nil: an untraced call).
    private let trace: Trace?
    private let clock: BudgetClock
    /// Each step's budget.
    private let budget: Duration
    /// How long a step that reports progress may run, from its start.
    private let progressLimit: Duration

    /// The race of a call of `phase` started at `start` (its first step's deadline `start +
    /// budget`), each later step given `budget`, and a step that reports progress a fresh
    /// `budget` at each report, up to `progressLimit` from its start.
    init(_ phase: PhaseCall.Phase, trace: Trace?, clock: BudgetClock, budget: Duration, start: Duration, progressLimit: Duration) {
        call = phase
        gate = RaceGate(clock: clock, deadline: start + budget)
        state = Mutex(State(stepStart: start))
        self.trace = trace
        self.clock = clock
        self.budget = budget
        self.progressLimit = progressLimit
    }

    /// A step the app reported: the next step's deadline moves (one reading of the clock for it
    /// and the step's record), or the step came late. A progress report (`working`) moves the
    /// running step's deadline instead, never past its limit (nor earlier: a step with no
    /// budget, or a limit under its budget, is left as it is).
    func advance(past step: PhaseStep) {
        let heard = clock.nowNanoseconds
        let heardAt = Duration.nanoseconds(heard)
        if case .working = step.answer {
            let stepStart = state.withLock { $0.stepStart }
            guard budget < BudgetClock.horizon else { return }
            let deadline = min(heardAt + budget, stepStart + max(progressLimit, budget))
            guard gate.move(deadline: deadline, now: heardAt) else { return late(step.answer) }
            trace?.record(step: phase, answered: step.answer, at: heard)
            return
        }
        guard gate.move(deadline: heardAt + budget, now: heardAt) else { return late(step.answer) }
        trace?.record(step: step.phase, answered: step.answer, at: heard)
        state.withLock { state in
            state.position += 1
            state.stepStart = heardAt
        }
    }

    /// The app's answer: it ends the race, or came late. The first is kept: a second would be
    /// late, and must not replace the one the waiter may be about to take.
    func reply(_ answer: PhaseAnswer) {
        state.withLock { state in if state.answer == nil { state.answer = answer } }
        if !gate.answered() { late(answer) }
    }

    /// Waits for the call's answer, its deadline or the caller's cancellation, `work` being the
    /// started call; resumes on `isolation`. An app that answered in the caller's job (see
    /// `AppConnection.start`) has answered before this waits: no timer is armed for it.
    // Inlined into the call: a frame, and a switch to `isolation` on entry, of its own.
    @inline(__always)
    func outcome(of work: CallCancellation, isolation: isolated (any Actor)?) async -> RaceOutcome<PhaseAnswer> {
        await gate.outcome(of: work, isolation: isolation, answer: { state.withLock { $0.answer } }, late: { late($0) })
    }

    var phase: PhaseCall.Phase { call.step(at: state.withLock { $0.position }) }

    /// Marks the call over; answers the phase that was running.
    @discardableResult
    func end(cancelled: Bool = false) -> PhaseCall.Phase {
        let phase = phase
        state.withLock { state in
            guard state.ended == nil else { return }
            state.ended = phase
            state.cancelled = cancelled
        }
        return phase
    }

    /// Records an answer that came after the call ended, once per call.
    func late(_ answer: PhaseAnswer) {
        let late = state.withLock { state -> (PhaseCall.Phase, Bool)? in
            guard !state.lateRecorded else { return nil }
            state.lateRecorded = true
            return (state.ended ?? call.step(at: state.position), state.cancelled)
        }
        guard let (phase, cancelled) = late else { return }
        let after = cancelled ? "the request was cancelled" : "its budget"
        trace?.record(.late, "\(phase) answered after \(after): \(answer.summary) (dropped)")
    }
}

extension PhaseAnswer {
    /// One line describing the answer, for the trace.
    var summary: String {
        switch self {
        case .resolved(let results):
            results.map(\.description).joined(separator: "; ")
        case .options(let collection): "options(\(collection.allItems.count)\(collection.nextOffset == nil ? "" : ", more"))"
        case .response(let response): "response(\(response.code)\(response.userActivity.map { ", activity \($0.activityType)" } ?? ""))"
        case .finished: "finished"
        case .refused(let error): "refused(\(error.code.rawValue): \(error))"
        case .progressed(_, let steps): steps.last.map { $0.answer.summary } ?? "nothing to do"
        case .asks(let question): "asks \(question)"
        case .working(let progress): "working (\(progress))"
        }
    }
}
