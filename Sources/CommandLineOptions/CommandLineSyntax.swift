/// An executable's command line, declared once: its options (and operands), which `parse`
/// reads, and the text around them, from which `helpText` is generated.
///
/// Every executable of the package declares one; each prints a mistake as
/// `<name>: <message>` on standard error and exits with its usage status.
public struct CommandLineSyntax<Options>: Sendable {
    /// The executable's name, which starts every error line ("assistantd").
    public var name: String
    /// How the usage line starts, when it is not `name` alone ("swift package … bundle-app").
    public var invocation: String?
    /// The lines after the usage line: what the program is for.
    public var about: [String]
    /// The options, in help order (the standard `.help` among them).
    public var options: [CommandLineOption<Options>]
    /// The arguments that are not options, if the program takes any.
    public var operands: CommandLineOperands<Options>?
    /// The sections after the options (commands, limits, exit statuses).
    public var sections: [HelpSection]

    /// A command line.
    public init(
        name: String, invocation: String? = nil, about: [String], options: [CommandLineOption<Options>],
        operands: CommandLineOperands<Options>? = nil, sections: [HelpSection] = []
    ) {
        (self.name, self.invocation, self.about, self.options) = (name, invocation, about, options)
        (self.operands, self.sections) = (operands, sections)
    }

    /// Reads `arguments` (without the program's name) into `options`: `--name VALUE` or
    /// `--name=VALUE` for an option with a value (a separate value may not start with "--";
    /// none may be empty), `--name` alone for a flag; `--` ends the options where the program
    /// takes operands.
    ///
    /// - Throws: `UsageError` naming the argument at fault: an unknown option, a missing or
    ///   unwanted value, an option given twice (under any of its names) unless it repeats, two
    ///   options that exclude each other, a required option missing, or what the value's or the
    ///   operands' `apply` refuses.
    public func parse(_ arguments: [String], into options: Options) throws(UsageError) -> CommandLineRequest<Options> {
        var options = options
        var rest = arguments[...]
        var given: [String: (option: CommandLineOption<Options>, name: String)] = [:]
        var operandsGiven: [String] = []
        var help = false
        while let argument = rest.popFirst() {
            if let operands, argument == "--" || !argument.hasPrefix("-") || argument == "-" {
                if argument != "--" { operandsGiven.append(argument) }
                if argument == "--" || operands.endOptions {
                    operandsGiven += rest
                    break
                }
                continue
            }
            let (name, attached) = Self.split(argument)
            guard let option = self.options.first(where: { $0.names.contains(name) }) else {
                throw UsageError(code: .unknownOption, value: argument, message: "There is no option \(ShellText.visible(argument)); see --help.")
            }
            if !option.repeats, let first = given[option.names[0]]?.name {
                let same = first == name ? "\(name) is given twice" : "\(first) and \(name) are the same option"
                throw UsageError(code: .repeated, value: name, message: "\(same); give it once.")
            }
            if let other = given.values.first(where: { $0.option.excludes.contains(option.names[0]) || option.excludes.contains($0.option.names[0]) }) {
                throw UsageError(code: .conflict, value: name, message: "\(other.name) and \(name) cannot go together; give one of them.")
            }
            given[option.names[0]] = (option, name)
            var value = ""
            if let placeholder = option.value {
                let separate = rest.first.flatMap { $0.hasPrefix("--") ? nil : $0 }
                guard let found = attached ?? separate, !found.isEmpty else {
                    throw UsageError(code: .missingValue, value: name, message: "\(name) needs a value: \(name) \(placeholder).")
                }
                if attached == nil { rest.removeFirst() }
                value = found
            } else if attached != nil {
                throw UsageError(code: .unexpectedValue, value: argument, message: "\(name) takes no value.")
            }
            help = help || option.isHelp
            try option.apply(&options, value)
        }
        if help { return .help }
        if let missing = self.options.first(where: { $0.required && given[$0.names[0]] == nil }) {
            throw UsageError(code: .missingOption, value: missing.names[0], message: "\(missing.synopsis) is required; add it.")
        }
        try operands?.apply(&options, operandsGiven)
        return .run(options)
    }

    /// `--help`: the usage line (from the options and operands), `about`, the options table and
    /// the sections.
    public var helpText: String {
        let synopsis = options.filter { !$0.isHelp }.map(\.synopsis) + (operands.map { [$0.placeholder] } ?? [])
        var lines = [(["usage: \(invocation ?? name)"] + synopsis).joined(separator: " ")] + about
        lines += ["", "Options:"] + ShellText.table(options.map { ($0.usage, $0.summary) })
        for section in sections { lines += ["", "\(section.title):"] + section.lines }
        return lines.joined(separator: "\n")
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// What a command line asks for.
public enum CommandLineRequest<Options> {
    /// Print the help (`CommandLineSyntax.helpText`) and exit 0.
    case help
    /// Run with these options.
    case run(Options)
}

extension CommandLineRequest: Sendable where Options: Sendable {}
extension CommandLineRequest: Equatable where Options: Equatable {}

/// The arguments of a command line that are not options (files, a command and its words).
public struct CommandLineOperands<Options>: Sendable {
    /// How the usage line shows them ("FILE…", "[say TEXT… | apps | trace]").
    public let placeholder: String
    /// Whether the first operand ends the options (everything after it is an operand, as the
    /// words of a command); otherwise options and operands may mix, and `--` ends the options.
    public let endOptions: Bool
    let apply: @Sendable (inout Options, [String]) throws(UsageError) -> Void

    /// Operands; `apply` gets them all (none included) once the options are read, and throws a
    /// `UsageError` (code `.badOperand`) for what the program does not take.
    public init(
        _ placeholder: String, endOptions: Bool = false,
        apply: @escaping @Sendable (inout Options, [String]) throws(UsageError) -> Void
    ) {
        (self.placeholder, self.endOptions, self.apply) = (placeholder, endOptions, apply)
    }
}

/// A section of help after the options: a title and its lines.
public struct HelpSection: Sendable {
    /// "Exit status".
    public let title: String
    /// The lines, already laid out.
    public let lines: [String]

    /// A section of `lines`, indented by two spaces.
    public init(_ title: String, lines: [String]) {
        self.title = title
        self.lines = lines.map { "  " + $0 }
    }

    /// A section of aligned rows (`ShellText.table`).
    public init(_ title: String, rows: [(String, String)]) {
        self.title = title
        self.lines = ShellText.table(rows)
    }

    /// The exit statuses, one row each.
    public static func exitStatus(_ statuses: [(Int32, String)]) -> HelpSection {
        HelpSection("Exit status", rows: statuses.map { (String($0.0), $0.1) })
    }
}
