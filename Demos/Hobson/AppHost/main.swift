import Foundation
import HobsonKit
import SceneIntentsCommandLine
import SceneIntentsHost

/// `hobson-app`: Hobson's app process. `hobson --separate-processes` launches it; it sends its
/// donations, suggestions and timeline lines through the endpoint and runs the shell's app-side
/// commands (`HobsonAppDriver.run`). From a terminal it runs the app here and takes those lines.
/// It takes no options but `--help`; anything else is refused.
_ = AppProcessCommandLine<SessionSettings>(
    name: "hobson-app",
    summary: "Hobson's app process. From a terminal it runs the app and reads its commands from standard\n"
        + "input; `hobson --separate-processes` launches it. The system keeps its store (hobson --data).",
    options: []
).parse()
AppMain(name: HobsonApp.name, bundleIdentifier: "com.example.hobson", words: HobsonApp.words()) {
    let app = try HobsonApp(clock: ContinuousClock())
    let driver = HobsonAppDriver(app: app)
    return HostedApp(app.host, commands: { try await driver.run($0).joined(separator: "\n") }) { endpoint in
        app.dispatcher.outlet = { endpoint.send($0) }
    }
}.run()
