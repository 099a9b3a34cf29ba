/// A scene session: the system's record of one of the app's windows, kept while its scene is
/// disconnected and across app relaunches, until the user closes it.
///
/// Only the application creates sessions. A session's scene is held weakly and is nil while the
/// session is archived.
@MainActor
public final class SceneSession: Identifiable, CustomStringConvertible {
    /// The session's stable, unique identifier.
    public let persistentIdentifier: String
    /// The session's role.
    public let role: SceneSessionRole
    /// The configuration its scenes are created with.
    public internal(set) var configuration: SceneConfiguration
    /// The connected scene, or nil while the session is archived.
    public internal(set) weak var scene: Scene?
    /// What the scene's delegate answered from `stateRestorationActivity(for:)` when the scene
    /// last went to the background or disconnected: given back in `willConnectTo` when it
    /// reconnects, in this run or after the app's process was relaunched.
    public internal(set) var stateRestorationActivity: UserActivity?
    /// App data kept with the session (property-list values only); each change is reported to
    /// the system, which keeps it across the app's process deaths.
    public var userInfo: [String: PropertyListValue] = [:] {
        didSet { owner?.reportSaved(self) }
    }
    /// The application the session belongs to (it reports the session's changes).
    weak var owner: Application?
    /// When the session's scene last became active, as a count of activations (0: never).
    var lastActivation: UInt64 = 0
    /// The record the system last got of this session (restored or reported), so an unchanged
    /// one is not sent again.
    var reported: SessionRecord?

    /// The session's identifier (its persistent identifier).
    public nonisolated var id: String { persistentIdentifier }

    init(persistentIdentifier: String, role: SceneSessionRole, configuration: SceneConfiguration) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configuration = configuration
    }

    /// One line for logs and messages.
    public nonisolated var description: String { "SceneSession(\(persistentIdentifier))" }
}
