import Assistant
import Synchronization

/// A user who answers from a script, for tests and non-interactive runs.
///
/// Replies are consumed in order; when the script runs out the user cancels, so a test never
/// hangs on a prompt it did not expect. Everything heard and asked is kept.
public final class ScriptedUser: UserAgent {
    private struct State {
        var replies: [Reply]
        var heard: [String] = []
        var prompts: [Prompt] = []
    }

    private let state: Mutex<State>

    /// A user who will give these replies, in order.
    public init(_ replies: [Reply] = []) {
        state = Mutex(State(replies: replies))
    }

    /// Adds replies at the end of the script.
    public func append(_ replies: Reply...) {
        state.withLock { $0.replies += replies }
    }

    /// The lines the assistant said to this user.
    public var heard: [String] { state.withLock { $0.heard } }

    /// The prompts the assistant asked.
    public var prompts: [Prompt] { state.withLock { $0.prompts } }

    /// Replies not used yet.
    public var remainingReplies: [Reply] { state.withLock { $0.replies } }

    /// Hears a line the assistant says.
    public func hear(_ line: String) async {
        state.withLock { $0.heard.append(line) }
    }

    /// Answers a prompt.
    public func answer(_ prompt: Prompt) async -> Reply {
        state.withLock { state in
            state.prompts.append(prompt)
            return state.replies.isEmpty ? .cancel : state.replies.removeFirst()
        }
    }
}
