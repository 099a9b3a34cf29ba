import SceneIntents

/// How the assistant reaches an app: `Codable` phase calls in, answers out, and a request to
/// bring the app forward for an activity.
///
/// `InProcessConnection` is the in-process implementation; an out-of-process one carries the
/// same values over a socket.
public protocol AppConnection: Sendable {
    /// The app's name, as the assistant says it.
    var appName: String { get }
    /// The app's manifest, as read from its bundle: what the assistant routes by.
    var manifest: AppManifest { get }
    /// The app's intent definitions: what the assistant converses from.
    var catalog: IntentCatalog { get }
    /// Sends one phase call and waits for its answer; launches the app in the background first
    /// when it is not running.
    func send(_ call: PhaseCall) async -> PhaseAnswer
    /// Brings the app to the foreground to continue an activity; returns the scene's session
    /// identifier.
    func continueInApp(_ activity: UserActivity) async throws -> String
    /// Where the app's lifecycle callbacks are recorded (nil: nowhere).
    func attach(_ trace: Trace?)
}
