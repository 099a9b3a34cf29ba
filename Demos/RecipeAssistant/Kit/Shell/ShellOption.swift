import SceneIntentsShell

/// The Recipe Assistant's command-line options, declared once: the parser and `--help` both
/// read `ShellOption.all`.
public enum ShellOption {
    /// The largest `--catalog-size`.
    public static let largestCatalog = 5_000_000

    /// Every option, in help order.
    public static let all: [CLIOption<RecipeShell.Options>] = [
        .script,
        .tour("--tour", script: Tour.script, "Play the WWDC 2020 hands-free flow, explained."),
        .trace,
        .json,
        .speak,
        .wholeNumber(
            "--catalog-size", in: 0...largestCatalog,
            "Add N synthetic recipes (0 to \(largestCatalog)) to search; the index builds in the background.", \.catalogSize),
        .separateProcesses(host: AppPlace.hostExecutableName),
        .runtimeDirectory,
        .help,
    ]

    /// `--help`: generated from the options and commands tables.
    public static var helpText: String { RecipeShell.program.helpText(options: all) }
}
