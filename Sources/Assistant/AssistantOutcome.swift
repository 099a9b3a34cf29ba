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

    /// The fields, in one immutable object: an outcome is handed up through several async
    /// layers, and each copy of six fields was a dozen retains; a copy is one now. A change
    /// makes a new object.
    private final class Storage: Sendable {
        let status: Status
        let intent: AnyIntent?
        let response: IntentResponse?
        let dialog: [String]
        let continuedInScene: String?
        let reason: String?

        init(
            status: Status, intent: AnyIntent?, response: IntentResponse?, dialog: [String], continuedInScene: String?,
            reason: String?
        ) {
            self.status = status
            self.intent = intent
            self.response = response
            self.dialog = dialog
            self.continuedInScene = continuedInScene
            self.reason = reason
        }
    }

    private var storage: Storage

    init(
        status: Status, intent: AnyIntent?, response: IntentResponse?, dialog: [String], continuedInScene: String? = nil,
        reason: String? = nil
    ) {
        storage = Storage(
            status: status, intent: intent, response: response, dialog: dialog, continuedInScene: continuedInScene,
            reason: reason)
    }

    /// A copy with one field changed.
    private func with(
        status: Status? = nil, intent: AnyIntent?? = nil, response: IntentResponse?? = nil, dialog: [String]? = nil,
        continuedInScene: String?? = nil, reason: String?? = nil
    ) -> Storage {
        Storage(
            status: status ?? storage.status, intent: intent ?? storage.intent, response: response ?? storage.response,
            dialog: dialog ?? storage.dialog, continuedInScene: continuedInScene ?? storage.continuedInScene,
            reason: reason ?? storage.reason)
    }

    /// How it ended.
    public var status: Status {
        get { storage.status }
        set { storage = with(status: newValue) }
    }
    /// The intent as it was last resolved, if the request got that far.
    public var intent: AnyIntent? {
        get { storage.intent }
        set { storage = with(intent: .some(newValue)) }
    }
    /// The app's last response, if any.
    public var response: IntentResponse? {
        get { storage.response }
        set { storage = with(response: .some(newValue)) }
    }
    /// The lines the assistant said, in order.
    public var dialog: [String] {
        get { storage.dialog }
        set { storage = with(dialog: newValue) }
    }
    /// The scene that continued the activity, for `continuedInApp` (and a
    /// `failureRequiringAppLaunch` that opened the app).
    public var continuedInScene: String? {
        get { storage.continuedInScene }
        set { storage = with(continuedInScene: .some(newValue)) }
    }
    /// Why it failed, when the assistant itself found the reason (the app could not be opened,
    /// or its scene could not continue the activity); nil otherwise.
    public var reason: String? {
        get { storage.reason }
        set { storage = with(reason: .some(newValue)) }
    }

    /// The last line said.
    public var lastLine: String? { dialog.last }

    /// Whether two outcomes say the same: their status, intent, response, dialog, scene and
    /// reason. Outcomes sharing storage are equal without comparing them.
    public static func == (lhs: AssistantOutcome, rhs: AssistantOutcome) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.status == rhs.status && lhs.intent == rhs.intent && lhs.response == rhs.response
                && lhs.dialog == rhs.dialog && lhs.continuedInScene == rhs.continuedInScene && lhs.reason == rhs.reason)
    }
}
