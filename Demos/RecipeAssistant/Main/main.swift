import Foundation
import RecipeAssistantCLI

/// `recipe-assistant`: the Recipe Assistant demo. See `--help` (generated from
/// `ShellOption.all` and `ShellCommand.all`); `CLIProgram.main` lists the exit statuses.
RecipeShell.program.run(options: ShellOption.all) { options, environment in
    try RecipeSession(options: options, environment: environment)
}
