import SceneIntentsCommandLine

/// What the Recipe Assistant was asked to do: the common session settings (`options.json`,
/// `options.separateProcesses`, … read through to `session`) and the recipe's own. The shell
/// (`RecipeShell.Options`) and the app process (`recipe-assistant-app`) read the same options,
/// so the app-side ones are declared once, here.
@dynamicMemberLookup
public struct RecipeCommandLine: CLIOptions {
    /// The settings every session CLI has.
    public var session = SessionSettings()
    /// Synthetic recipes added to the book; their index is built in the background.
    public var catalogSize = 0

    /// Default options.
    public init() {}

    /// A common setting, read and written through.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<SessionSettings, Value>) -> Value {
        get { session[keyPath: keyPath] }
        set { session[keyPath: keyPath] = newValue }
    }
}

extension RecipeCommandLine {
    /// The largest `--catalog-size`.
    public static let largestCatalog = 5_000_000

    /// `--catalog-size N`: synthetic recipes added to search.
    public static let catalogSizeOption = CLIOption<RecipeCommandLine>.wholeNumber(
        "--catalog-size", in: 0...largestCatalog,
        "Add N synthetic recipes (0 to \(largestCatalog)) to search; the index builds in the background.", \.catalogSize)

    /// The options the app process takes, which the shell passes it when it launches it.
    public static let appProcess: [CLIOption<RecipeCommandLine>] = [.json, catalogSizeOption]
}
