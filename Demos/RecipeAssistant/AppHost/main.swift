import Foundation
import RecipeAssistantKit
import SceneIntentsHost

/// `recipe-assistant-app`: the Recipe Assistant app process. `recipe-assistant
/// --separate-processes` launches it with the shell's `--catalog-size N` and `--json` (already
/// checked there); the daemon with neither. From a terminal it runs the app here and takes
/// `RecipeAppDriver`'s lines.
let arguments = CommandLine.arguments
let size = arguments.firstIndex(of: "--catalog-size").flatMap { arguments.dropFirst($0 + 1).first }.flatMap { Int($0) }
AppMain(name: RecipeAssistantApp.name) {
    let app = try RecipeAssistantApp(catalogSize: min(max(size ?? 0, 0), ShellOption.largestCatalog))
    if app.book.catalogSize > 0 {
        app.book.buildIndexInBackground { FileHandle.standardError.write(Data("recipe-assistant-app: \($0)\n".utf8)) }
    }
    let driver = RecipeAppDriver(app: app, json: arguments.contains("--json"))
    return HostedApp(app.host, commands: { try driver.run($0) })
}.run()
