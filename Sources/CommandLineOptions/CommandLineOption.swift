/// One option of an executable's command line, declared once in its `CommandLineSyntax`: the
/// parser and `--help` read the same declaration, so they cannot disagree.
///
/// `apply` stores the option into the program's options value (`Options`) and throws a
/// `UsageError` (code `.badValue`) for a value it does not take; a flag's `apply` gets "".
public struct CommandLineOption<Options>: Sendable {
    /// The option's names, the first one shown in the usage line ("--help", "-h").
    public let names: [String]
    /// The value it takes, for help ("FILE"); nil makes it a flag.
    public let value: String?
    /// What it does, one sentence (a "\n" starts another help line).
    public let summary: String
    /// Whether it may be given more than once (each value applied in turn); any other option
    /// given twice is refused.
    public let repeats: Bool
    /// Whether the command line must give it (the parser refuses one without it, except for help).
    public let required: Bool
    /// Option names (first names) this one cannot go with.
    public let excludes: [String]
    /// Whether it asks for the help (the standard `help`).
    private(set) var isHelp = false
    let apply: @Sendable (inout Options, String) throws(UsageError) -> Void

    /// An option: `apply` gets the options and the value (empty for a flag), and throws a
    /// `UsageError` (code `.badValue`) for a value it does not take.
    public init(
        _ names: [String], value: String? = nil, _ summary: String, repeats: Bool = false, required: Bool = false,
        excludes: [String] = [], apply: @escaping @Sendable (inout Options, String) throws(UsageError) -> Void
    ) {
        (self.names, self.value, self.summary, self.repeats, self.required) = (names, value, summary, repeats, required)
        (self.excludes, self.apply) = (excludes, apply)
    }

    /// The name(s) with the value ("--script FILE"), as the options table shows it.
    public var usage: String { names.joined(separator: ", ") + (value.map { " \($0)" } ?? "") }

    /// The option in the usage line: "--output DIR", "[--json]", "[--apps DIR]...".
    var synopsis: String {
        let form = names[0] + (value.map { " \($0)" } ?? "")
        return (required ? form : "[\(form)]") + (repeats ? "..." : "")
    }

    /// `--help, -h`: print the help and leave. The parser reads everything else first (so a
    /// mistake is still reported) and answers `.help` without checking required options.
    public static var help: CommandLineOption {
        var help = CommandLineOption(["--help", "-h"], "Print this help and leave.") { _, _ in }
        help.isHelp = true
        return help
    }

    /// `--NAME N`: a whole number in `range`, stored at `keyPath`; anything else is refused with
    /// the range in the message.
    public static func wholeNumber(
        _ name: String, in range: ClosedRange<Int>, _ summary: String, _ keyPath: WritableKeyPath<Options, Int> & Sendable
    ) -> CommandLineOption {
        CommandLineOption([name], value: "N", summary) { options, value throws(UsageError) in
            guard let number = Int(value), range.contains(number) else {
                throw UsageError(
                    code: .badValue, value: value,
                    message: "\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), not \(ShellText.visible(value)).")
            }
            options[keyPath: keyPath] = number
        }
    }

    /// `--NAME SECONDS`: a number of seconds (such as 0.5) above 0, or from 0 when `zero` is
    /// allowed, and at most `most`, rounded up to the millisecond and given to `apply`.
    public static func seconds(
        _ name: String, zero: Bool = false, most: Int, _ summary: String,
        apply: @escaping @Sendable (inout Options, Duration) -> Void
    ) -> CommandLineOption {
        CommandLineOption([name], value: "SECONDS", summary) { options, value throws(UsageError) in
            guard let seconds = Double(value), seconds.isFinite, zero ? seconds >= 0 : seconds > 0, seconds <= Double(most) else {
                let range = zero ? "from 0 to \(most)" : "above 0 and at most \(most)"
                throw UsageError(
                    code: .badValue, value: value,
                    message: "\(name) needs a number of seconds \(range) (such as 0.5), not \(ShellText.visible(value)).")
            }
            apply(&options, .milliseconds(Int64((seconds * 1000).rounded(.up))))
        }
    }
}
