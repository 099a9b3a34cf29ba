/// A command-line option, declared once: `Invocation.parse` and the `--help` text
/// (`CLIProgram.helpText`) both read the same table, so they cannot disagree.
///
/// A CLI's table is its own options (`init(_:value:_:apply:)`, `wholeNumber`) and the standard
/// ones it wants (`script`, `trace`, `json`, `speak`, `separateProcesses`, `runtimeDirectory`,
/// `tour`, `help`), in help order.
public struct CLIOption<Options: CLIOptions>: Sendable {
    /// The option's names ("--help", "-h").
    public let names: [String]
    /// The value it takes, for help ("FILE"), if any; nil makes it a flag.
    public let value: String?
    /// What it does, one sentence.
    public let summary: String
    let apply: @Sendable (inout Invocation<Options>, _ name: String, _ value: String) throws(UsageError) -> Void
    /// Whether it plays a built-in tour (the help's exit statuses mention a tour only then).
    package var isTour = false

    /// An option of the CLI's own: `apply` gets the options and the value (empty for a flag),
    /// and throws a `UsageError` (code `.badValue`) for a value it does not take.
    public init(
        _ names: [String], value: String? = nil, _ summary: String,
        apply: @escaping @Sendable (inout Options, String) throws(UsageError) -> Void
    ) {
        self.init(names, value: value, summary) { invocation, _, value throws(UsageError) in
            try apply(&invocation.options, value)
        }
    }

    private init(
        _ names: [String], value: String?, _ summary: String,
        invocation apply: @escaping @Sendable (inout Invocation<Options>, String, String) throws(UsageError) -> Void
    ) {
        self.names = names
        self.value = value
        self.summary = summary
        self.apply = apply
    }

    /// The name(s) with the value ("--script FILE").
    public var usage: String { names.joined(separator: ", ") + (value.map { " \($0)" } ?? "") }

    /// `--NAME N`: a whole number in `range`, stored at `keyPath`; anything else is refused with
    /// the range in the message.
    public static func wholeNumber(
        _ name: String, in range: ClosedRange<Int>, _ summary: String,
        _ keyPath: WritableKeyPath<Options, Int> & Sendable
    ) -> CLIOption {
        CLIOption([name], value: "N", summary) { options, value throws(UsageError) in
            guard let number = Int(value), range.contains(number) else {
                throw UsageError(
                    code: .badValue, value: value,
                    message: "\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), not \(ShellText.visible(value)).")
            }
            options[keyPath: keyPath] = number
        }
    }

    // MARK: The standard options

    /// `--script FILE`: run the lines of FILE (`-`: standard input) as typed.
    public static var script: CLIOption {
        CLIOption(["--script"], value: "FILE", "Run the lines of FILE (- for standard input) as typed; exit status 1 if any turn failed.",
                  invocation: { invocation, name, value in
                      invocation.input = .script(value)
                      invocation.scriptOption = name
                  })
    }

    /// `NAME` (for example `--tour`): play `script`, a built-in tour; refused with `--script`.
    public static func tour(_ name: String, script: String, _ summary: String) -> CLIOption {
        var option = CLIOption([name], value: nil, summary, invocation: { invocation, name, _ in
            invocation.input = .tour(script)
            invocation.tourOption = name
        })
        option.isTour = true
        return option
    }

    /// `--trace`: print each turn's trace events after it.
    public static var trace: CLIOption {
        CLIOption(["--trace"], "Print each turn's trace events after it.") { options, _ in options.session.trace = true }
    }

    /// `--json`: JSON Lines only on standard output.
    public static var json: CLIOption {
        CLIOption(["--json"], "Print only JSON Lines on standard output, one object per line.") { options, _ in
            options.session.json = true
        }
    }

    /// `--speak`: also speak the assistant's lines.
    public static var speak: CLIOption {
        CLIOption(["--speak"], "Also speak the assistant's lines with espeak-ng.") { options, _ in options.session.speak = true }
    }

    /// `--separate-processes`: run the app in its own process, `host`, launched on demand.
    public static func separateProcesses(host: String) -> CLIOption {
        CLIOption(["--separate-processes"], "Run the app in its own process (\(host)), launched on demand.") { options, _ in
            options.session.separateProcesses = true
        }
    }

    /// `--runtime-dir DIR`: where the app's socket goes.
    public static var runtimeDirectory: CLIOption {
        CLIOption(["--runtime-dir"], value: "DIR", "Put the app's socket in DIR (default: $XDG_RUNTIME_DIR/sceneintents, else /tmp/sceneintents-<uid>).") {
            options, value throws(UsageError) in
            guard !value.isEmpty else {
                throw UsageError(code: .badValue, value: value, message: "--runtime-dir needs a directory path, not an empty one.")
            }
            options.session.runtimeDirectory = value
        }
    }

    /// `--help, -h`: print the help and leave.
    public static var help: CLIOption {
        CLIOption(["--help", "-h"], value: nil, "Print this help and leave.", invocation: { invocation, _, _ in invocation.showsHelp = true })
    }
}
