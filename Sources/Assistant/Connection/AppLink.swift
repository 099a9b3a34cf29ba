import SceneIntents
import Synchronization

/// Why a host can no longer answer: it exited, broke the protocol, or its connection dropped.
public enum AppLinkFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The process ended (how, as the kernel said).
    case exited(String)
    /// The host sent something the protocol does not allow; the connection was closed.
    case protocolError(ProtocolError)
    /// The connection ended without the process exiting (yet).
    case connectionLost(String)
    /// The host could not be started.
    case launchFailed(String)

    /// One line for the trace.
    public var description: String {
        switch self {
        case .exited(let how): "the process \(how)"
        case .protocolError(let error): "\(error)"
        case .connectionLost(let why): "the connection ended: \(why)"
        case .launchFailed(let why): "it could not be started: \(why)"
        }
    }
}

/// How a system event sent to a host went.
public enum EventOutcome: Sendable, Equatable {
    /// It happened; a command's printed output, if any.
    case done(output: String?)
    /// It did not happen; why, as a sentence.
    case refused(String)
}

/// The system's end of one host's message stream, whatever carries it: it numbers calls,
/// routes each step and answer to the call's waiter, and fails every waiter at once when the
/// host goes away.
///
/// A call whose caller gave up (budget, cancel) keeps its waiter until the host answers or
/// dies, so a late answer still reaches the budget race that reports it as late. Both
/// transports use it: over a socket every message is sent through `transmit`; in process a call
/// is started directly on the app's main actor (`expect` then `AppEndpoint.serve`) and only
/// what the app sends back comes through `deliver`.
public final class AppLink: Sendable {
    private struct Waiters {
        var calls: [UInt64: CallWaiter] = [:]
        var continuations: [UInt64: CheckedContinuation<ContinuationResult, Never>] = [:]
        var events: [UInt64: CheckedContinuation<EventOutcome, Never>] = [:]
        /// Continuations and events whose waiter gave up after they were sent: their answers,
        /// when they come late (a stopped host resumed), are dropped, not taken for a broken
        /// protocol. Bounded: the oldest are forgotten past `abandonedLimit`.
        var abandoned: Set<UInt64> = []
        var nextID: UInt64 = 0
        var failure: AppLinkFailure?
    }

    /// One call's waiter: a class, so finding it under the lock hands back one reference (no
    /// closure values copied out, which cost a generic metadata lookup per message).
    private final class CallWaiter: Sendable {
        let progress: @Sendable (PhaseStep) -> Void
        let reply: @Sendable (PhaseAnswer) -> Void
        /// The call's intent: what an answer that left it as called (`AnyIntent.asCalled`) holds.
        let intent: AnyIntent
        /// The steps reported so far (a `proceed` answer does not repeat them).
        let steps = Mutex<[PhaseStep]>([])

        init(progress: @escaping @Sendable (PhaseStep) -> Void, reply: @escaping @Sendable (PhaseAnswer) -> Void, intent: AnyIntent) {
            self.progress = progress
            self.reply = reply
            self.intent = intent
        }
    }

    private let waiters = Mutex(Waiters())
    private let transmit: @Sendable (SystemMessage) -> Bool
    private let observe: @Sendable (AppMessage) -> Void
    private let settle: @Sendable () -> Void

    /// A link sending through `transmit` (false: the message could not be sent) and passing
    /// lifecycle, report, shortcuts and sessions messages to `observe`.
    ///
    /// `settle` is called on the delivering thread before a step, an answer or a continuation
    /// reaches its waiter: what `observe` deferred (a session store's write) is finished first,
    /// so nothing the app reported before an answer is lost once that answer is heard.
    public init(
        transmit: @escaping @Sendable (SystemMessage) -> Bool, observe: @escaping @Sendable (AppMessage) -> Void,
        settle: @escaping @Sendable () -> Void = {}
    ) {
        self.transmit = transmit
        self.observe = observe
        self.settle = settle
    }

    /// The host's failure, once it failed.
    public var failure: AppLinkFailure? { waiters.withLock { $0.failure } }

