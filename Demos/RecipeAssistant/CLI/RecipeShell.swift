import Assistant
import RecipeAssistantKit
import SceneIntents
import SceneIntentsShell

/// The Recipe Assistant's command line: a `Shell` over the Recipe Assistant (`RecipeSession`)
/// with the recipe's options and `:commands`, each declared once (the parser, `--help`, `:help`
/// and the JSON help all read these tables). Plain text is spoken to the assistant, `:commands`
/// act on the device and the app as a user would, and after each turn the foreground scene's
/// screen is printed, framed.
public enum RecipeShell {
    /// What the shell was asked to do: the common session settings and the app's own
    /// (`RecipeCommandLine`, which the app process reads too).
    public typealias Options = RecipeCommandLine

    /// Every option, in help order.
    public static let options: [CLIOption<Options>] = [
        .script,
        .tour("--tour", script: Tour.script, "Play the WWDC 2020 hands-free flow, explained."),
        .trace,
        .json,
        .speak,
        RecipeCommandLine.catalogSizeOption,
        .separateProcesses(host: RecipeSession.hostExecutableName),
        .runtimeDirectory,
        .help,
    ]

    /// Every command, in help order: the app's, then `:trace`, `:help` and `:exit`.
    public static let commands: [CLICommand<RecipeSession>] = [
        needsUnlocked(.open),
        needsUnlocked(.app(RecipeAssistantApp.tap)),
        .app(RecipeAssistantApp.back),
        .home,
        needsUnlocked(.app(RecipeAssistantApp.newWindow)),
        .close,
        .scenes,
        CLICommand(":lock", "Lock the device: the app's scenes go to the background.") { shell, _ in
            shell.note(try await shell.app.lock(true))
        },
        CLICommand(":unlock", "Unlock the device: the scenes the lock sent away come back.") { shell, _ in
            shell.note(try await shell.app.lock(false))
        },
        .quit,
        .kill,
    ] + CLICommand.standard

    /// Things to say to the assistant, for help.
    public static let examples = [
        "show directions for banana pancakes", "next step", "what's next", "show directions for pan",
    ]

    /// The program: its name, help texts and commands.
    public static let program = CLIProgram<RecipeSession>(
        name: "recipe-assistant",
        summary: "cook hands-free with an assistant that drives the app, in process or in its own.",
        commands: commands, examples: examples,
        banner: "Recipe Assistant. Type :open to open the app, speak with plain text, :help for commands.")

    /// `command`, refused while the device is locked ("unlock first").
    private static func needsUnlocked(_ command: CLICommand<RecipeSession>) -> CLICommand<RecipeSession> {
        CLICommand(command.name, argument: command.argument, command.summary, atPrompt: command.atPrompt) { shell, call in
            if shell.app.device.isLocked {
                throw AppCommandError(.refused, call.line, "The device is locked; unlock first with :unlock.")
            }
            try await command.action(shell, call)
        }
    }
}
