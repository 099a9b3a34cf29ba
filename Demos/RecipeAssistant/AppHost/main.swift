import Foundation
import RecipeAssistantKit
import SceneIntents
import SceneIntentsHost

/// `recipe-assistant-app`: the Recipe Assistant app as its own process. `recipe-assistant
/// --separate-processes` launches it (socket and token in its environment) and it serves the
/// app with `HostRuntime.serve`; the shell's app-side commands reach `RecipeAppDriver` through
/// `HostEndpoint.onCommand`. Started by a user it says so and exits 64.
///
/// Arguments (given by the shell): `--catalog-size N`, `--json`.
@MainActor
func main() async -> Int32 {
    let warnings = FileHandle.standardError
    guard case .bySystem(let socket, let token) = HostLaunchMode.current() else {
        warnings.write(Data("recipe-assistant-app: this is the app's process; run `recipe-assistant --separate-processes` to use it.\n".utf8))
        return 64
    }
    var catalogSize = 0
    var json = false
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--json": json = true
        case "--catalog-size":
            guard let value = arguments.popFirst(), let size = Int(value), (0...ShellOption.largestCatalog).contains(size) else {
                warnings.write(Data("recipe-assistant-app: --catalog-size needs a whole number from 0 to \(ShellOption.largestCatalog).\n".utf8))
                return 64
            }
            catalogSize = size
        default:
            warnings.write(Data("recipe-assistant-app: there is no option \(argument).\n".utf8))
            return 64
        }
    }
    do {
        let app = try RecipeAssistantApp(catalogSize: catalogSize)
        if catalogSize > 0 {
            app.book.buildIndexInBackground { warnings.write(Data("recipe-assistant-app: \($0)\n".utf8)) }
        }
        let driver = RecipeAppDriver(app: app, json: json)
        let end = try await HostRuntime.serve(app.host, appName: RecipeAssistantApp.name, socket: socket, token: token) {
            endpoint in endpoint.onCommand = { line throws(AppCommandError) in try driver.run(line) }
        }
        return end == .quit ? 0 : 1
    } catch {
        warnings.write(Data("recipe-assistant-app: \(error)\n".utf8))
        return 1
    }
}

exit(await main())
