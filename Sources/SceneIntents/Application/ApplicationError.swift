/// Why the application refused a request or a system event: a code, the offending value, and the
/// underlying typed error where there is one.
///
/// Each former case has a constructor of the same name (`.alreadyRunning`,
/// `.requestDenied("…")`, `.invalidManifest(error)` …), so `#expect(throws:)` reads as before.
public struct ApplicationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// The manifest cannot work; launching is refused.
        case invalidManifest
        /// The app is already running.
        case alreadyRunning
        /// The app is not running, so it cannot do what was asked.
        case notRunning
        /// A second session was requested but the app supports only one scene.
        case multipleScenesNotSupported
        /// The system refused a scene request (an unknown or discarded session, for example).
        case requestDenied
        /// The configuration a scene connects with has no scene delegate factory (one the app
        /// delegate chose that the manifest does not declare).
        case noSceneDelegateFactory
        /// The request would make a scene transition UIKit never makes.
        case invalidTransition
        /// The activity cannot become current.
        case activityRefused
        /// The scene brought forward for an activity could not continue it
        /// (`didFailToContinueUserActivityWithType` was called).
        case activityNotContinued
    }

    /// The typed error behind this one.
    public enum Cause: Sendable, Equatable {
        /// The manifest's error.
        case manifest(ManifestError)
        /// The illegal transition.
        case transition(SceneTransitionError)
        /// Why the activity was refused.
        case activity(UserActivityError)
    }

    /// What went wrong.
    public let code: Code
    /// The offending value: what was asked while not running, the session, the configuration.
    public let value: String?
    /// The typed error behind this one, if any.
    public let cause: Cause?

    /// An error.
    public init(_ code: Code, value: String? = nil, cause: Cause? = nil) {
        self.code = code
        self.value = value
        self.cause = cause
    }

    /// The manifest cannot work.
    public static func invalidManifest(_ error: ManifestError) -> ApplicationError {
        ApplicationError(.invalidManifest, cause: .manifest(error))
    }
    /// The app is already running.
    public static let alreadyRunning = ApplicationError(.alreadyRunning)
    /// The app is not running, so it cannot do `what` (a verb phrase: "go to the background").
    public static func notRunning(_ what: String) -> ApplicationError { ApplicationError(.notRunning, value: what) }
    /// A second session was requested but the app supports only one scene.
    public static let multipleScenesNotSupported = ApplicationError(.multipleScenesNotSupported)
    /// The system refused a scene request, for the reason given.
    public static func requestDenied(_ why: String) -> ApplicationError { ApplicationError(.requestDenied, value: why) }
    /// The configuration a scene connects with has no scene delegate factory; `error` names it
    /// and the factories there are.
    public static func noSceneDelegateFactory(_ error: ManifestError) -> ApplicationError {
        ApplicationError(.noSceneDelegateFactory, value: error.value, cause: .manifest(error))
    }
    /// The request would make a transition UIKit never makes.
    public static func invalidTransition(_ error: SceneTransitionError) -> ApplicationError {
        ApplicationError(.invalidTransition, value: error.scene, cause: .transition(error))
    }
    /// The activity cannot become current.
    public static func activity(_ error: UserActivityError) -> ApplicationError {
        ApplicationError(.activityRefused, cause: .activity(error))
    }
    /// The scene of `session` could not continue the activity, for `reason`.
    public static func activityNotContinued(session: String, reason: UserActivityError) -> ApplicationError {
        ApplicationError(.activityNotContinued, value: session, cause: .activity(reason))
    }

    /// The illegal transition behind this error, if that is what it is.
    public var transition: SceneTransitionError? {
        if case .transition(let error)? = cause { error } else { nil }
    }

    /// The activity error behind this error, if that is what it is.
    public var activityError: UserActivityError? {
        if case .activity(let error)? = cause { error } else { nil }
    }

    /// One line for logs and messages.
    public var description: String {
        let value = value ?? "none"
        let cause: String =
            switch self.cause {
            case .manifest(let error)?: "\(error)"
            case .transition(let error)?: "\(error)"
            case .activity(let error)?: "\(error)"
            case nil: ""
            }
        return switch code {
        case .invalidManifest: "the manifest cannot work: \(cause)"
        case .alreadyRunning: "the app is already running"
        case .notRunning: "the app is not running, so it cannot \(value)"
        case .multipleScenesNotSupported:
            "the app supports one scene only (UIApplicationSupportsMultipleScenes is off)"
        case .requestDenied: "scene request denied: \(value)"
        case .noSceneDelegateFactory: "no scene can connect with the configuration '\(value)': \(cause)"
        case .invalidTransition, .activityRefused: cause
        case .activityNotContinued: "the scene of \(value) could not continue the activity: \(cause)"
        }
    }
}
