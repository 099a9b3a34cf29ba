import AssistantDaemon
import Foundation

/// `assistant`'s command line, declared once: the parser reads these lists and `--help` prints them.
struct ClientOptions {
    /// What the client was asked to do.
    enum Command: Equatable {
        case say(String)
        case apps
        case trace
        case repl
    }

    static let options = [
        CommandLineOption("--runtime-dir", value: "DIR", help: "the daemon's runtime directory (default: as assistantd's)"),
        CommandLineOption("--json", help: "print trace events as JSON Lines (say, trace)"),
        CommandLineOption("--help", help: "print this help and exit"),
    ]

    static let commands = [
        ("say TEXT...", "say TEXT to the assistant and print the conversation"),
        ("apps", "list the installed apps, their extensions, their intents and any problems"),
        ("trace", "print the last request's trace"),
        ("(nothing)", "a REPL: lines are said to the assistant; :help lists the :commands"),
    ]

    /// The usage text.
    static var usage: String {
        var lines = ["usage: assistant [--runtime-dir DIR] [--json] [say TEXT... | apps | trace]", "", "commands:"]
        lines += commands.map { "  " + $0.0.padding(toLength: 20, withPad: " ", startingAt: 0) + $0.1 }
        lines += ["", "options:"] + CommandLineOption.helpLines(options)
        lines += ["", "exit status: 0 done, 1 the request failed, 2 usage, 69 no daemon running, 74 standard output cannot be written"]
        return lines.joined(separator: "\n") + "\n"
    }

    var runtimeDirectory: String?
    var json = false
    var help = false
    var command = Command.repl

    /// Reads the arguments (without the program's name).
    init(parsing arguments: [String]) throws(ClientUsageError) {
        var rest = arguments[...]
        var seen: Set<String> = []
        while let argument = rest.popFirst() {
            if let spec = Self.options.first(where: { $0.name == argument }) {
                // One given twice would silently keep the last.
                guard seen.insert(spec.name).inserted else { throw ClientUsageError("\(spec.name) is given twice; give it once") }
                switch spec.name {
                case "--runtime-dir":
                    guard let value = rest.popFirst(), !value.isEmpty else { throw ClientUsageError("--runtime-dir needs a DIR") }
                    runtimeDirectory = value
                case "--json": json = true
                default: help = true
                }
                continue
            }
            switch argument {
            case "say":
                let text = rest.joined(separator: " ").trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { throw ClientUsageError("say needs the words to say: assistant say show directions for banana pancakes") }
                command = .say(text)
                return
            case "apps", "trace":
                guard rest.isEmpty else { throw ClientUsageError("\(argument) takes nothing after it, not \(rest.joined(separator: " ").debugDescription)") }
                command = argument == "apps" ? .apps : .trace
                return
            default:
                throw ClientUsageError("there is no command or option \(argument.debugDescription)")
            }
        }
    }
}

/// A command line the client cannot use: exit 2 with the usage.
struct ClientUsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
