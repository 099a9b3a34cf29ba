import Foundation
import HydratorKit
import SceneIntents
import SceneIntentsHost

/// `hydrator-app`: Hydrator's app as its own process, as the system launches it (socket and
/// token in its environment) to handle `TrackIntakeIntent` in the app while a scene is in the
/// foreground. Started by a user it says so and exits 64.
///
/// Arguments: `--container DIR` (default `$XDG_DATA_HOME/sceneintents/groups/<app group>`).
@MainActor
func main() async -> Int32 {
    let warnings = FileHandle.standardError
    guard case .bySystem(let socket, let token) = HostLaunchMode.current() else {
        warnings.write(Data("hydrator-app: this is the app's process; run `hydrator --separate-processes` to use it.\n".utf8))
        return 64
    }
    var container = HydrationStore.defaultContainer()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--container":
            guard let value = arguments.popFirst(), !value.isEmpty else {
                warnings.write(Data("hydrator-app: --container needs a directory.\n".utf8))
                return 64
            }
            container = value
        default:
            warnings.write(Data("hydrator-app: there is no option \(argument).\n".utf8))
            return 64
        }
    }
    do {
        let app = try HydratorApp(container: container)
        let end = try await HostRuntime.serve(app.host, appName: HydratorApp.name, socket: socket, token: token) { endpoint in
            app.serveCommands(on: endpoint)
        }
        return end == .quit ? 0 : 1
    } catch {
        warnings.write(Data("hydrator-app: \(error)\n".utf8))
        return 1
    }
}

exit(await main())
