import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsHost

/// `hobson-app`: Hobson as its own process. `hobson --separate-processes` launches it (socket
/// and token in its environment); it serves the app with `HostRuntime.serve`, sends its
/// donations, suggestions and timeline lines through the endpoint, and runs the shell's
/// app-side commands through `HostEndpoint.onCommand`. Started by a user it says so and exits 64.
@MainActor
func main() async -> Int32 {
    let warnings = FileHandle.standardError
    guard case .bySystem(let socket, let token) = HostLaunchMode.current() else {
        warnings.write(Data("hobson-app: this is the app's process; run `hobson --separate-processes` to use it.\n".utf8))
        return 64
    }
    do {
        let app = try HobsonApp(clock: ContinuousClock())
        let driver = HobsonAppDriver(app: app)
        let end = try await HostRuntime.serve(app.host, appName: HobsonApp.name, socket: socket, token: token) { endpoint in
            app.dispatcher.outlet = { endpoint.send($0) }
            endpoint.onCommand = { line throws(HobsonCommandError) in try driver.start(line) }
        }
        return end == .quit ? 0 : 1
    } catch {
        warnings.write(Data("hobson-app: \(error)\n".utf8))
        return 1
    }
}

exit(await main())
