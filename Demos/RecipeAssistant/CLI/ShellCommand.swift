import Assistant
import RecipeAssistantKit
import SceneIntents
import SceneIntentsShell

/// The Recipe Assistant's `:commands`, declared once: the shell dispatches on them, and `:help`,
/// `--help` and the JSON help are all printed from `ShellCommand.all`.
public enum ShellCommand {
    /// Every command, in help order: the app's, then `:trace`, `:help` and `:exit`.
    public static let all: [CLICommand<RecipeSession>] = [
        app(AppCommand.open, needsUnlocked: true),
        app(RecipeAssistantApp.tap, needsUnlocked: true),
        app(RecipeAssistantApp.back),
        app(AppCommand.home),
        app(RecipeAssistantApp.newWindow, needsUnlocked: true),
        app(
            AppCommand.close,
            "Close session-N (the front window without N): its session is discarded, at the next launch if the app is not running."),
        app(AppCommand.scenes, "List the windows, their states and what archived ones restore.", atPrompt: .runs),
        CLICommand(":lock", "Lock the device: the app's scenes go to the background.") { shell, _ in
            shell.note(try await shell.app.lock(true))
        },
        CLICommand(":unlock", "Unlock the device: the scenes the lock sent away come back.") { shell, _ in
            shell.note(try await shell.app.lock(false))
        },
        app(AppCommand.quit, "Force-quit the app: its process ends and (--separate-processes) every session it kept is discarded."),
        CLICommand(":kill", "Kill the app's process with SIGKILL (--separate-processes); the next request relaunches it.") {
            shell, _ in shell.note(try await shell.app.place.kill())
        },
    ] + CLICommand.standard

    /// Things to say to the assistant, for help.
    public static let examples = [
        "show directions for banana pancakes", "next step", "what's next", "show directions for pan",
    ]

    /// `:help`: what to say, the commands, and how to answer the assistant.
    public static var helpText: String { RecipeShell.program.sessionHelpText }

    /// A command of the app's driver (as it declares it, or with the shell's `summary`), carried
    /// out where the app runs (`AppPlace.run`), printing what it printed; one that
    /// `needsUnlocked` is refused while the device is locked ("unlock first").
    private static func app(
        _ command: AppCommand, _ summary: String? = nil, atPrompt: CLICommand<RecipeSession>.AtPrompt = .cancelsFirst,
        needsUnlocked: Bool = false
    ) -> CLICommand<RecipeSession> {
        CLICommand(command, summary, atPrompt: atPrompt) { shell, call in
            if needsUnlocked && shell.app.device.isLocked {
                throw AppCommandError(.refused, call.line, "The device is locked; unlock first with :unlock.")
            }
            shell.print(try await shell.app.place.run(call.line))
        }
    }
}
