/// Why the app was launched.
public enum LaunchReason: String, Sendable, Codable {
    /// The user opened it: it comes to the foreground with a scene.
    case user
    /// The system launched it to handle an intent: it stays in the background with no scene.
    case intent
}

/// The app's state, that of its most active scene, with UIKit's raw values.
public enum ApplicationState: Int, Sendable, Codable, CustomStringConvertible {
    case active = 0
    case inactive = 1
    case background = 2

    /// One line for logs and messages.
    public var description: String {
        switch self {
        case .active: "active"
        case .inactive: "inactive"
        case .background: "background"
        }
    }
}

/// The app's delegate: launch, scene configuration, discarded sessions, intent dispatch and
/// termination, each with a default.
///
/// The application makes a fresh delegate at each launch (a relaunch is a new process).
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// The app is launching; return false to refuse the launch's URL or activity (ignored here).
    func application(_ application: Application, willFinishLaunchingWith reason: LaunchReason) -> Bool
    /// The app has launched.
    func application(_ application: Application, didFinishLaunchingWith reason: LaunchReason) -> Bool
    /// The configuration for a scene about to connect. Default: the manifest's first
    /// configuration for the session's role.
    func application(
        _ application: Application, configurationForConnecting session: SceneSession,
        options: ConnectionOptions
    ) -> SceneConfiguration
    /// Sessions the user closed; called at the next launch for sessions closed while the app
    /// was not running.
    func application(_ application: Application, didDiscardSceneSessions sessions: [SceneSession])
    /// The object that handles this intent, or nil when the app cannot handle it now. Called on
    /// the main actor, only for intents the manifest lists. Usually answers the handler store's
    /// current handler.
    func application(_ application: Application, handlerFor intent: AnyIntent) -> Any?
    /// The app is about to terminate.
    func applicationWillTerminate(_ application: Application)
}

extension ApplicationDelegate {
    /// Accepts the launch by default.
    public func application(_ application: Application, willFinishLaunchingWith reason: LaunchReason) -> Bool {
        true
    }
    /// Accepts the launch by default.
    public func application(_ application: Application, didFinishLaunchingWith reason: LaunchReason) -> Bool {
        true
    }
    /// The manifest's first configuration for the session's role, by default.
    public func application(
        _ application: Application, configurationForConnecting session: SceneSession,
        options: ConnectionOptions
    ) -> SceneConfiguration {
        application.manifest.configurations(for: session.role).first
            ?? SceneConfiguration(name: "Default Configuration", role: session.role)
    }
    /// Does nothing by default.
    public func application(_ application: Application, didDiscardSceneSessions sessions: [SceneSession]) {}
    /// No handler by default: the intent is not handled.
    public func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? { nil }
    /// Does nothing by default.
    public func applicationWillTerminate(_ application: Application) {}
}
