import SceneIntents
import Synchronization

// What `perform()` may ask the user, as App Intents lets it: each request throws the engine's
// `IntentQuestion`; the assistant asks, and `perform()` runs again with the answer in the
// parameter, on the same request. In that run the same request (the same kind, on the same
// parameter, at the same point of the run) answers at once: `requestValue()` the value the
// user gave, `requestConfirmation()` its yes. A "no" cancels the request.

extension IntentParameter {
    /// Asks the user for a value of this parameter (`dialog`, else its `requestValueDialog`) and
    /// answers it.
    public func requestValue(_ dialog: IntentDialog? = nil) async throws -> Value.UnwrappedType {
        let run = try PerformRun.required("requestValue()")
        if run.answered("value \(name)"), let value = state.withLock({ $0.value }), let unwrapped = value as? Value.UnwrappedType {
            return unwrapped
        }
        throw needsValueError(dialog)
    }

    /// The error to throw when the parameter needs a (new) value: the assistant asks for one
    /// and `perform()` runs again with it.
    public func needsValueError(_ dialog: IntentDialog? = nil) -> some Error {
        IntentQuestion(.value(parameter: ParameterName(name)), prompt: (dialog ?? requestValueDialog)?.description)
    }

    /// Asks the user to pick one of `values` (offered a page at a time with their titles,
    /// subtitles and images) and answers the pick; the pick becomes the parameter's value.
    public func requestDisambiguation(among values: [Value.ValueType], dialog: IntentDialog? = nil) async throws
        -> Value.ValueType
    {
        let run = try PerformRun.required("requestDisambiguation(among:dialog:)")
        if run.answered("pick \(name)"), let picked = state.withLock({ $0.value })?._elements?.first { return picked }
        throw needsDisambiguationError(among: values, dialog: dialog)
    }

    /// The error to throw when the user must pick one of `values`: the assistant offers them
    /// and `perform()` runs again with the pick in the parameter.
    public func needsDisambiguationError(among values: [Value.ValueType], dialog: IntentDialog? = nil) -> some Error {
        IntentQuestion(
            .disambiguation(parameter: ParameterName(name), among: values.map { AnyParameterValue($0._engineValue) }),
            prompt: (dialog ?? requestDisambiguationDialog)?.description)
    }

    /// Asks the user to confirm `value` for this parameter: true once they say yes (a no
    /// cancels the request); the value becomes the parameter's.
    public func requestConfirmation(for value: Value.ValueType, dialog: IntentDialog? = nil) async throws -> Bool {
        let run = try PerformRun.required("requestConfirmation(for:dialog:)")
        if run.answered("confirm \(name)") { return true }
        throw IntentQuestion(
            .valueConfirmation(parameter: ParameterName(name), value: AnyParameterValue(value._engineValue)),
            prompt: dialog?.description)
    }
}

extension AppIntent {
    /// Asks the user whether to go ahead ("Do you want <app> to go ahead?"): returns on yes, a
    /// no cancels the request.
    public func requestConfirmation() async throws {
        try await confirm(prompt: nil)
    }

    /// Asks the user whether to go ahead with `dialog`.
    public func requestConfirmation(
        conditions: ConfirmationConditions = [], actionName: ConfirmationActionName = .continue, dialog: IntentDialog
    ) async throws {
        try await confirm(prompt: dialog.description)
    }

    /// Asks the user whether to go ahead, with the dialog of `result` when it has one.
    public func requestConfirmation<Result: IntentResult>(
        result: Result, confirmationActionName: ConfirmationActionName = .continue, showPrompt: Bool = true
    ) async throws {
        try await confirm(prompt: (result as? any ResultParts)?.spokenDialog)
    }

    private func confirm(prompt: String?) async throws {
        let run = try PerformRun.required("requestConfirmation()")
        if run.answered("confirmation") { return }
        throw IntentQuestion(.confirmation, prompt: prompt)
    }
}

/// Which conditions a confirmation applies under (kept; the assistant always asks).
public struct ConfirmationConditions: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: Int
    /// Conditions from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
}

/// The verb a confirmation's button says (kept; the assistant asks yes or no).
public struct ConfirmationActionName: Sendable, Hashable {
    /// The verb.
    public let name: String

    /// "Continue".
    public static let `continue` = ConfirmationActionName(name: "continue")
    /// "Go".
    public static let go = ConfirmationActionName(name: "go")
    /// "Add".
    public static let add = ConfirmationActionName(name: "add")
    /// "Do".
    public static let `do` = ConfirmationActionName(name: "do")
    /// "Order".
    public static let order = ConfirmationActionName(name: "order")
    /// "Send".
    public static let send = ConfirmationActionName(name: "send")
    /// "Set".
    public static let set = ConfirmationActionName(name: "set")
    /// "Start".
    public static let start = ConfirmationActionName(name: "start")
    /// "Save".
    public static let save = ConfirmationActionName(name: "save")
}

/// One run of a request's `perform()`: which of its questions come next, against those the
/// request asked in earlier runs (kept by the request's runner).
final class PerformRun: Sendable {
    /// The run `perform()` is in, on this task.
    @TaskLocal static var current: PerformRun?

    private let asked: Mutex<[String]>
    private let position = Mutex(0)
    private let ledger: QuestionLedger
    private let forward = Mutex(false)
    /// The run's progress, once `ProgressReportingIntent.progress` asked for it.
    let reporting = Mutex<Progress?>(nil)

    init(ledger: QuestionLedger) {
        self.ledger = ledger
        asked = Mutex(ledger.questions)
    }

    /// The run, or an error naming `request` when it is made outside a request.
    static func required(_ request: String) throws -> PerformRun {
        guard let current else { throw OutsideRequest(request: request) }
        return current
    }

    /// Whether the app has come forward in this run (`continueInForeground`).
    var cameForward: Bool { forward.withLock { $0 } }

    /// Notes that the app is forward from here on in this run.
    func markForward() { forward.withLock { $0 = true } }

    /// Whether the next question, `key`, is one an earlier run asked at this point (then the
    /// user answered it: the request goes on only after an answer); else it is noted as asked.
    func answered(_ key: String) -> Bool {
        let index = position.withLock { position in
            defer { position += 1 }
            return position
        }
        let known = asked.withLock { $0.indices.contains(index) && $0[index] == key }
        if !known { ledger.note(key, at: index) }
        return known
    }
}

/// The questions one request's runs asked, in order.
final class QuestionLedger: Sendable {
    private let state = Mutex<[String]>([])

    /// The questions asked so far.
    var questions: [String] { state.withLock { $0 } }

    /// Notes `key` asked at `index` (the questions after it are forgotten: the run went another way).
    func note(_ key: String, at index: Int) {
        state.withLock { questions in
            questions.removeSubrange(min(index, questions.count)...)
            questions.append(key)
        }
    }
}

/// A request of `perform()` (`requestValue()`, …) made outside a request of the assistant.
struct OutsideRequest: Error, CustomStringConvertible {
    /// The request made.
    let request: String
    var description: String { "\(request) was called outside a request: only perform(), run by the assistant, can ask the user" }
}
