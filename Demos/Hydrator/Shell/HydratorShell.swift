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

    /// The `:commands`, in help order: the app's, `:today`, then the standard ones.
    public static let commands: [CLICommand<HydratorSession>] = [
        app(":open", "Open the app: launch it, or bring it to the foreground."),
        app(":home", "Send the app to the background."),
        app(":add", "Open the Add screen."),
        app(":pick", argument: "N", "Pick drink [N] on the Add screen."),
        app(":ounces", argument: "N", "Enter N ounces on the Add screen."),
        CLICommand(":save", "Save the Add screen's drink.") { shell, call in
            shell.note(try await shell.app.place.run(call.line))
        },
        app(":back", "Go back one screen."),
        CLICommand(":today", "Show today's log, read from the shared container.", atPrompt: .runs) { shell, _ in
            shell.printLines(await shell.app.today())
        },
        app(":scenes", "List the app's process and its windows.", atPrompt: .runs),
        app(
            ":close", argument: "[N]",
            "Close session-N (the front window without N): its session is discarded, at the next launch if the app is not running."),
        app(":quit", "Force-quit the app: its process ends and (--separate-processes) every session it kept is discarded."),
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

    /// A command carried out where the app runs, printing what it printed.
    private static func app(
        _ name: String, argument: String? = nil, _ summary: String, atPrompt: CLICommand<HydratorSession>.AtPrompt = .cancelsFirst
    ) -> CLICommand<HydratorSession> {
        CLICommand(name, argument: argument, summary, atPrompt: atPrompt) { shell, call in
            shell.printLines(try await shell.app.place.run(call.line))
        }
    }
}
