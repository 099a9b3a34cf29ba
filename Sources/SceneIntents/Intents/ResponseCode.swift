/// A response's code: the standard ones with SiriKit's raw values, or an app's custom code (≥ 100).
public struct ResponseCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The raw value: 0…6 for the standard codes, 100 and up for custom ones.
    public let rawValue: Int

    /// A code from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// No code given.
    public static let unspecified = ResponseCode(rawValue: 0)
    /// Confirm only: the handler is able to act.
    public static let ready = ResponseCode(rawValue: 1)
    /// More work needs the app's UI: the app comes to the foreground and continues the activity.
    public static let continueInApp = ResponseCode(rawValue: 2)
    /// Accepted and still working: the assistant reports it and does not wait.
    public static let inProgress = ResponseCode(rawValue: 3)
    /// Done.
    public static let success = ResponseCode(rawValue: 4)
    /// Failed.
    public static let failure = ResponseCode(rawValue: 5)
    /// Failed; the app is opened so the user can fix it there.
    public static let failureRequiringAppLaunch = ResponseCode(rawValue: 6)

    /// Whether the code is an app's own (100 and up).
    public var isCustom: Bool { rawValue >= 100 }

    /// Whether the response asks the assistant to open the app.
    public var opensApp: Bool { self == .continueInApp || self == .failureRequiringAppLaunch }

    /// One line for logs and messages.
    public var description: String {
        switch rawValue {
        case 0: "unspecified"
        case 1: "ready"
        case 2: "continueInApp"
        case 3: "inProgress"
        case 4: "success"
        case 5: "failure"
        case 6: "failureRequiringAppLaunch"
        default: "custom(\(rawValue))"
        }
    }
}

/// What an intent declares about one response code: whether it is a success and its dialog.
///
/// The dialog is a template: `${name}` is replaced by the response's value of that name, as in
/// `Step ${step}. ${directions}`.
public struct ResponseTemplate: Sendable, Hashable, Codable {
    /// The code this template is for.
    public var code: ResponseCode
    /// A name for the code (for custom codes, e.g. "showDirections").
    public var name: String
    /// Whether the code ends the exchange successfully.
    public var isSuccess: Bool
    /// The dialog template.
    public var dialog: String

    /// A template for a standard code.
    public init(code: ResponseCode, dialog: String) {
        self.code = code
        self.name = code.description
        self.isSuccess = code != .failure && code != .failureRequiringAppLaunch
        self.dialog = dialog
    }

    /// A custom code (raw value ≥ 100) flagged success or failure, with its dialog template.
    ///
    /// A raw value under 100 is reported when the intent's catalog is built
    /// (`IntentCatalogError.customCodeOutOfRange`).
    public init(custom rawValue: Int, name: String, isSuccess: Bool, dialog: String) {
        self.code = ResponseCode(rawValue: rawValue)
        self.name = name
        self.isSuccess = isSuccess
        self.dialog = dialog
    }

    /// Whether a response with `code` ends the exchange as a success, for an intent declaring
    /// `templates`: the code's template's flag, else every standard code but the two failures.
    static func isSuccess(_ code: ResponseCode, among templates: [ResponseTemplate]) -> Bool {
        templates.first { $0.code == code }?.isSuccess ?? (code != .failure && code != .failureRequiringAppLaunch)
    }
}
