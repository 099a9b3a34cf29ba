import Glibc
import SceneIntents

/// The command line of an app process (`hobson-app`, `recipe-assistant-app`): the system
/// launches it with the few options its shell passes, or none; a user starting it by hand gets
/// `--help`, and any other argument is refused (exit 64) rather than silently ignored.
public struct AppProcessCommandLine<Options: CLIOptions>: Sendable {
    /// The options and the help around them.
    public let syntax: CommandLineSyntax<Options>

    /// A command line of `options` (from its shell's table, one declaration of each) and
    /// `--help`; `summary` (a sentence or two) says what the process is and how it is started.
    public init(name: String, summary: String, options: [CLIOption<Options>]) {
        syntax = CommandLineSyntax(
            name: name, about: [summary], options: options + [.help],
            sections: [.exitStatus([
                (0, "ended in order"), (1, "the system's connection failed"), (64, "bad arguments"), (70, "the app cannot be made"),
                (74, "standard output cannot be written"),
            ])])
    }

    /// The options `arguments` (without the program's name) ask for. `--help` prints the help
    /// and exits 0; a mistake prints one line naming it on standard error and exits 64. A
    /// bundling tool's `--write-bundle-data FOLDER` (`BundleDataRequest`) is left to `AppMain`:
    /// it answers the default options.
    public func parse(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Options {
        let warnings = ShellOutput.standardError()
        let request: CommandLineRequest<Options>
        do {
            request = try syntax.parse(BundleDataRequest.folder(in: arguments) == nil ? arguments : [], into: Options())
        } catch {
            warnings.write("\(syntax.name): \(error.message)")
            exit(64)
        }
        if case .run(let options) = request { return options }
        let output = ShellOutput.standardOutput()
        output.write(syntax.helpText)
        exit(warnings.reportFailure(of: output, program: syntax.name) ? 74 : 0)
    }
}
