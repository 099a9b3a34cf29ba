import Foundation
import SceneIntents

// What a host process and the system that launched it agree on beyond the messages: the
// environment a host is started with, and the hello it sends first.

extension MessageProtocol {
    /// The environment variable naming the socket a launched host connects to.
    public static let socketVariable = "SCENEINTENTS_SOCKET"
    /// The environment variable holding the one-time token a launched host presents in its hello.
    public static let tokenVariable = "SCENEINTENTS_TOKEN"
    /// The environment variable saying whether the device was locked when the host was launched
    /// (`1` locked, `0` not): a host starts with its device in that state, so a relaunch does
    /// not forget a lock (later changes arrive as `lock` events).
    public static let deviceLockedVariable = "SCENEINTENTS_DEVICE_LOCKED"
    /// The environment variable a system sets to choose how long an intents extension stays idle
    /// before it exits (seconds, e.g. `0.5`).
    public static let idleExitVariable = "SCENEINTENTS_IDLE_EXIT"
}

extension AppEndpoint {
    /// The hello this app sends first.
    public func hello(token: String, appName: String) -> AppHello {
        let manifest = host.application.manifest
        return AppHello(
            token: token, processIdentifier: ProcessInfo.processInfo.processIdentifier, kind: kind,
            appName: appName, intentsSupported: manifest.intentsSupported,
            intentsRestrictedWhileLocked: manifest.intentsRestrictedWhileLocked,
            userActivityTypes: manifest.userActivityTypes)
    }
}
