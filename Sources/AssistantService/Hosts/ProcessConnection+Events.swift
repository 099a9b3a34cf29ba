import Assistant
import SceneIntents

/// Every call to the host that is not a phase call (the overlay, `continueInApp`, a system
/// event) waits at most the connection's budget: a stopped host (SIGSTOP) never answers, and
/// must not hold the user, the shell or a shutdown. A call not answered in time is given up
/// (its late answer is dropped), named in the trace, and counts as a missed budget, so a host
/// that stays stopped is killed after `maxMissedBudgets` of them.
extension ProcessConnection {
    /// Brings the app forward in its process and continues the activity there.
    public func continueInApp(_ activity: UserActivity) async throws -> Continuation {
        switch await supervisor.link() {
        case .failure(let failure): throw failure
        case .success(let link):
            let answer = await answer("continue \(activity.activityType)") { await link.continueActivity(activity) }
            switch answer ?? .failed(reason: notAnsweredLine) {
            case .continued(let session, let reply): return Continuation(sessionIdentifier: session, reply: reply)
            case .failed(let reason): throw ContinuationFailure(reason: reason)
            }
        }
    }

    /// Whether the app has a foreground-active scene to interrupt, as its lifecycle messages so
    /// far say: when it has none, the assistant makes no overlay call at all (no task, no hop).
    public var mayInterrupt: Bool { activeScenes.isActive }

    /// Interrupts the app's foreground-active scenes (the assistant's overlay) with a system
    /// event; when none is active, as the lifecycle messages so far say, it answers at once.
    ///
    /// - Throws: `EventRefusal` when the host did not answer within the budget.
    public func beginInterruption() async throws -> Bool {
        guard activeScenes.isActive, let link = await supervisor.runningLink else { return false }
        return try await overlay(isShown: true, on: link)
    }

    /// Ends the overlay's interruption.
    ///
    /// - Throws: `EventRefusal` when the host did not answer within the budget.
    public func endInterruption() async throws -> Bool {
        guard let link = await supervisor.runningLink else { return false }
        return try await overlay(isShown: false, on: link)
    }

    private func overlay(isShown: Bool, on link: AppLink) async throws -> Bool {
        let event = SystemEvent.overlay(isShown: isShown)
        guard let outcome = await answer("\(event)", { await link.event(event) }) else {
            throw EventRefusal(reason: notAnsweredLine)
        }
        return outcome == .done(output: nil)
    }

    /// Sends a system event to the app (starting its process first when it is not running)
    /// and answers how it went; refused when the host does not answer within the budget.
    public func send(_ event: SystemEvent) async -> EventOutcome {
        switch await supervisor.link() {
        case .failure(let failure): .refused("\(failure)")
        case .success(let link): await answer("\(event)") { await link.event(event) } ?? .refused(notAnsweredLine)
        }
    }

    /// Sends a system event to the host only if it runs (nil when it does not: nothing is
    /// started) and answers how it went; refused when the host does not answer within the budget.
    public func sendIfRunning(_ event: SystemEvent) async -> EventOutcome? {
        guard let link = await supervisor.runningLink else { return nil }
        return await answer("\(event)") { await link.event(event) } ?? .refused(notAnsweredLine)
    }

    /// What a call not answered in time is refused with.
    var notAnsweredLine: String { "\(appName) did not answer within \(DurationFormat.seconds(budget)) s" }

    /// `work`'s answer if it comes within the budget on the connection's clock; nil otherwise
    /// (or when the caller is cancelled first), having given the work up (an `AppLink` wait ends
    /// at its cancellation), counted a missed budget and traced what went unanswered.
    func answer<Value: Sendable>(_ what: String, _ work: @escaping @Sendable () async -> Value) async -> Value? {
        let (budget, clock) = (budget, clock)
        let answer = await withTaskGroup(of: Value?.self) { group in
            group.addTask { await work() }
            group.addTask {
                try? await clock.sleep(for: budget, tolerance: nil)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        // A caller cancelled meanwhile (its own deadline passed) got no answer either.
        guard answer == nil || Task.isCancelled else {
            supervisor.answeredInTime()
            return answer
        }
        let process = await supervisor.processIdentifier.map { " (pid \($0))" } ?? ""
        let line = "\(appName)\(process) did not answer \(what) within \(DurationFormat.seconds(budget))s"
        traceSlot.trace?.record(.process, line)
        supervisor.missedBudget()
        return nil
    }

    /// Whether `call` ends a request on a host that missed its last budget: it is sent, but not
    /// waited for (a stopped host never answers, and the user has heard the timeout already).
    /// The host lets go of the request's handler when it answers; a host that never does is
    /// killed after its missed budgets, which ends the call.
    static func endWithoutWaiting(_ call: PhaseCall, on link: AppLink, supervisor: ProcessSupervisor) -> Bool {
        guard call.phase == .finish, supervisor.misses.load(ordering: .relaxed) > 0 else { return false }
        link.call(link.nextID(), call, progress: { _ in }, reply: { _ in })
        return true
    }
}

/// A system event the host did not carry out: why, as a sentence.
public struct EventRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why, as a sentence.
    public let reason: String

    /// A refusal for `reason`.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
