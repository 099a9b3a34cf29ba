import SceneIntents

/// The input of an action that takes none. Its one value, `.noInput`, cannot be confused with
/// `Optional.none` (Flint's `NoInput.none` could, wherever an input was optional).
public enum NoInput: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The only value.
    case noInput

    /// "no input".
    public var description: String { "no input" }
}

/// Something the user can do, performed the same way from the UI, a URL, a continued user
/// activity or an intent (see `ActionDispatcher`).
///
/// It has one input type, one presenter type and one `perform`, which runs on the actor it
/// declares: mark it `@MainActor` for a UI action, `@concurrent` (or leave it nonisolated) for
/// a background one. Input and presenter cross to that actor, hence `Sendable`.
public protocol Action: Sendable {
    /// What the action needs (`NoInput` for nothing).
    associatedtype Input: Sendable & Equatable
    /// What shows the result (a screen, or something that only collects it for a reply).
    associatedtype Presenter: Sendable

    /// The action's name, unique in the app: the timeline, errors and `:add-voice-shortcut … for NAME`.
    static var name: String { get }
    /// The URL route that performs it, if any (default none).
    static var route: ActionRoute<Input>? { get }
    /// The user activity type that continues it (default: the name).
    static var activityType: String { get }

    /// Does the work and says what came of it; throws when it did not complete.
    func perform(_ input: Input, presenter: Presenter) async throws(ActionFailure) -> ActionCompletion
}

extension Action {
    /// No route.
    public static var route: ActionRoute<Input>? { nil }
    /// The action's name.
    public static var activityType: String { name }
}

/// An action the assistant can run: it maps its input to and from its intent and carries the
/// phrase suggested for a shortcut, which every donation and shortcut made from it takes.
public protocol IntentAction: Action {
    /// The intent it answers.
    associatedtype ActionIntent: Intent

    /// The phrase suggested when a user records a voice shortcut ("Insult me").
    static var suggestedInvocationPhrase: String { get }
    /// The intent that asks for this input.
    func intent(for input: Input) -> ActionIntent
    /// The input an intent asks for; throws when the intent cannot make one.
    func input(from intent: ActionIntent) throws(ActionFailure) -> Input
    /// The response the intent gets for a completed performance (default: success, with the
    /// completion's values for the success dialog).
    func response(for completion: ActionCompletion) -> IntentResponse
    /// The group identifier a donation of this input gets, to delete related donations
    /// together (default none).
    func donationGroup(for input: Input) -> String?
}

extension IntentAction {
    /// The intent's type name: a continued activity of an intent action is the intent's own.
    public static var activityType: String { ActionIntent.typeName }
    /// Success, with the completion's values.
    public func response(for completion: ActionCompletion) -> IntentResponse {
        IntentResponse(code: .success, values: completion.values)
    }
    /// None.
    public func donationGroup(for input: Input) -> String? { nil }
}

/// What a completed performance produced: a line for people and the values an intent's dialog
/// names.
public struct ActionCompletion: Sendable, Equatable, Codable, CustomStringConvertible {
    /// One line saying what was done ("You have the manners of a goat.").
    public var summary: String
    /// Named values (`insult`), for the intent's response template.
    public var values: [String: String]

    /// A completion.
    public init(summary: String, values: [String: String] = [:]) {
        self.summary = summary
        self.values = values
    }

    /// The summary.
    public var description: String { summary }
}

/// Why a performance did not complete.
public struct ActionFailure: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: String, Sendable, Codable {
        /// The action could not do its work (the reason says why).
        case failed
        /// The input was not acceptable to the action.
        case invalidInput
        /// There was nothing to present the result with.
        case noPresenter
        /// The performing task was cancelled.
        case cancelled
    }

    /// What kind of failure.
    public let code: Code
    /// The offending value, if one is to blame.
    public let value: String?
    /// What happened, in words a user can act on.
    public let message: String

    /// A failure.
    public init(_ code: Code, value: String? = nil, _ message: String) {
        self.code = code
        self.value = value
        self.message = message
    }

    /// One line.
    public var description: String { "\(code.rawValue): \(message)" }
}
