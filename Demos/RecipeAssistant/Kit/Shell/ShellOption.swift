/// A mistake on the command line.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of mistake.
    public enum Code: String, Sendable {
        /// No option has that name.
        case unknownOption
        /// The option needs a value and got none.
        case missingValue
        /// The option's value is not one it takes.
        case badValue
        /// A flag was given a value (`--trace=yes`).
        case unexpectedValue
        /// Two options that cannot go together.
        case conflict
    }

    /// What kind of mistake.
    public let code: Code
    /// The offending argument.
    public let value: String
    /// One sentence saying what to do instead.
    public let message: String

    /// The message.
    public var description: String { message }
}

/// What `recipe-assistant` was asked to do, read from its arguments.
public struct ShellInvocation: Sendable {
    /// Where the session's lines come from.
    public enum Input: Sendable, Equatable {
        /// Standard input: a terminal (interactive) or a pipe.
        case standardInput
        /// A script file (`-` is standard input read as a script).
        case script(String)
        /// The guided tour.
        case tour
    }

    /// The shell's options.
    public var options = RecipeShell.Options()
    /// Where the lines come from.
    public var input = Input.standardInput
    /// `--help`: print the help and leave.
    public var showsHelp = false

    /// Nothing asked yet.
    public init() {}

    /// Reads the arguments (without the program's name) against `ShellOption.all`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> ShellInvocation {
        var invocation = ShellInvocation()
        var sawScript = false
        var sawTour = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let (name, attached) = split(argument)
            guard let option = ShellOption.all.first(where: { $0.names.contains(name) }) else {
                throw UsageError(code: .unknownOption, value: argument, message: "There is no option \(ShellText.visible(argument)); see --help.")
            }
            let value: String
            if let placeholder = option.value {
                guard let given = attached ?? rest.popFirst() else {
                    throw UsageError(code: .missingValue, value: name, message: "\(name) needs a value: \(name) \(placeholder).")
                }
                value = given
            } else {
                if attached != nil {
                    throw UsageError(code: .unexpectedValue, value: argument, message: "\(name) takes no value.")
                }
                value = ""
            }
            try option.apply(&invocation, value)
            sawScript = sawScript || name == "--script"
            sawTour = sawTour || name == "--tour"
        }
        if sawScript && sawTour {
            throw UsageError(code: .conflict, value: "--tour", message: "--tour plays its own script; use --tour or --script, not both.")
        }
        return invocation
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// A command-line option, declared once: the parser and `--help` both read `ShellOption.all`.
public struct ShellOption: Sendable {
    /// The option's names ("--help", "-h").
    public let names: [String]
    /// The value it takes, for help ("FILE"), if any.
    public let value: String?
    /// What it does, one sentence.
    public let summary: String
    fileprivate let apply: @Sendable (inout ShellInvocation, String) throws(UsageError) -> Void

    /// The largest `--catalog-size`.
    public static let largestCatalog = 5_000_000

    /// Every option, in help order.
    public static let all: [ShellOption] = [
        ShellOption(["--script"], value: "FILE", "Run the lines of FILE (- for standard input) as typed; exit status 1 if any turn failed.") {
            $0.input = .script($1)
        },
        ShellOption(["--tour"], "Play the WWDC 2020 hands-free flow, explained.") { invocation, _ in invocation.input = .tour },
        ShellOption(["--trace"], "Print each turn's trace events after it.") { invocation, _ in invocation.options.trace = true },
        ShellOption(["--json"], "Print only JSON Lines on standard output, one object per line.") { invocation, _ in
            invocation.options.json = true
        },
        ShellOption(["--speak"], "Also speak the assistant's lines with espeak-ng.") { invocation, _ in invocation.options.speak = true },
        ShellOption(["--catalog-size"], value: "N", "Add N synthetic recipes (0 to 5000000) to search; the index builds in the background.") {
            invocation, value throws(UsageError) in
            guard let size = Int(value), (0...largestCatalog).contains(size) else {
                throw UsageError(code: .badValue, value: value, message: "--catalog-size needs a whole number from 0 to \(largestCatalog), not \(ShellText.visible(value)).")
            }
            invocation.options.catalogSize = size
        },
        ShellOption(["--separate-processes"], "Run the app in its own process (recipe-assistant-app), launched on demand.") {
            invocation, _ in invocation.options.separateProcesses = true
        },
        ShellOption(["--runtime-dir"], value: "DIR", "Put the app's socket in DIR (default: $XDG_RUNTIME_DIR/sceneintents, else /tmp/sceneintents-<uid>).") {
            invocation, value throws(UsageError) in
            guard !value.isEmpty else {
                throw UsageError(code: .badValue, value: value, message: "--runtime-dir needs a directory path, not an empty one.")
            }
            invocation.options.runtimeDirectory = value
        },
        ShellOption(["--help", "-h"], "Print this help and leave.") { invocation, _ in invocation.showsHelp = true },
    ]

    private init(
        _ names: [String], value: String? = nil, _ summary: String,
        apply: @escaping @Sendable (inout ShellInvocation, String) throws(UsageError) -> Void
    ) {
        self.names = names
        self.value = value
        self.summary = summary
        self.apply = apply
    }

    /// The name(s) with the value ("--script FILE").
    public var usage: String { names.joined(separator: ", ") + (value.map { " \($0)" } ?? "") }

    /// Exit statuses, for help.
    public static let exitStatuses = [
        "0: every turn succeeded (or the tour, or an interactive session, ended).",
        "1: a turn failed (an error, an utterance not understood, a failure, a timeout, a cancelled or refused request).",
        "64: a usage error. 66: the script cannot be read. 74: standard output cannot be written.",
    ]

    /// `--help`: generated from the options and commands tables.
    public static var helpText: String {
        let width = all.map(\.usage.count).max() ?? 0
        let options = all.map { "  " + $0.usage.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        return (["recipe-assistant: cook hands-free with an assistant that drives the app, in process or in its own.", "",
                 "Usage: recipe-assistant [OPTIONS]   (with no script, lines come from the terminal or a pipe)", "",
                 "Options:"] + options + ["", "Commands (type them in the session):"] + ShellCommand.helpLines
                + ["", "Exit status:"] + exitStatuses.map { "  " + $0 })
            .joined(separator: "\n")
    }
}