    /// A fresh message id.
    public func nextID() -> UInt64 {
        waiters.withLock { state in
            state.nextID += 1
            return state.nextID
        }
    }

    /// Sends a call under `id`; `reply` hears the answer once (a refusal when the host fails
    /// first).
    public func call(
        _ id: UInt64, _ call: PhaseCall, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) {
        guard expect(id, intent: call.intent, progress: progress, reply: reply) else { return }
        if !transmit(.call(id: id, call: call)) { fail(.connectionLost("the call could not be sent")) }
    }

    /// Waits for the steps and the answer of call `id`, a call of `intent`, without sending
    /// anything (the caller starts the call itself); answers false, having replied with a
    /// refusal, when the host has already failed.
    @discardableResult
    public func expect(
        _ id: UInt64, intent: AnyIntent, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> Bool {
        let failure = waiters.withLock { state -> AppLinkFailure? in
            if state.failure == nil { state.calls[id] = CallWaiter(progress: progress, reply: reply, intent: intent) }
            return state.failure
        }
        if let failure { reply(Self.refusal(failure, intent: intent.typeName)) }
        return failure == nil
    }

    /// Tells the host the call is no longer wanted.
    public func cancel(_ id: UInt64) {
        _ = transmit(.cancel(id: id))
    }

    /// Asks the host to continue an activity in a scene. A caller that gives up (its task is
    /// cancelled: a deadline passed) stops waiting at once; a late answer is then dropped.
    public func continueActivity(_ activity: UserActivity) async -> ContinuationResult {
        await awaitAnswer(
            \.continuations, failed: { .failed(reason: "\($0)") }, cancelled: .failed(reason: Self.noLongerWanted)
        ) { .continueActivity(id: $0, activity: activity) }
    }

    /// Sends a system event and answers how it went. A caller that gives up (its task is
    /// cancelled: a deadline passed) stops waiting at once; a late answer is then dropped.
    public func event(_ event: SystemEvent) async -> EventOutcome {
        await awaitAnswer(\.events, failed: { .refused("\($0)") }, cancelled: .refused(Self.noLongerWanted)) {
            .event(id: $0, event: event)
        }
    }

    /// What a waiter that gave up hears.
    private static let noLongerWanted = "the answer was no longer wanted"

    /// Sends the message `message` makes with a fresh id and waits for its answer in `slot`;
    /// the host's failure, or the caller's cancellation, ends the wait at once.
    private func awaitAnswer<Value: Sendable>(
        _ slot: WritableKeyPath<Waiters, [UInt64: CheckedContinuation<Value, Never>]> & Sendable,
        failed: @escaping (AppLinkFailure) -> Value, cancelled: Value, message: (UInt64) -> SystemMessage
    ) async -> Value {
        let id = nextID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
                // Checked under the lock the cancellation handler takes: either it finds the
                // waiter, or the waiter is never put there.
                let early = waiters.withLock { state -> Value? in
                    if let failure = state.failure { return failed(failure) }
                    if Task.isCancelled { return cancelled }
                    state[keyPath: slot][id] = continuation
                    return nil
                }
                if let early { return continuation.resume(returning: early) }
                if !transmit(message(id)) { fail(.connectionLost("the message could not be sent")) }
            }
        } onCancel: {
            waiters.withLock { state in
                let waiter = state[keyPath: slot].removeValue(forKey: id)
                if waiter != nil { Self.abandon(id, in: &state) }
                return waiter
            }?.resume(returning: cancelled)
        }
    }

    /// How many given-up ids are remembered: far more than a host can owe before it is killed
    /// for missing three budgets in a row.
    private static let abandonedLimit = 256

    private static func abandon(_ id: UInt64, in state: inout Waiters) {
        state.abandoned.insert(id)
        if state.abandoned.count > abandonedLimit, let oldest = state.abandoned.min() { state.abandoned.remove(oldest) }
    }

    /// Routes one message from the host.
    ///
    /// - Throws: `outOfOrder` for a second hello or an answer to nothing asked.
    public func deliver(_ message: AppMessage) throws(ProtocolError) {
        switch message {
        case .hello:
            throw ProtocolError(.outOfOrder, "a second hello")
        case .lifecycle, .report, .shortcuts, .sessions:
            observe(message)
        case .step(let id, let step):
            settle()
            guard let waiter = waiters.withLock({ $0.calls[id] }) else { throw Self.unasked("a step", id) }
            // A progress report is heard, not kept: it is no step of the answer.
            if !step.answer.isWorking {
                waiter.steps.withLock { steps in
                    // A visit's steps: its parameters, confirm and handle; one allocation for them all.
                    if steps.isEmpty { steps.reserveCapacity(4) }
                    steps.append(step)
                }
            }
            waiter.progress(step)
        case .answer(let id, let answer):
            settle()
            if answer.isWorking { throw ProtocolError(.outOfOrder, "a progress report as the answer to call \(id)") }
            guard let waiter = waiters.withLock({ $0.calls.removeValue(forKey: id) }) else { throw Self.unasked("an answer", id) }
            // An answer that left the intent as called holds the call's own.
            let answer = answer.takingCalled(waiter.intent)
            if case .progressed(let intent, let folded) = answer {
                // Steps the host held until its answer are reported here, after those it sent
                // on their own, so the caller sees every step, in order, before the answer.
                for step in folded { waiter.progress(step) }
                let sent = waiter.steps.withLock { $0 }
                waiter.reply(.progressed(intent: intent, steps: sent.isEmpty ? folded : folded.isEmpty ? sent : sent + folded))
            } else {
                waiter.reply(answer)
            }
        case .continued(let id, let result):
            try resume(id, in: \.continuations, with: result, "a continuation")
        case .eventDone(let id, let refusal, let output):
            try resume(id, in: \.events, with: refusal.map(EventOutcome.refused) ?? .done(output: output), "an event answer")
        }
    }

    /// Hands `value` to the waiter `awaitAnswer` put under `id` in `slot`; the late answer of a
    /// waiter that gave up is dropped. Throws `outOfOrder`, naming `what`, for one never asked.
    private func resume<Value: Sendable>(
        _ id: UInt64, in slot: WritableKeyPath<Waiters, [UInt64: CheckedContinuation<Value, Never>]>, with value: Value, _ what: String
    ) throws(ProtocolError) {
        settle()
        guard let waiter = waiters.withLock({ $0[keyPath: slot].removeValue(forKey: id) }) else {
            if waiters.withLock({ $0.abandoned.remove(id) != nil }) { return }
            throw Self.unasked(what, id)
        }
        waiter.resume(returning: value)
    }

    /// Ends every wait with `failure`; later calls fail at once. Only the first failure counts.
    public func fail(_ failure: AppLinkFailure) {
        let pending = waiters.withLock { state -> Waiters? in
            guard state.failure == nil else { return nil }
            state.failure = failure
            defer { state.calls = [:]; state.continuations = [:]; state.events = [:]; state.abandoned = [] }
            return state
        }
        guard let pending else { return }
        for (_, waiter) in pending.calls.sorted(by: { $0.key < $1.key }) {
            waiter.reply(Self.refusal(failure, intent: waiter.intent.typeName))
        }
        for (_, waiter) in pending.continuations { waiter.resume(returning: .failed(reason: "\(failure)")) }
        for (_, waiter) in pending.events { waiter.resume(returning: .refused("\(failure)")) }
    }

    /// How many calls, continuations and events wait for the host.
    public var pendingCount: Int { waiters.withLock { $0.calls.count + $0.continuations.count + $0.events.count } }

    private static func unasked(_ what: String, _ id: UInt64) -> ProtocolError {
        ProtocolError(.outOfOrder, "\(what) for \(id), which was never asked or is already answered")
    }

    /// The answer of a call the host cannot take: `hostNotStarted` (naming why) when its process
    /// could not be started, else `hostStopped`.
    public static func refusal(_ failure: AppLinkFailure, intent: String) -> PhaseAnswer {
        if case .launchFailed(let why) = failure { return .refused(IntentHostError(.hostNotStarted, intent: intent, detail: why)) }
        return .refused(IntentHostError(.hostStopped, intent: intent, detail: "\(failure)"))
    }
}
