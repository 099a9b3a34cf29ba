import Foundation
import HobsonKit
import SceneIntentsCommandLine
import SceneIntentsHost

/// `hobson-app`: Hobson's app process. `hobson --separate-processes` launches it; it sends its
/// donations, suggestions and timeline lines through the endpoint and runs the shell's app-side
/// commands (its driver: `HobsonApp.driver`). From a terminal it runs the app here and takes those lines.
/// It takes no options but `--help`; anything else is refused.
_ = AppProcessCommandLine<SessionSettings>(
    name: "hobson-app",
    summary: "Hobson's app process. From a terminal it runs the app and reads its commands from standard\n"
        + "input; `hobson --separate-processes` launches it. The system keeps its store (hobson --data).",
    options: []
).parse()
AppMain(name: HobsonApp.name, bundleIdentifier: "com.example.hobson", words: HobsonApp.words()) {
    let app = try HobsonApp(clock: ContinuousClock())
    return HostedApp(app.host, commands: app.driver().run) { endpoint in
        app.dispatcher.outlet = { endpoint.send($0) }
    }
}.run()
