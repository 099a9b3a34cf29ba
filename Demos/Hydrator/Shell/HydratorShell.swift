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
        .separateProcesses(host: "hydrator-app"),
        .runtimeDirectory,
        .help,
    ]

    /// The `:commands`, in help order: the app's (as its driver declares them), `:today`, then
    /// the standard ones.
    public static let commands: [CLICommand<HydratorSession>] =
        [.open, .home] + HydratorApp.commands.map { .app($0) } + [
        CLICommand(":today", "Show today's log, read from the shared container.", atPrompt: .runs) { shell, _ in
            shell.printLines(await shell.app.today())
        },
        .scenes, .close, .quit, .kill,
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

}
