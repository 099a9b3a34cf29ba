import Foundation
import SceneIntentsCommandLine
import SceneIntentsHost
import TimersKit

/// `timers-app`: the Timers app's process. A system launches it for its intents or to open it;
/// from a terminal it runs the app here. It takes no options but `--help`; anything else is
/// refused. `--write-bundle-data FOLDER` (what `bundle-app` runs) writes the bundle's data, made
/// from the App Intents declarations.
_ = AppProcessCommandLine<SessionSettings>(
    name: "timers-app",
    summary: "The Timers app's process. From a terminal it runs the app and reads its commands from standard\n"
        + "input; a system (assistantd) launches it for its intents.",
    options: []
).parse()
AppMain(name: TimersApp.name, bundleIdentifier: "com.example.Timers", words: TimersApp.words) {
    HostedApp(TimersApp().host)
}.run()
