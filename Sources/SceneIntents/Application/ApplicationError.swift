/// Why the application refused a request or a system event.
public enum ApplicationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The manifest cannot work; launching is refused.
    case invalidManifest(ManifestError)
    /// The app is already running.
    case alreadyRunning
    /// The app is not running, so it cannot do this.
    case notRunning(String)
    /// A second session was requested but the app supports only one scene.
    case multipleScenesNotSupported
    /// The system refused a scene request (an unknown or discarded session, for example).
    case requestDenied(String)
    /// A scene configuration names a delegate class no one registered.
    case unknownSceneDelegate(configuration: String, className: String?)
    /// The request would make a scene transition UIKit never makes.
    case invalidTransition(SceneTransitionError)
    /// The activity cannot become current.
    case activity(UserActivityError)

    /// One line for logs and messages.
    public var description: String {
        switch self {
        case .invalidManifest(let error): "the manifest cannot work: \(error)"
        case .alreadyRunning: "the app is already running"
        case .notRunning(let what): "the app is not running, so it cannot \(what)"
        case .multipleScenesNotSupported:
            "the app supports one scene only (UIApplicationSupportsMultipleScenes is off)"
        case .requestDenied(let why): "scene request denied: \(why)"
        case .unknownSceneDelegate(let configuration, let className):
            "the configuration '\(configuration)' names the scene delegate '\(className ?? "none")', which is not registered"
        case .invalidTransition(let error): "\(error)"
        case .activity(let error): "\(error)"
        }
    }
}
