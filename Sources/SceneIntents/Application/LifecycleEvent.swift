/// An application delegate callback, named as in UIKit.
public enum ApplicationCallback: String, Sendable, Codable, CaseIterable {
    case willFinishLaunching
    case didFinishLaunching
    case configurationForConnecting
    case didDiscardSceneSessions
    case handlerFor
    case willTerminate
}

/// One callback the runtime made, in the order it made them: what a lifecycle recorder collects
/// and the assistant's trace shows.
///
/// Its description is one line, e.g. `app didFinishLaunching`, `session-1 willConnectTo`,
/// `RecipeList viewDidAppear`, so tests can compare whole sequences as text.
public enum LifecycleEvent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// An application delegate callback, with a detail (a session, an intent) where it has one.
    case application(ApplicationCallback, detail: String?)
    /// A scene delegate callback of the scene of the named session.
    case scene(String, SceneCallback)
    /// A view controller callback of the named controller.
    case view(String, ViewCallback)
    /// Something the manifest declares that cannot work as promised, reported at launch.
    case diagnostic(ManifestDiagnostic)

    /// One line for logs and messages.
    public var description: String {
        switch self {
        case .application(let callback, let detail):
            detail.map { "app \(callback.rawValue) \($0)" } ?? "app \(callback.rawValue)"
        case .scene(let session, let callback): "\(session) \(callback.rawValue)"
        case .view(let name, let callback): "\(name) \(callback.rawValue)"
        case .diagnostic(let diagnostic): "app diagnostic \(diagnostic.code.rawValue): \(diagnostic)"
        }
    }
}
