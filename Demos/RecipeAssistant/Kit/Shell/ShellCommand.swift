/// A `:command` of the shell, declared once: the shell dispatches on `kind`, and `:help`,
/// `--help` and the JSON help are all printed from `ShellCommand.all`.
public struct ShellCommand: Sendable, Equatable {
    /// Which command.
    public enum Kind: String, Sendable, CaseIterable {
        /// `:open`.
        case open
        /// `:tap N`.
        case tap
        /// `:back`.
        case back
        /// `:home`.
        case home
        /// `:new-window`.
        case newWindow = "new-window"
        /// `:close`.
        case close
        /// `:scenes`.
        case scenes
        /// `:lock`.
        case lock
        /// `:unlock`.
        case unlock
        /// `:quit`.
        case quit
        /// `:kill`.
        case kill
        /// `:trace`.
        case trace
        /// `:help`.
        case help
        /// `:exit`.
        case exit
    }

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

    /// Which command.
    public let kind: Kind
    /// The argument it takes, for help ("N"), if any.
    public let argument: String?
    /// What it does, one sentence.
    public let summary: String
    /// What it does at one of the assistant's questions.
    public let atPrompt: AtPrompt
    /// Whether a locked device refuses it ("unlock first").
    public let needsUnlocked: Bool

    /// The command as typed (":tap").
    public var name: String { ":" + kind.rawValue }

    /// The name with its argument (":tap N").
    public var usage: String { argument.map { "\(name) \($0)" } ?? name }

    /// Every command, in help order.
    public static let all: [ShellCommand] = [
        ShellCommand(.open, "Open the app: launch it, or bring it to the foreground.", needsUnlocked: true),
        ShellCommand(.tap, argument: "N", "Tap row [N] of the screen.", needsUnlocked: true),
        ShellCommand(.back, "Go back one screen."),
        ShellCommand(.home, "Send the app to the background."),
        ShellCommand(.newWindow, "Open another window (a new scene).", needsUnlocked: true),
        ShellCommand(.close, "Close the front window (its session is discarded)."),
        ShellCommand(.scenes, "List the windows, their states and what archived ones restore.", atPrompt: .runs),
        ShellCommand(.lock, "Lock the device: the app's scenes go to the background."),
        ShellCommand(.unlock, "Unlock the device: the scenes the lock sent away come back."),
        ShellCommand(.quit, "Terminate the app."),
        ShellCommand(.kill, "Kill the app's process with SIGKILL (--separate-processes); the next request relaunches it."),
        ShellCommand(.trace, "Print the whole trace.", atPrompt: .runs),
        ShellCommand(.help, "List what you can say and type.", atPrompt: .runs),
        ShellCommand(.exit, "Leave the session.", atPrompt: .ends),
    ]

    /// The command typed as `name` (":tap"), if there is one.
    public static func named(_ name: String) -> ShellCommand? {
        all.first { $0.name == name }
    }

    private init(
        _ kind: Kind, argument: String? = nil, _ summary: String, atPrompt: AtPrompt = .cancelsFirst,
        needsUnlocked: Bool = false
    ) {
        self.kind = kind
        self.argument = argument
        self.summary = summary
        self.atPrompt = atPrompt
        self.needsUnlocked = needsUnlocked
    }

    /// Things to say to the assistant, for help.
    public static let examples = [
        "show directions for banana pancakes", "next step", "what's next", "show directions for pan",
    ]

    /// The commands as aligned text lines.
    public static var helpLines: [String] {
        let width = all.map(\.usage.count).max() ?? 0
        return all.map { "  " + $0.usage.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
    }

    /// `:help`: what to say, the commands, and how to answer the assistant.
    public static var helpText: String {
        (["Speak plain text to the assistant, for example: " + examples.joined(separator: " · ") + ".",
          "Commands act on the device and the app as a user would:"]
            + helpLines
            + ["When the assistant asks, answer with a number, \"more\", \"yes\" or \"no\", words, or \"cancel\".",
               "At a question, :scenes, :trace and :help leave the question waiting; other commands, and a new request, cancel it first."])
            .joined(separator: "\n")
    }
}
