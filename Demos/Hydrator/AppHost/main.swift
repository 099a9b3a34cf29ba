import Foundation
import HydratorKit
import SceneIntentsHost

/// `hydrator-app`: Hydrator's app process over the shared container: `--container DIR` when
/// given (a relative DIR is taken from the working directory), else `$HYDRATOR_CONTAINER`, else
/// the default group container. A system launches it for `TrackIntakeIntent` or to open the app;
/// from a terminal it runs the app here and takes its driver's lines (`HydratorApp.driver`).
let container: String
switch HydratorAppArguments.parse(Array(CommandLine.arguments.dropFirst())) {
case .run(let chosen):
    container = chosen ?? HydrationStore.defaultContainer()
case .help(let text):
    print(text)
    exit(0)
case .usage(let message):
    FileHandle.standardError.write(Data("hydrator-app: \(message)\n\(HydratorAppArguments.usage)\n".utf8))
    exit(64)
}
AppMain(name: HydratorApp.name, bundleIdentifier: "com.example.Hydrator", words: HydratorApp.words()) {
    let app = try HydratorApp(container: container)
    return HostedApp(app.host, commands: app.driver().run)
}.run()
