import Assistant

/// What a `Shell` drives: an app with an assistant in front of it. The app decides where it
/// runs (in process, in its own) and how its screen looks; the shell does the rest.
@MainActor
public protocol ShellApp: AnyObject {
    /// The assistant plain lines are spoken to (made with the `ShellEnvironment.user`).
    var assistant: Assistant { get }
    /// The phrases that make a request: a line typed at a question that matches one is a new
    /// request (the conversation is cancelled and the line carried out next), not an answer.
    var vocabulary: Vocabulary { get }
    /// What to show after each turn in text mode (the foreground screen, framed); nil shows
    /// nothing.
    func screen() async -> String?
    /// Ends the app when the session ends (terminate it, stop its process).
    func close() async
    /// The request a plain line makes (default: the line as an utterance); an app with voice
    /// shortcuts made from activities answers `.userActivity` for their phrases.
    func request(for line: String) -> AssistantRequest
}

extension ShellApp {
    /// The line as an utterance.
    public func request(for line: String) -> AssistantRequest { .utterance(line) }
}

/// What an app is made with: the user who answers its assistant, where warnings go, and the
/// clock budgets read.
public struct ShellEnvironment: Sendable {
    /// The user at the terminal: give it to the app's `Assistant`.
    public let user: TerminalUser
    /// Standard error, or a test's buffer: for warnings and progress.
    public let warnings: ShellOutput
    /// The clock budgets and the trace read.
    public let clock: BudgetClock
    /// The session's settings (whether to run the app in its own process, JSON mode, …).
    public let settings: SessionSettings
}
