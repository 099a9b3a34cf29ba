import Foundation
import HobsonKit
import SceneIntentsHost

/// `hobson-intents`: Hobson's intents extension. The system launches it in the background for
/// `InsultMe` and `MakeMeLaugh` while the app is not in the foreground (the app never launches
/// for "insult me"); it serves `HobsonExtensionParts` and exits when idle.
AppMain(extensionNamed: HobsonExtensionParts.name) {
    let parts = try HobsonExtensionParts()
    return IntentsExtension(
        name: HobsonExtensionParts.name, bundleIdentifier: "com.example.hobson.intents", catalog: parts.catalog,
        intentsSupported: HobsonExtensionParts.intentsSupported,
        // What the extension performs is donated too, through its own connection to the system.
        configure: { endpoint in parts.dispatcher.outlet = { endpoint.send($0) } },
        handlerFor: { _ in parts.handler })
}.run()
