import Assistant
import Synchronization

/// What one transcript comes to.
enum WyomingTurn: Sendable, Equatable {
    /// The assistant asked something: what it said, the question last. The next transcript with
    /// the conversation's id answers it.
    case asked([String], conversation: String)
    /// The request ended: what the assistant said since the last turn, and how it ended.
    case ended([String], AssistantOutcome.Status)
    /// No app took the words (none is served, or only one no longer served reads them).
    case refused(DaemonError)
    /// The conversation named is still working on its last transcript.
    case busy(conversation: String)

    /// The events answering it; `streaming` gives a `handled` in the streamed form (start, one
    /// chunk per line, the `handled` itself for older readers, stop).
    func events(streaming: Bool) -> [WyomingEvent] {
        switch self {
        case .asked(let lines, let conversation): return Self.handled(lines, conversation: conversation, streaming: streaming)
        case .ended(let lines, let status):
            switch status {
            case .success, .inProgress, .continuedInApp: return Self.handled(lines, conversation: nil, streaming: streaming)
            case .failure, .refused, .notUnderstood, .cancelled, .timedOut: return [.notHandled(text: lines.joined(separator: "\n"))]
            }
        case .refused(let error): return [.notHandled(text: error.message)]
        case .busy(let conversation):
            let message = "conversation \(conversation) is still answering its last transcript: wait for its answer"
            return [.error(DaemonError(.busy, value: conversation, message: message))]
        }
    }

    private static func handled(_ lines: [String], conversation: String?, streaming: Bool) -> [WyomingEvent] {
        let text = lines.joined(separator: "\n")
        guard streaming else { return [.handled(text: text, conversation: conversation)] }
        let chunks = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { offset, line in
            WyomingEvent.handledChunk(text: (offset == 0 ? "" : "\n") + line)
        }
        return [.handledStart(conversation: conversation)] + chunks + [.handled(text: text, conversation: conversation), .handledStop]
    }
}

/// One conversation through Wyoming, as the assistant's user: it hears the assistant's lines,
/// and a prompt ends the turn (the connection waiting for it answers `handled` with the
/// question) and waits for the next transcript with its id, `patience` at most: then it is
/// answered `cancel`, as a client that leaves at a prompt answers.
final class WyomingConversation: UserAgent, Sendable {
    let id: String
    private let patience: Duration
    private let clock: any Clock<Duration>
    private let state = Mutex(State())

    private struct State {
        /// What the assistant said since the last turn.
        var lines: [String] = []
        /// A turn that ended with nobody waiting for it yet.
        var turn: WyomingTurn?
        /// The transcript's task waiting for the turn (nil when it was abandoned).
        var taker: CheckedContinuation<WyomingTurn?, Never>?
        /// The assistant waiting for the user's reply, and the timer ending its wait.
        var replier: CheckedContinuation<Reply, Never>?
        var patienceTimer: Task<Void, Never>?
        /// The request's task.
        var task: Task<Void, Never>?
        var abandoned = false
    }

    init(id: String, patience: Duration, clock: any Clock<Duration>) {
        self.id = id
        self.patience = patience
        self.clock = clock
    }

    /// The request's task, cancelled if the conversation is abandoned.
    func begin(_ task: Task<Void, Never>) {
        let abandoned = state.withLock { state in
            state.task = task
            return state.abandoned
        }
        if abandoned { task.cancel() }
    }

    var task: Task<Void, Never>? { state.withLock { $0.task } }

    func hear(_ line: String) async {
        state.withLock { $0.lines.append(line) }
    }

    func answer(_ prompt: Prompt) async -> Reply {
        await withCheckedContinuation { replier in
            let (taker, turn, abandoned) = state.withLock { state -> (CheckedContinuation<WyomingTurn?, Never>?, WyomingTurn, Bool) in
                let turn = WyomingTurn.asked(state.lines + [prompt.spoken], conversation: id)
                state.lines = []
                guard !state.abandoned else { return (nil, turn, true) }
                state.replier = replier
                state.patienceTimer = Task { [clock, patience] in
                    try? await clock.sleep(for: patience, tolerance: nil)
                    if !Task.isCancelled { self.reply(.cancel, expired: true) }
                }
                return (Self.deliver(turn, in: &state), turn, false)
            }
            if abandoned { return replier.resume(returning: .cancel) }
            taker?.resume(returning: turn)
        }
    }

    /// Gives the waiting prompt its reply; false when none waits (the request is still working).
    @discardableResult
    func reply(_ reply: Reply, expired: Bool = false) -> Bool {
        let (replier, timer) = state.withLock { state in
            defer { (state.replier, state.patienceTimer) = (nil, nil) }
            return (state.replier, state.patienceTimer)
        }
        if !expired { timer?.cancel() }
        replier?.resume(returning: reply)
        return replier != nil
    }

    /// The request ended.
    func finish(_ outcome: (inout [String]) -> WyomingTurn) {
        let (taker, turn) = state.withLock { state in
            let turn = outcome(&state.lines)
            return (Self.deliver(turn, in: &state), turn)
        }
        taker?.resume(returning: turn)
    }

    /// The turn under way, once it ends; nil when the conversation was abandoned. A task
    /// cancelled while it waits abandons the conversation (its connection is gone).
    func nextTurn() async -> WyomingTurn? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { taker in
                let ready = state.withLock { state -> WyomingTurn?? in
                    if state.abandoned { return .some(nil) }
                    if let turn = state.turn {
                        state.turn = nil
                        return .some(turn)
                    }
                    state.taker = taker
                    return .none
                }
                if case .some(let turn) = ready { taker.resume(returning: turn) }
            }
        } onCancel: {
            abandon()
        }
    }

    /// Ends the conversation: its request is cancelled, a prompt waiting is answered `cancel`.
    func abandon() {
        let (task, taker, replier, timer) = state.withLock { state in
            state.abandoned = true
            defer { (state.taker, state.replier, state.patienceTimer) = (nil, nil, nil) }
            return (state.task, state.taker, state.replier, state.patienceTimer)
        }
        task?.cancel()
        timer?.cancel()
        taker?.resume(returning: nil)
        replier?.resume(returning: .cancel)
    }

    /// Hands `turn` to the task waiting for it, or keeps it for the next to ask.
    private static func deliver(_ turn: WyomingTurn, in state: inout State) -> CheckedContinuation<WyomingTurn?, Never>? {
        guard let taker = state.taker else {
            state.turn = turn
            return nil
        }
        state.taker = nil
        return taker
    }
}
