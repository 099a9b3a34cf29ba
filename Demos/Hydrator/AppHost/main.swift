import Foundation
import HydratorKit
import SceneIntentsCommandLine
import SceneIntentsHost

/// `hydrator-app`: Hydrator's app process over the shared container: `--container DIR` when
/// given (a relative DIR is taken from the working directory), else `$HYDRATOR_CONTAINER`, else
/// the default group container. A system launches it for `TrackIntakeIntent` or to open the app;
/// from a terminal it runs the app here and takes its driver's lines (`HydratorApp.driver`).
let container: String
container = AppProcessCommandLine(
    name: "hydrator-app",
    summary: "Hydrator's app process. From a terminal it runs the app and reads its commands from\n"
        + "standard input; a system launches it to handle TrackIntakeIntent.",
    options: HydratorCommandLine.appProcess
).parse().containerPath
AppMain(name: HydratorApp.name, bundleIdentifier: "com.example.Hydrator", words: HydratorApp.words()) {
    let app = try HydratorApp(container: container)
    return HostedApp(app.host, commands: app.driver().run)
}.run()
