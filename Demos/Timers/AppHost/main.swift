import Foundation
import SceneIntentsHost
import TimersKit

/// `timers-app`: the Timers app's process. A system launches it for its intents or to open it;
/// from a terminal it runs the app here. `--write-bundle-data FOLDER` writes the bundle's data,
/// made from the App Intents declarations.
AppMain(name: TimersApp.name, bundleIdentifier: "com.example.Timers", words: TimersApp.words) {
    HostedApp(TimersApp().host)
}.run()
