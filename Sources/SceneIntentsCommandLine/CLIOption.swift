// Every executable's option type, parser, help and usage error are `CommandLineOptions`'; an
// app's process and a shell name them through `import SceneIntentsCommandLine` alone.
@_exported import CommandLineOptions

/// A session CLI's option (`CommandLineOption` over its `CLIOptions`): a CLI's table is its own
/// options (`init(_:value:_:apply:)`, `wholeNumber`) and the standard ones it wants (`script`,
/// `tour`, `trace`, `json`, `speak`, `separateProcesses`, `runtimeDirectory`, `help`), in help
/// order.
public typealias CLIOption<Options: CLIOptions> = CommandLineOption<Options>

extension CommandLineOption where Options: CLIOptions {
    /// `--script FILE`: run the lines of FILE (`-`: standard input) as typed.
    public static var script: CommandLineOption {
        CommandLineOption(["--script"], value: "FILE", "Run the lines of FILE (- for standard input) as typed; exit status 1 if any turn failed.") {
            options, value in options.session.input = .script(value)
        }
    }

    /// `NAME` (for example `--tour`): play `script`, a built-in tour (which always ends with 0);
    /// refused with `--script`.
    public static func tour(_ name: String, script: String, _ summary: String) -> CommandLineOption {
        CommandLineOption([name], "\(summary) Always ends with 0: it shows failures on purpose.", excludes: ["--script"]) { options, _ in
            options.session.input = .tour(script)
        }
    }

    /// `--trace`: print each turn's trace events after it.
    public static var trace: CommandLineOption {
        CommandLineOption(["--trace"], "Print each turn's trace events after it.") { options, _ in options.session.trace = true }
    }

    /// `--json`: JSON Lines only on standard output.
    public static var json: CommandLineOption {
        CommandLineOption(["--json"], "Print only JSON Lines on standard output, one object per line.") { options, _ in options.session.json = true }
    }

    /// `--speak`: also speak the assistant's lines.
    public static var speak: CommandLineOption {
        CommandLineOption(["--speak"], "Also speak the assistant's lines with espeak-ng.") { options, _ in options.session.speak = true }
    }

    /// `--separate-processes`: run the app in its own process, `host`, launched on demand.
    public static func separateProcesses(host: String) -> CommandLineOption {
        CommandLineOption(["--separate-processes"], "Run the app in its own process (\(host)), launched on demand.") { options, _ in
            options.session.separateProcesses = true
        }
    }

    /// `--runtime-dir DIR`: where the app's socket goes.
    public static var runtimeDirectory: CommandLineOption {
        CommandLineOption(["--runtime-dir"], value: "DIR", "Put the app's socket in DIR (default: $XDG_RUNTIME_DIR/sceneintents, else /tmp/sceneintents-<uid>).") {
            options, value in options.session.runtimeDirectory = value
        }
    }
}
