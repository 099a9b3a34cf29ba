import Foundation
import SceneIntents
import SceneIntentsHost
import TestFixtures

/// `kitchen-extension`: the fixture kitchen's intents extension, for the process tests. It lists
/// `OrderSoupIntent` (which the kitchen app lists too) and `UnlistedIntent` (which only it lists),
/// and says it is the extension in every dialog. `KITCHEN_MODE`: `normal`, or `continue`
/// (ordering soup answers continueInApp, so the system must open the app), or `STOP-in:resolve`
/// and `KILL-in:resolve` (the process sends itself SIGSTOP or SIGKILL as it looks its handler up,
/// at a request's first call: the fault tests). The idle time comes
/// from `SCENEINTENTS_IDLE_EXIT` (default 5 s).
let mode = ProcessInfo.processInfo.environment["KITCHEN_MODE"] ?? "normal"
AppMain(
    extension: IntentsExtension(
        name: "Kitchen Intents", intents: [OrderSoupIntent.self, OpenSafeIntent.self, UnlistedIntent.self],
        intentsSupported: ["OrderSoupIntent", "UnlistedIntent"],
        handlerFor: { _ in
            if mode == "STOP-in:resolve" { kill(getpid(), SIGSTOP) }
            if mode == "KILL-in:resolve" { kill(getpid(), SIGKILL) }
            return Kitchen.extensionHandler(continueInApp: mode == "continue")
        })
).run()
