import Assistant
import SceneIntents
import Synchronization

/// One call sent to a running host: its id on the link, and whether it settled (answered, or
/// given up), which counts once towards the host's missed budgets.
final class SentCall: Sendable {
    private let call: PhaseCall
    private let link: AppLink
    private let supervisor: ProcessSupervisor
    private let id: UInt64
    private let settled: Atomic<Bool>
    /// Whether a step of the call was heard (then the host read it).
    private let stepped = Atomic<Bool>(false)

    init(_ call: PhaseCall, on link: AppLink, supervisor: ProcessSupervisor) {
        self.call = call
        self.link = link
        self.supervisor = supervisor
        id = link.nextID()
        // `finish` does not count towards the missed budgets: a host that answers it while a
        // handler hangs is still stuck.
        settled = Atomic(call.phase == .finish)
    }

    private func settle() -> Bool {
        settled.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    }

    /// Sends the call; `reply` hears the answer once.
    func send(progress: @escaping @Sendable (PhaseStep) -> Void, reply: @escaping @Sendable (PhaseAnswer) -> Void) {
        link.call(id, call, progress: { [self] step in
            stepped.store(true, ordering: .relaxed)
            progress(step)
        }) { [self] answer in
            if settle() { supervisor.answeredInTime() }
            reply(answer)
        }
    }

    /// Whether `answer` says the host stopped because it idled out before it read this call
    /// (an intents extension exiting on its own with status 0, no step of the call heard).
    func wasNeverRead(_ answer: PhaseAnswer) -> Bool {
        guard case .refused(let error) = answer, error.code == .hostStopped, !stepped.load(ordering: .relaxed) else { return false }
        return supervisor.idledOut(link)
    }

    /// Tells the host the call is no longer wanted; unanswered, it counts as a missed budget.
    /// (Events count the same way: see `ProcessConnection.answer(_:within:)`.)
    func cancel() {
        link.cancel(id)
        if settle() { supervisor.missedBudget() }
    }
}
