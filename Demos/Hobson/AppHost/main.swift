import Foundation
import HobsonKit
import SceneIntentsHost

/// `hobson-app`: Hobson's app process. `hobson --separate-processes` launches it; it sends its
/// donations, suggestions and timeline lines through the endpoint and runs the shell's app-side
/// commands (`HobsonAppDriver.run`). From a terminal it runs the app here and takes those lines.
AppMain(name: HobsonApp.name) {
    let app = try HobsonApp(clock: ContinuousClock())
    let driver = HobsonAppDriver(app: app)
    return HostedApp(app.host, commands: { try await driver.run($0).joined(separator: "\n") }) { endpoint in
        app.dispatcher.outlet = { endpoint.send($0) }
    }
}.run()
