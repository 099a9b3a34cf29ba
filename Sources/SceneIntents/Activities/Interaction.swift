import Foundation

/// How far an intent's handling got, with SiriKit's raw values.
public enum IntentHandlingStatus: Int, Sendable, Codable, CaseIterable {
    case unspecified = 0
    case ready = 1
    case inProgress = 2
    case success = 3
    case failure = 4
    case deferredToApplication = 5
    case userConfirmationRequired = 6

    /// The status a response code implies.
    public init(code: ResponseCode, isSuccess: Bool) {
        switch code {
        case .unspecified: self = .unspecified
        case .ready: self = .ready
        case .inProgress: self = .inProgress
        case .continueInApp, .failureRequiringAppLaunch: self = .deferredToApplication
        case .success: self = .success
        case .failure: self = .failure
        default: self = isSuccess ? .success : .failure
        }
    }
}

/// An intent with the response it got: what a continued activity carries and what is donated.
public struct Interaction: Sendable, Equatable, Codable {
    /// The intent, as resolved.
    public var intent: AnyIntent
    /// The handler's response, so the app does not repeat an action already done.
    public var intentResponse: IntentResponse?
    /// A unique identifier.
    public var identifier: String
    /// A group identifier, for deleting related donations together.
    public var groupIdentifier: String?
    /// How far handling got.
    public var intentHandlingStatus: IntentHandlingStatus
    /// When the interaction happened.
    public var date: Date

    /// An interaction.
    public init(
        intent: AnyIntent, response: IntentResponse?, identifier: String,
        groupIdentifier: String? = nil, handlingStatus: IntentHandlingStatus, date: Date
    ) {
        self.intent = intent
        self.intentResponse = response
        self.identifier = identifier
        self.groupIdentifier = groupIdentifier
        self.intentHandlingStatus = handlingStatus
        self.date = date
    }
}
