/// A `:command` of a session, declared once: the shell dispatches on it, and `:help`, `--help`
/// and the JSON help are all printed from the same table (`CLIProgram.commands`).
public struct CLICommand<App: ShellApp>: Sendable {
    /// What the command does to a conversation in progress (typed at one of the assistant's
    /// questions).
    public enum AtPrompt: Sendable, Equatable {
        /// It runs, and the question is still waiting for its answer.
        case runs
        /// The conversation is cancelled first (the shell says so), then the command runs.
        case cancelsFirst
        /// The session ends: the conversation is cancelled without a word.
        case ends
    }

    /// What the action is given.
    public struct Call: Sendable {
        /// The whole line as typed, trimmed (":tap 3").
        public let line: String
        /// The words after the command's name (["3"]).
        public let arguments: [String]
    }

    /// An action: it writes through `shell` (`print`, `note`, `say`) and throws to fail the
    /// turn; the error's description is the message the user reads, made a sentence.
    public typealias Action = @MainActor @Sendable (_ shell: Shell<App>, _ call: Call) async throws -> Void

    /// The command as typed (":tap").
    public let name: String
    /// The argument it takes, for help ("N"), if any; a command with none refuses any.
    public let argument: String?
    /// What it does, one sentence.
    public let summary: String
    /// What it does at one of the assistant's questions.
    public let atPrompt: AtPrompt
    /// What it does.
    public let action: Action

    /// A command named `name` (":" is added when missing).
    public init(
        _ name: String, argument: String? = nil, _ summary: String, atPrompt: AtPrompt = .cancelsFirst,
        action: @escaping Action
    ) {
        self.name = name.hasPrefix(":") ? name : ":" + name
        self.argument = argument
        self.summary = summary
        self.atPrompt = atPrompt
        self.action = action
    }

    /// A command an app's driver declares (`AppCommand`), as it declares it (name, argument and
    /// summary, or `summary` where the shell says more, such as what it does across processes).
    public init(_ command: AppCommand, _ summary: String? = nil, atPrompt: AtPrompt = .cancelsFirst, action: @escaping Action) {
        self.init(command.name, argument: command.argument?.placeholder, summary ?? command.summary, atPrompt: atPrompt, action: action)
    }

    /// The name with its argument (":tap N").
    public var usage: String { argument.map { "\(name) \($0)" } ?? name }

    // MARK: The standard commands

    /// `:trace`, `:help` and `:exit`, in that order: what every session has.
    public static var standard: [CLICommand] { [trace, help, exit] }

    /// `:trace`: print the whole trace (it leaves a question waiting).
    public static var trace: CLICommand {
        CLICommand(":trace", "Print the whole trace.", atPrompt: .runs) { shell, _ in shell.printTrace() }
    }

    /// `:help`: what to say and type (it leaves a question waiting).
    public static var help: CLICommand {
        CLICommand(":help", "List what you can say and type.", atPrompt: .runs) { shell, _ in shell.printHelp() }
    }

    /// `:exit`: leave the session (at a question, the conversation is cancelled silently).
    public static var exit: CLICommand {
        CLICommand(":exit", "Leave the session.", atPrompt: .ends) { shell, _ in shell.leave() }
    }
}
