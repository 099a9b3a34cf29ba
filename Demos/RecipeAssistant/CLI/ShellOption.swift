import RecipeAssistantKit
import SceneIntentsShell

/// The Recipe Assistant's command-line options, declared once: the parser and `--help` both
/// read `ShellOption.all`.
public enum ShellOption {
    /// Every option, in help order.
    public static let all: [CLIOption<RecipeShell.Options>] = [
        .script,
        .tour("--tour", script: Tour.script, "Play the WWDC 2020 hands-free flow, explained."),
        .trace,
        .json,
        .speak,
        RecipeCommandLine.catalogSizeOption,
        .separateProcesses(host: RecipeSession.hostExecutableName),
        .runtimeDirectory,
        .help,
    ]

    /// `--help`: generated from the options and commands tables.
    public static var helpText: String { RecipeShell.program.helpText(options: all) }
}
