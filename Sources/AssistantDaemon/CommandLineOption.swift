import Foundation

/// One option of a command line as declared once, so the parser reads the same list `--help`
/// prints (`assistantd` and `assistant` each declare theirs).
public struct CommandLineOption: Sendable {
    /// `--runtime-dir`.
    public let name: String
    /// The placeholder of its value (`DIR`), nil for a flag.
    public let value: String?
    /// What it does, one line.
    public let help: String

    /// An option.
    public init(_ name: String, value: String? = nil, help: String) {
        self.name = name
        self.value = value
        self.help = help
    }

    /// `--runtime-dir DIR`.
    public var synopsis: String { name + (value.map { " \($0)" } ?? "") }

    /// The help lines of `options`: each synopsis padded to one column, then its help.
    public static func helpLines(_ options: [CommandLineOption]) -> [String] {
        let width = options.map(\.synopsis.count).max() ?? 0
        return options.map { "  " + $0.synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.help }
    }
}
