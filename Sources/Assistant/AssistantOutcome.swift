import SceneIntents

/// How an exchange ended, with everything the assistant said.
public struct AssistantOutcome: Sendable, Equatable {
    /// How it ended.
    public enum Status: String, Sendable, Codable {
        /// The intent was handled successfully.
        case success
        /// The app answered a failure (or could not answer).
        case failure
        /// The app accepted the intent and is still working.
        case inProgress
        /// The app was brought forward to continue in its UI.
        case continuedInApp
        /// The request was refused before reaching the app (unknown, not supported, locked).
        case refused
        /// The words matched no intent.
        case notUnderstood
        /// The user cancelled.
        case cancelled
        /// A phase ran out of time.
        case timedOut
    }

    /// How it ended.
    public var status: Status
    /// The intent as it was last resolved, if the request got that far.
    public var intent: AnyIntent?
    /// The app's last response, if any.
    public var response: IntentResponse?
    /// The lines the assistant said, in order.
    public var dialog: [String]
    /// The scene that continued the activity, for `continuedInApp` (and a
    /// `failureRequiringAppLaunch` that opened the app).
    public var continuedInScene: String?
    /// Why it failed, when the assistant itself found the reason (the app could not be opened,
    /// or its scene could not continue the activity); nil otherwise.
    public var reason: String?

    /// The last line said.
    public var lastLine: String? { dialog.last }
}
