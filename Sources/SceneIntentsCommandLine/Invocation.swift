import Glibc

/// Where a session's lines come from.
public enum SessionInput: Sendable, Equatable {
    /// Standard input: a terminal (interactive) or a pipe.
    case standardInput
    /// A script file (`-` is standard input read as a script).
    case script(String)
    /// A built-in script (a guided tour), played as if typed.
    case tour(String)

    /// Opens the lines and adjusts `settings` to them: scripts, pipes and tours are echoed; a
    /// terminal gets a prompt; failed turns fail the session except in a tour (which shows
    /// failures on purpose) and at a terminal. Throws when a script file cannot be read.
    public func open(adjusting settings: inout SessionSettings) throws(ScriptError) -> any LineSource {
        switch self {
        case .tour(let text):
            settings.echo = true
            settings.failedTurnsFail = false
            return ScriptLines(text: text)
        case .script(let path):
            settings.echo = true
            return path == "-" ? StandardInputLines() : try ScriptFile.lines(atPath: path)
        case .standardInput:
            settings.interactive = isatty(STDIN_FILENO) != 0
            settings.echo = !settings.interactive
            settings.failedTurnsFail = !settings.interactive
            return StandardInputLines()
        }
    }
}

/// What a CLI was asked to do, read from its arguments against its `CLIOption` table.
public struct Invocation<Options: CLIOptions>: Sendable {
    /// The options, the common settings among them.
    public var options = Options()
    /// Where the lines come from.
    public var input = SessionInput.standardInput
    /// `--help`: print the help and leave.
    public var showsHelp = false
    /// The option that named a script, and the one that chose a tour, to refuse both together.
    var scriptOption: String?
    var tourOption: String?

    /// Nothing asked yet.
    public init() {}

    /// Reads the arguments (without the program's name) against `table`: `--name VALUE` or
    /// `--name=VALUE` for options that take a value, `--name` alone for flags. Every mistake is
    /// a `UsageError` naming the argument and saying what to type instead. An option given twice
    /// (under any of its names) is refused rather than the last one silently winning.
    public static func parse(_ arguments: [String], options table: [CLIOption<Options>]) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var rest = arguments[...]
        var given: [String: String] = [:]
        while let argument = rest.popFirst() {
            let (name, attached) = split(argument)
            guard let option = table.first(where: { $0.names.contains(name) }) else {
                throw UsageError(code: .unknownOption, value: argument, message: "There is no option \(ShellText.visible(argument)); see --help.")
            }
            if let first = given[option.names[0]] {
                let same = first == name ? "\(name) is given twice" : "\(first) and \(name) are the same option"
                throw UsageError(code: .repeated, value: name, message: "\(same); give it once.")
            }
            given[option.names[0]] = name
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
            try option.apply(&invocation, name, value)
        }
        if let tour = invocation.tourOption, let script = invocation.scriptOption {
            throw UsageError(code: .conflict, value: tour, message: "\(tour) plays its own script; use \(tour) or \(script), not both.")
        }
        return invocation
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
