import Assistant
import RecipeAssistantKit
import SceneIntents
import SceneIntentsShell

/// The Recipe Assistant's `:commands`, declared once: the shell dispatches on them, and `:help`,
/// `--help` and the JSON help are all printed from `ShellCommand.all`.
public enum ShellCommand {
    /// Every command, in help order: the app's, then `:trace`, `:help` and `:exit`.
    public static let all: [CLICommand<RecipeSession>] = [
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

    /// `:help`: what to say, the commands, and how to answer the assistant.
    public static var helpText: String { RecipeShell.program.sessionHelpText }

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
