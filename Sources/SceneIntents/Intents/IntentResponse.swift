/// A handler's answer to confirm or handle: a code, the values its dialog template names, and an
/// optional user activity to continue in the app.
public struct IntentResponse: Sendable, Equatable, Codable {
    /// The response code.
    public var code: ResponseCode
    /// Values for the code's dialog template (`step`, `directions` …).
    public var values: [String: String]
    /// The activity the app continues when the response opens it; nil lets the system make one.
    public var userActivity: UserActivity?
    /// A dialog that replaces the template's, when set.
    public var dialog: String?

    /// A response.
    public init(
        code: ResponseCode, values: [String: String] = [:], userActivity: UserActivity? = nil,
        dialog: String? = nil
    ) {
        self.code = code
        self.values = values
        self.userActivity = userActivity
        self.dialog = dialog
    }

    /// Able to act (the default answer to confirm).
    public static let ready = IntentResponse(code: .ready)
    /// Done, with the intent's success dialog.
    public static let success = IntentResponse(code: .success)
    /// Failed, with the intent's failure dialog.
    public static let failure = IntentResponse(code: .failure)
    /// Open the app and continue there.
    public static let continueInApp = IntentResponse(code: .continueInApp)
    /// Accepted, still working.
    public static let inProgress = IntentResponse(code: .inProgress)

    /// A failure with a dialog of its own.
    public static func failure(_ dialog: String) -> IntentResponse {
        IntentResponse(code: .failure, dialog: dialog)
    }
}
