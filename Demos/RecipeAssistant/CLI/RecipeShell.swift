import RecipeAssistantKit
import SceneIntentsShell

/// The Recipe Assistant's command line: a `Shell` over the Recipe Assistant (`RecipeSession`)
/// with the recipe's `:commands` (`ShellCommand.all`). Plain text is spoken to the assistant,
/// `:commands` act on the device and the app as a user would, and after each turn the
/// foreground scene's screen is printed, framed.
public enum RecipeShell {
    /// What the shell was asked to do: the common session settings and the app's own
    /// (`RecipeCommandLine`, which the app process reads too).
    public typealias Options = RecipeCommandLine

    /// The program: its name, help texts and commands.
    public static let program = CLIProgram<RecipeSession>(
        name: "recipe-assistant",
        summary: "cook hands-free with an assistant that drives the app, in process or in its own.",
        commands: ShellCommand.all, examples: ShellCommand.examples,
        banner: "Recipe Assistant. Type :open to open the app, speak with plain text, :help for commands.")
}
