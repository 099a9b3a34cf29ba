import Dispatch
import Synchronization

/// One Dispatch timer shared by every budget of one assistant on the continuous clock.
///
/// Arming appends a deadline under a lock; disarming removes it. Only a deadline earlier than
/// every other reschedules the one timer, which never happens in the usual case (budgets are of
/// one length, so a new deadline falls after the pending ones), so arming and disarming cost a
/// lock and no system call, and nothing is kept once a budget is disarmed. This is the "shared
/// deadline queue" of PERFORMANCE.md: arming a Dispatch timer per phase instead woke Dispatch's
/// timer thread several times per delivery.
final class DeadlineQueue: Sendable {
    private struct Entry {
        let deadline: UInt64
        let ticket: UInt64
        let action: @Sendable () -> Void
    }

    private struct State {
        /// Pending entries, sorted by (deadline, ticket).
        var entries: [Entry] = []
        var nextTicket: UInt64 = 0
        /// The deadline the timer is set for, if any.
        var scheduled: UInt64?
    }

    private let state = Mutex(State())
    private let timer: TimerSource

    init() {
        timer = TimerSource(label: "SceneIntents.deadlines")
        timer.start { [weak self] in self?.fire() }
    }

    deinit {
        timer.cancel()
    }

    /// Calls `action` once, `delay` from now, unless the returned ticket is disarmed first.
    func arm(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        let nanoseconds = max(0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(nanoseconds)
        return state.withLock { state -> UInt64 in
            let ticket = state.nextTicket
            state.nextTicket += 1
            let entry = Entry(deadline: deadline, ticket: ticket, action: action)
            if let last = state.entries.last, last.deadline > deadline {
                let index = state.entries.partitioningIndex { $0.deadline > deadline }
                state.entries.insert(entry, at: index)
            } else {
                state.entries.append(entry)
            }
            // Scheduling under the lock keeps the timer and `scheduled` in step with `fire`.
            if state.scheduled.map({ deadline < $0 }) ?? true {
                state.scheduled = deadline
                timer.schedule(at: deadline)
            }
            return ticket
        }
    }

    /// Forgets a ticket: its action will not run (if it has not already run).
    func disarm(_ ticket: UInt64) {
        state.withLock { state in
            // Recent tickets sit at the end: search from there.
            if let index = state.entries.lastIndex(where: { $0.ticket == ticket }) {
                state.entries.remove(at: index)
            }
        }
    }

    /// How many deadlines are pending.
    var pending: Int { state.withLock { $0.entries.count } }

    private func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = state.withLock { state -> [Entry] in
            let split = state.entries.partitioningIndex { $0.deadline > now }
            let due = Array(state.entries[..<split])
            state.entries.removeFirst(split)
            state.scheduled = state.entries.first?.deadline
            if let next = state.scheduled { timer.schedule(at: next) }
            return due
        }
        for entry in due { entry.action() }
    }
}

/// The one Dispatch timer source behind `DeadlineQueue`. `@unchecked Sendable`: the source is
/// given its handler and activated once, in `start`, before the queue is shared (the owner calls
/// it from its `init`), and afterwards only rescheduled, which Dispatch allows from any thread.
private final class TimerSource: @unchecked Sendable {
    private let source: any DispatchSourceTimer

    init(label: String) {
        source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: label))
        source.schedule(deadline: .distantFuture)
    }

    func start(_ handler: @escaping @Sendable () -> Void) {
        source.setEventHandler(handler: handler)
        source.activate()
    }

    func schedule(at uptimeNanoseconds: UInt64) {
        source.schedule(deadline: DispatchTime(uptimeNanoseconds: uptimeNanoseconds))
    }

    /// Stops the source for good (its queue's owner is gone).
    func cancel() {
        source.cancel()
    }
}

extension Array {
    /// The index of the first element for which `belongsInSecondPartition` is true, in an array
    /// partitioned by it (binary search).
    fileprivate func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
