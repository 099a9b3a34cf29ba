import SceneIntentsTesting
import Testing

/// Built executables print their `--help` from the table their parser reads: every option the
/// help lists is one the parser takes, and a mistake is the one usage error, one line.
struct ExecutableHelpTests {
    /// An executable, its usage status, and its first help line.
    struct Executable: Sendable, CustomStringConvertible {
        let name: String
        let usageStatus: Int32
        let usage: String
        var description: String { name }
    }

    static let executables = [
        Executable(name: "intentgen", usageStatus: 2, usage: "usage: intentgen --output DIR FILE..."),
        Executable(
            name: "bundle-app-tool", usageStatus: 64,
            usage: "usage: swift package --allow-writing-to-directory DIR bundle-app --product APP [--extension EXT]... --output DIR"
                + " [--resources NAME]... [--products-dir DIR] [--time-limit SECONDS] [--configuration debug|release]"),
    ]

    @Test(arguments: executables)
    func everyOptionTheHelpListsIsOneTheParserTakes(_ executable: Executable) async throws {
        let help = try await BuiltProducts.run(executable.name, ["--help"])
        #expect(help.status == 0 && help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix(executable.usage + "\n"), "\(help.stdout)")
        // The options' rows (a summary's further lines start with spaces only).
        let rows = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "Options:" }.dropFirst()
            .prefix { !$0.isEmpty }.filter { $0.hasPrefix("  -") }
        #expect(rows.count >= 2)
        for row in rows {
            let words = row.split(separator: " ")
            let names = words.prefix { $0.hasPrefix("-") }.map { String($0.hasSuffix(",") ? $0.dropLast() : $0) }
            // Each name with a value of 1 where it takes one, then --help: the parser reads it,
            // then answers the help.
            let placeholder = words.dropFirst(names.count).first.map(String.init) ?? ""
            let value = placeholder.contains("|") || placeholder == placeholder.uppercased() ? ["1"] : []
            for name in names where name != "--help" && name != "-h" {
                let run = try await BuiltProducts.run(executable.name, [name] + value + ["--help"])
                #expect(run.status == 0 && run.stdout == help.stdout, "\(executable) \(name): \(run.stderr)")
            }
        }
    }

    @Test(arguments: executables)
    func aMistakeIsOneLineAndTheUsageStatus(_ executable: Executable) async throws {
        let prefix = executable.name == "bundle-app-tool" ? "bundle-app" : executable.name
        for (arguments, message) in [
            (["--fly"], "There is no option --fly; see --help."),
            (["--output"], "--output needs a value: --output DIR."),
            (["--help=yes"], "--help takes no value."),
            (["--output", "a", "--output=b"], "--output is given twice; give it once."),
        ] {
            let run = try await BuiltProducts.run(executable.name, arguments)
            #expect(run.status == executable.usageStatus && run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr == "\(prefix): \(message)\n")
        }
    }
}
