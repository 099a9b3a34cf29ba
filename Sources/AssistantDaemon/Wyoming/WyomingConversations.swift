import Assistant
import Synchronization

/// The conversations through Wyoming, across connections, by `conversation_id`: Home Assistant
/// opens a connection per utterance, so a conversation waiting for an answer outlives the
/// connection that began it, and the next transcript carrying its id (on any connection)
/// answers it. A transcript with an id that waits for nothing, or with none, begins a new
/// conversation (under the id given, else a new one).
///
/// At most `limit` conversations are open at once (a question keeps one open for `patience`):
/// a transcript beginning one more is not handled, and says why, so what clients make the
/// daemon hold is bounded however fast they ask.
///
/// Also the Wyoming users' current app (the last one spoken to), which wins ties between apps.
final class WyomingConversations: Sendable {
    private let limit: Int
    private let patience: Duration
    private let clock: any Clock<Duration>
    private let state = Mutex(State())

    private struct State {
        var open: [String: WyomingConversation] = [:]
        var current: String?
        var made = 0
        var stopped = false
    }

    init(limit: Int, patience: Duration, clock: any Clock<Duration>) {
        self.limit = limit
        self.patience = patience
        self.clock = clock
    }

    /// How many conversations are open (working, or waiting for an answer).
    var count: Int { state.withLock { $0.open.count } }

    /// The current app, by bundle identifier.
    var current: String? { state.withLock { $0.current } }

    /// Carries `text` as far as the conversation's next turn: a new request, or the answer to
    /// the prompt of the open conversation `id` names. Nil when the task was cancelled (its
    /// connection is gone), which abandons the conversation.
    func say(_ text: String, conversation id: String?, daemon: Daemon) async -> WyomingTurn? {
        enum Step { case begin(WyomingConversation), answer(WyomingConversation), stopping, full }
        let step = state.withLock { state -> Step in
            guard !state.stopped else { return .stopping }
            if let id, let open = state.open[id] { return .answer(open) }
            guard state.open.count < limit else { return .full }
            state.made += 1
            let conversation = WyomingConversation(id: id ?? "wyoming-\(state.made)", patience: patience, clock: clock)
            state.open[conversation.id] = conversation
            return .begin(conversation)
        }
        switch step {
        case .stopping:
            return .refused(DaemonError(.cannotServe, value: Admission.shortened(text), message: "assistantd is stopping"))
        case .full:
            let message = "assistantd already has \(limit) conversations open, each waiting up to \(patience) for its answer: answer one, or try again when one ends"
            return .refused(DaemonError(.tooManyConversations, value: "\(limit)", message: message))
        case .answer(let conversation):
            // The prompt still waits for an answer it can read.
            if let refusal = Admission.refusal(of: text) {
                return .refused(DaemonError(.tooLarge, value: Admission.shortened(text), message: refusal))
            }
            guard conversation.reply(Reply(parsing: text)) else { return .busy(conversation: conversation.id) }
            return await conversation.nextTurn()
        case .begin(let conversation):
            conversation.begin(Task { await self.run(text, in: conversation, daemon: daemon) })
            return await conversation.nextTurn()
        }
    }

    /// One request, start to end, then the conversation is closed.
    private func run(_ text: String, in conversation: WyomingConversation, daemon: Daemon) async {
        let turn: (inout [String]) -> WyomingTurn
        switch daemon.choose(text, preferring: current) {
        case .refused(let error):
            turn = { _ in .refused(error) }
        case .chosen(let app, let admitted):
            if admitted { state.withLock { $0.current = app.bundle.identifier } }
            let assistant = daemon.makeAssistant(for: app, user: conversation)
            let (outcome, _) = await daemon.perform(text, with: assistant, on: app)
            turn = { lines in .ended(lines, outcome.status) }
        }
        // Closed before its last turn is told: a transcript with its id sent on hearing that
        // turn begins a new conversation.
        state.withLock { state in
            if state.open[conversation.id] === conversation { state.open[conversation.id] = nil }
        }
        conversation.finish(turn)
    }

    /// Abandons every conversation and waits for their requests to end; none begins after.
    func endAll() async {
        let open = state.withLock { state in
            state.stopped = true
            return Array(state.open.values)
        }
        for conversation in open { conversation.abandon() }
        for conversation in open { await conversation.task?.value }
    }
}
