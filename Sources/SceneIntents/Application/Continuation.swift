/// What came of bringing the app forward to continue an activity
/// (`Application.continueUserActivity(_:)`).
public struct Continuation: Sendable, Equatable, Codable {
    /// The persistent identifier of the session whose scene continued the activity.
    public let sessionIdentifier: String
    /// The line the scene's delegate gave for the user to hear (`Scene.answerContinuation(_:)`),
    /// such as the step it now shows; nil when it gave none.
    public let reply: String?

    /// A continuation.
    public init(sessionIdentifier: String, reply: String?) {
        self.sessionIdentifier = sessionIdentifier
        self.reply = reply
    }
}
