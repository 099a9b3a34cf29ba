/// A question a handler's confirm or handle asks the user before it can answer: App Intents'
/// `requestValue`, `requestDisambiguation`, `requestConfirmation` and `requestChoice` in
/// `perform()`, and `continueInForeground`.
///
/// The handler throws it; the host answers the phase with it (`PhaseAnswer.asks`) and keeps
/// the request's handler. The assistant asks the user (with `prompt` when given, else the
/// parameter's own prompt), takes the answer into the intent, and goes on from the parameter it
/// asked about: that parameter and the ones after it are resolved again, then confirm and
/// handle run again, on the same handler. A "no" to a confirmation cancels the request. A
/// request that keeps asking is given up after the assistant's patience (`maxReasks`).
public struct IntentQuestion: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// What is asked.
    public enum Kind: Sendable, Equatable, Codable {
        /// A value for the parameter (a new one, whatever it holds now).
        case value(parameter: ParameterName)
        /// One of these values for the parameter, picked by the user.
        case disambiguation(parameter: ParameterName, among: [AnyParameterValue])
        /// Yes to this value of the parameter (no cancels the request).
        case valueConfirmation(parameter: ParameterName, value: AnyParameterValue)
        /// Yes to going ahead (no cancels the request).
        case confirmation
        /// One of these options (1 to `choiceLimit` titles), chosen by the user: confirm and
        /// handle run again with its position in `PhaseCall.choices`, under `choiceKey(options)`.
        case choice(options: [String])
        /// The app in the foreground (App Intents' `continueInForeground`): the assistant asks the
        /// user first when `confirm` (no cancels the request), brings a scene forward continuing
        /// `activity`, then confirm and handle run again, the app now in front.
        case foreground(activity: UserActivity, confirm: Bool)
    }

    /// The most options a choice offers: a list the user hears whole must stay short.
    public static let choiceLimit = 10

    /// Whether `options` can be offered: 1 to `choiceLimit` of them, each with a title. The app
    /// checks it before asking, the assistant again when asked (the app is another process).
    public static func canOffer(_ options: [String]) -> Bool {
        (1...choiceLimit).contains(options.count) && !options.contains(where: \.isEmpty)
    }

    /// Where `PhaseCall.choices` keeps the answer to a choice among `options`: the same options
    /// asked again in a later run of the request are the same question, already answered.
    public static func choiceKey(_ options: [String]) -> String {
        options.joined(separator: "\n")
    }

    /// What is asked.
    public var kind: Kind
    /// The words to ask with; nil: the parameter's prompt (or the assistant's own line).
    public var prompt: String?

    /// A question.
    public init(_ kind: Kind, prompt: String? = nil) {
        self.kind = kind
        self.prompt = prompt
    }

    /// The parameter asked about, if the question is about one.
    public var parameter: ParameterName? {
        switch kind {
        case .value(let name), .disambiguation(let name, _), .valueConfirmation(let name, _): name
        case .confirmation, .choice, .foreground: nil
        }
    }

    /// One line for the trace: `value(ounces)`, `disambiguation(drink: Tea, Coffee)`,
    /// `confirmation`, then the prompt.
    public var description: String {
        let asked: String
        switch kind {
        case .value(let name): asked = "value(\(name))"
        case .disambiguation(let name, let values): asked = "disambiguation(\(name): \(values.map(\.description).joined(separator: ", ")))"
        case .valueConfirmation(let name, let value): asked = "valueConfirmation(\(name): \(value))"
        case .confirmation: asked = "confirmation"
        case .choice(let options): asked = "choice(\(options.joined(separator: ", ")))"
        case .foreground(let activity, let confirm): asked = "foreground(\(activity.activityType)\(confirm ? ", confirmed" : ""))"
        }
        return prompt.map { "\(asked) \"\($0)\"" } ?? asked
    }
}
