import CommandLineOptions
import Foundation

/// `assistant`'s command line, declared once: the parser reads `syntax` and `--help` prints it.
struct ClientOptions {
    /// What the client was asked to do.
    enum Command: Equatable {
        case say(String)
        case apps
        case trace
        case repl
    }

    var runtimeDirectory: String?
    var json = false
    var command = Command.repl

    /// The commands: each one's name, its words for help, what it does, what to type when its
    /// words are wrong, and the command made of the words after its name (nil: wrong words).
    static let commands: [(name: String, words: String, summary: String, fault: String, make: @Sendable ([String]) -> Command?)] = [
        ("say", " TEXT...", "Say TEXT to the assistant and print the conversation.",
         "say needs the words to say: assistant say show directions for banana pancakes.", { words in
            let text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : .say(text)
        }),
        ("apps", "", "List the installed apps, their extensions, their intents and any problems.", "apps takes nothing after it.", {
            $0.isEmpty ? .apps : nil
        }),
        ("trace", "", "Print the last request's trace.", "trace takes nothing after it.", { $0.isEmpty ? .trace : nil }),
    ]

    /// The options, the commands and the help around them.
    static let syntax = CommandLineSyntax<ClientOptions>(
        name: "assistant", about: ["The user's side of assistantd: one request, or a REPL."],
        options: [
            CommandLineOption(["--runtime-dir"], value: "DIR", "The daemon's runtime directory (default: as assistantd's).") {
                options, value in options.runtimeDirectory = value
            },
            CommandLineOption(["--json"], "Print trace events as JSON Lines (say, trace).") { options, _ in options.json = true },
            .help,
        ],
        operands: CommandLineOperands("[" + commands.map { $0.name + $0.words }.joined(separator: " | ") + "]", endOptions: true) { options, words throws(UsageError) in
            guard let first = words.first else { return }
            guard let command = commands.first(where: { $0.name == first }) else {
                throw UsageError(code: .badOperand, value: first, message: "There is no command \(ShellText.visible(first)); see --help.")
            }
            guard let made = command.make(Array(words.dropFirst())) else {
                throw UsageError(code: .badOperand, value: first, message: command.fault)
            }
            options.command = made
        },
        sections: [
            HelpSection("Commands", rows: commands.map { ($0.name + $0.words, $0.summary) } + [("(nothing)", "A REPL: lines are said to the assistant; :help lists the :commands.")]),
            .exitStatus([(0, "done"), (1, "the request failed"), (2, "usage"), (69, "no daemon running"), (74, "standard output cannot be written")]),
        ])
}
