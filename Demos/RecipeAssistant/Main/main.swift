import Foundation
import RecipeAssistantCLI

/// `recipe-assistant`: the Recipe Assistant demo. See `--help` (generated from
/// `RecipeShell.options` and `RecipeShell.commands`); `CLIProgram.main` lists the exit statuses.
RecipeShell.program.run(options: RecipeShell.options) { options, environment in
    try RecipeSession(options: options, environment: environment)
}
