import Glibc
import SceneIntents

/// The command line of an app process (`hobson-app`, `recipe-assistant-app`): the system
/// launches it with the few options its shell passes, or none; a user starting it by hand gets
/// `--help`, and any other argument is refused (exit 64) rather than silently ignored.
public struct AppProcessCommandLine<Options: CLIOptions>: Sendable {
    /// The executable's name, for messages ("hobson-app").
    public let name: String
    /// One sentence or two: what the process is and how it is started.
    public let summary: String
    /// The options it takes besides `--help`, from its shell's table (one declaration of each).
    public let options: [CLIOption<Options>]

    /// A command line of `options` (plus `--help`).
    public init(name: String, summary: String, options: [CLIOption<Options>]) {
        self.name = name
        self.summary = summary
        self.options = options + [.help]
    }

    /// The help text: usage, summary, options and exit statuses.
    public var helpText: String {
        let usage = options.dropLast().map { "[\($0.names[0])\($0.value.map { " \($0)" } ?? "")]" }
        return ([
            (["usage: \(name)"] + usage).joined(separator: " "), summary, "", "Options:",
        ] + ShellText.table(options.map { ($0.usage, $0.summary) }) + [
            "", "Exit status: 0 ended in order, 1 the system's connection failed, 64 bad arguments,",
            "70 the app cannot be made, 74 standard output cannot be written.",
        ]).joined(separator: "\n")
    }

    /// The options `arguments` (without the program's name) ask for. `--help` prints the help
    /// and exits 0; a mistake prints one line naming it on standard error and exits 64. A
    /// bundling tool's `--write-bundle-data FOLDER` (`BundleDataRequest`) is left to `AppMain`:
    /// it answers the default options.
    public func parse(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Options {
        let warnings = ShellOutput.standardError()
        let invocation: Invocation<Options>
        do {
            invocation = try Invocation.parse(BundleDataRequest.folder(in: arguments) == nil ? arguments : [], options: options)
        } catch {
            warnings.write("\(name): \(error.message)")
            exit(64)
        }
        guard invocation.showsHelp else { return invocation.options }
        let output = ShellOutput.standardOutput()
        output.write(helpText)
        exit(warnings.reportFailure(of: output, program: name) ? 74 : 0)
    }
}
