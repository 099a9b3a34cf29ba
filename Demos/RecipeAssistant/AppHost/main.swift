import Foundation
import RecipeAssistantKit
import SceneIntentsCommandLine
import SceneIntentsHost

/// `recipe-assistant-app`: the Recipe Assistant app process. `recipe-assistant
/// --separate-processes` launches it with the shell's `--catalog-size N` and `--json`; the
/// daemon with neither. From a terminal it runs the app here and takes its driver's lines
/// (`RecipeAssistantApp.driver`). The two options are declared once with the shell's (`RecipeCommandLine.appProcess`);
/// anything else is refused.
let options = AppProcessCommandLine(
    name: "recipe-assistant-app",
    summary: "The Recipe Assistant's app process. From a terminal it runs the app and reads its commands from\n"
        + "standard input; `recipe-assistant --separate-processes` and the assistant launch it.",
    options: RecipeCommandLine.appProcess
).parse()
AppMain(name: RecipeAssistantApp.name, bundleIdentifier: RecipeAssistantApp.bundleIdentifier, words: RecipeAssistantApp.words(featured: RecipeBook.demo().featured)) {
    let app = try RecipeAssistantApp(catalogSize: options.catalogSize)
    if app.book.catalogSize > 0 {
        app.book.buildIndexInBackground { FileHandle.standardError.write(Data("recipe-assistant-app: \($0)\n".utf8)) }
    }
    return HostedApp(app.host, commands: app.driver(json: options.json).run)
}.run()
