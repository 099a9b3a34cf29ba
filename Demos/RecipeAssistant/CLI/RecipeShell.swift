import Assistant
import Foundation
import RecipeAssistantKit
import SceneIntents
import SceneIntentsShell

/// The Recipe Assistant's command line: a `Shell` over the Recipe Assistant (`RecipeSession`)
/// with the recipe's `:commands` (`ShellCommand.all`). Plain text is spoken to the assistant,
/// `:commands` act on the device and the app as a user would, and after each turn the
/// foreground scene's screen is printed, framed.
@MainActor
public final class RecipeShell {
    /// What the shell was asked to do: the common session settings and the app's own
    /// (`RecipeCommandLine`, which the app process reads too).
    public typealias Options = RecipeCommandLine

    /// The program: its name, help texts and commands.
    nonisolated public static let program = CLIProgram<RecipeSession>(
        name: "recipe-assistant",
        summary: "cook hands-free with an assistant that drives the app, in process or in its own.",
        commands: ShellCommand.all, examples: ShellCommand.examples,
        banner: "Recipe Assistant. Type :open to open the app, speak with plain text, :help for commands.")

    /// What the shell was asked to do.
    public let options: Options
    /// The session.
    public let shell: Shell<RecipeSession>

    /// A shell over a new, not yet running, Recipe Assistant. Warnings (a missing speaker, the
    /// catalog's indexing progress) go to `warnings`, standard error by default.
    public init(
        options: Options, input: any LineSource, output: ShellOutput, warnings: ShellOutput = .standardError(),
        clock: BudgetClock
    ) throws {
        self.options = options
        shell = try Shell(
            program: Self.program, settings: options.session, input: input, output: output, warnings: warnings,
            clock: clock, makeApp: { try RecipeSession(options: options, environment: $0) })
    }

    /// The app the shell drives, when it runs in the shell's process.
    public var recipeApp: RecipeAssistantApp? { shell.app.recipeApp }

    /// The app's process while it runs in its own (`--separate-processes`); nil in process.
    public var appProcessIdentifier: Int32? {
        get async { await shell.app.place.appProcess?.processIdentifier }
    }

    /// The assistant's trace.
    public var trace: Trace { shell.trace }

    /// How many turns failed so far: command errors, utterances not understood, and requests
    /// that ended in failure, timeout, cancellation or refusal.
    public var errorCount: Int { shell.errorCount }

    /// Why standard output could not be written, if it could not.
    public var outputFailure: String? { shell.outputFailure }

    /// Runs until the input ends or `:exit` (see `Shell.run()`); answers the exit status.
    public func run() async -> Int32 { await shell.run() }

    /// Ends the app: terminates it, or stops its process and removes its socket.
    public func close() async { await shell.close() }

    /// Carries out one line: a command or an utterance, then shows the screen.
    public func turn(_ line: String) async { await shell.turn(line) }
}
