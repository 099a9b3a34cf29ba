import Foundation

/// What the system keeps of one scene session across the deaths of the app's process: enough to
/// give the session back, with its scene's last state, at the app's next launch.
///
/// The app reports a record each time a session is made or changes (`SessionChange`); the system
/// stores it durably per app and hands the records back in a `SessionRestoration` at launch.
/// Encoded, a record stays under `SessionRecord.sizeLimit` bytes: the system refuses a larger one
/// (keep `userInfo` and the restoration activity to what the screen needs to come back).
public struct SessionRecord: Sendable, Equatable, Codable {
    /// The most bytes a record may take encoded (JSON): 4 KB.
    public static let sizeLimit = 4096
    /// The session's stable identifier.
    public var persistentIdentifier: String
    /// The session's role.
    public var role: SceneSessionRole
    /// The configuration its scenes connect with; a restored session keeps it (the delegate is
    /// not asked `configurationForConnecting` again).
    public var configuration: SceneConfiguration
    /// The app's data kept with the session.
    public var userInfo: [String: PropertyListValue]
    /// What the scene's delegate last answered from `stateRestorationActivity(for:)`.
    public var stateRestorationActivity: UserActivity?
    /// The scene's activation state when last reported (`unattached`: archived, no scene).
    public var activationState: ActivationState
    /// When the scene last became active, as a count of activations (0: never); orders the
    /// sessions by recent activity after a relaunch.
    public var lastActivation: UInt64

    /// A record.
    public init(
        persistentIdentifier: String, role: SceneSessionRole = .windowApplication,
        configuration: SceneConfiguration, userInfo: [String: PropertyListValue] = [:],
        stateRestorationActivity: UserActivity? = nil, activationState: ActivationState = .unattached,
        lastActivation: UInt64 = 0
    ) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configuration = configuration
        self.userInfo = userInfo
        self.stateRestorationActivity = stateRestorationActivity
        self.activationState = activationState
        self.lastActivation = lastActivation
    }

    /// Whether the scene was connected when last reported: its session reconnects at launch.
    public var wasConnected: Bool { activationState != .unattached }
}

/// What the system gives an app at launch: its open sessions, and the sessions the user closed
/// while it was not running (reported by `application(_:didDiscardSceneSessions:)`).
public struct SessionRestoration: Sendable, Equatable, Codable {
    /// The open sessions, in the order they were made.
    public var sessions: [SessionRecord]
    /// Sessions discarded while the app was not running, not yet reported to it.
    public var discarded: [SessionRecord]

    /// A restoration; empty by default.
    public init(sessions: [SessionRecord] = [], discarded: [SessionRecord] = []) {
        self.sessions = sessions
        self.discarded = discarded
    }
}

/// A change to the app's sessions, as the app reports it to the system so the system can keep
/// the sessions across the app's process deaths.
public enum SessionChange: Sendable, Equatable, Codable, CustomStringConvertible {
    /// A session was made, or its restoration activity, activation state or `userInfo` changed:
    /// the record as it is now replaces the earlier one.
    case saved(SessionRecord)
    /// The app was told (`didDiscardSceneSessions`) that these sessions are gone.
    case discarded([String])

    /// One line for the trace.
    public var description: String {
        switch self {
        case .saved(let record):
            "saved \(record.persistentIdentifier) \(record.activationState)"
                + (record.stateRestorationActivity.map { " restoring \($0.activityType)" } ?? "")
        case .discarded(let identifiers): "discarded \(identifiers.joined(separator: ","))"
        }
    }
}
