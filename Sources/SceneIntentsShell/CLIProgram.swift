/// A session CLI, described once: its name, what it is for, its `:commands` and the texts
/// around them. `--help` (`helpText(options:)`), `:help` (`sessionHelpText`) and the JSON help
/// are generated from it; `main(options:makeApp:)` runs the whole program.
public struct CLIProgram<App: ShellApp>: Sendable {
    /// The executable's name ("recipe-assistant"), which also starts every error line.
    public var name: String
    /// What the program is for, one line after the name in `--help`.
    public var summary: String
    /// The `:commands`, in help order (usually the app's, then `CLICommand.standard`).
    public var commands: [CLICommand<App>]
    /// Things to say to the assistant, for `:help`.
    public var examples: [String]
    /// The first line an interactive session prints (nil: none).
    public var banner: String?

    /// The exit statuses `main` answers, for `--help` (a tour's option says that it always
    /// ends with 0).
    public static var exitStatus: HelpSection {
        .exitStatus([
            (0, "every turn succeeded (or an interactive session ended)"),
            (1, "a turn failed (an error, an utterance not understood, a failure, a timeout, a cancelled or refused request)"),
            (64, "a usage error"), (66, "the script cannot be read"), (70, "the app cannot start"), (74, "standard output cannot be written"),
        ])
    }

    /// A program; `commands` should include `CLICommand.standard` (`:help` and `:exit` are not
    /// added for you, so their place in help is yours).
    public init(name: String, summary: String, commands: [CLICommand<App>], examples: [String], banner: String? = nil) {
        self.name = name
        self.summary = summary
        self.commands = commands
        self.examples = examples
        self.banner = banner
    }

    /// The command typed as `name` (":tap"), if there is one.
    public func command(named name: String) -> CLICommand<App>? {
        commands.first { $0.name == name }
    }

    /// The commands as aligned help lines.
    public var commandLines: [String] {
        ShellText.table(commands.map { ($0.usage, $0.summary) })
    }

    /// The command line of `options`: the program, its options, its commands and its exit
    /// statuses, which `main` parses and `--help` prints.
    public func syntax<Options>(options: [CLIOption<Options>]) -> CommandLineSyntax<Options> {
        CommandLineSyntax(
            name: name, about: ["\(name): \(summary)", "With no script, lines come from the terminal or a pipe."], options: options,
            sections: [HelpSection("Commands (type them in the session)", rows: commands.map { ($0.usage, $0.summary) }), Self.exitStatus])
    }

    /// `--help`: what the program is, its options, its commands and its exit statuses.
    public func helpText<Options>(options: [CLIOption<Options>]) -> String {
        syntax(options: options).helpText
    }

    /// `:help`: what to say, the commands, and how to answer the assistant (which commands
    /// leave a question waiting is read from the table).
    public var sessionHelpText: String {
        let waiting = commands.filter { $0.atPrompt == .runs }.map(\.name)
        return (["Speak plain text to the assistant, for example: " + examples.joined(separator: " · ") + ".",
                 "Commands act on the device and the app as a user would:"]
            + commandLines
            + ["When the assistant asks, answer with a number, \"more\", \"yes\" or \"no\", words, or \"cancel\".",
               "At a question, \(ShellText.list(waiting)) \(waiting.count == 1 ? "leaves" : "leave") the question waiting; other commands, and a new request, cancel it first."])
            .joined(separator: "\n")
    }
}
