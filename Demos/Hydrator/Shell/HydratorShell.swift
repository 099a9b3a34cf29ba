import Assistant
import HydratorKit
import SceneIntentsShell

/// Hydrator's command line: a `Shell` over Hydrator (`HydratorSession`) with its `:commands`.
/// Plain text is spoken to the assistant ("log 8 ounces of water"), `:commands` act on the app as
/// a user would, `:today` reads the shared log.
public enum HydratorShell {
    /// What the shell was asked to do: the common session settings and the container.
    public typealias Options = HydratorCommandLine

    /// Every option, in help order.
    public static let options: [CLIOption<Options>] = [
        .script, .trace, .json, .speak, HydratorCommandLine.containerOption,
        .separateProcesses(host: HydratorPlace.appExecutableName),
        .runtimeDirectory,
        .help,
    ]

    /// The `:commands`, in help order: the app's (as its driver declares them), `:today`, then
    /// the standard ones.
    public static let commands: [CLICommand<HydratorSession>] =
        [app(AppCommand.open), app(AppCommand.home)] + HydratorApp.commands.map { app($0) } + [
        CLICommand(":today", "Show today's log, read from the shared container.", atPrompt: .runs) { shell, _ in
            shell.printLines(await shell.app.today())
        },
        app(AppCommand.scenes, "List the app's process and its windows.", atPrompt: .runs),
        app(
            AppCommand.close,
            "Close session-N (the front window without N): its session is discarded, at the next launch if the app is not running."),
        app(AppCommand.quit, "Force-quit the app: its process ends and (--separate-processes) every session it kept is discarded."),
        CLICommand(":kill", "Kill the app's process with SIGKILL (--separate-processes); the next request relaunches it.") {
            shell, _ in shell.note(try await shell.app.place.kill())
        },
    ] + CLICommand.standard

    /// Things to say to the assistant, for help.
    public static let examples = [
        "log 8 ounces of water", "track my water intake", "log a drink of pop", "log 12 ounces of coffee",
    ]

    /// The program: its name, help texts and commands.
    public static let program = CLIProgram<HydratorSession>(
        name: "hydrator", summary: "log what you drink by voice-style text and see it on the Today screen.",
        commands: commands, examples: examples,
        banner: "Hydrator. Say \"log 8 ounces of water\", type :open to see Today, :help for commands.")

    /// A command of the app's driver, carried out where the app runs, printing what it printed.
    private static func app(
        _ command: AppCommand, _ summary: String? = nil, atPrompt: CLICommand<HydratorSession>.AtPrompt = .cancelsFirst
    ) -> CLICommand<HydratorSession> {
        CLICommand(command, summary, atPrompt: atPrompt) { shell, call in
            shell.printLines(try await shell.app.place.run(call.line))
        }
    }
}
