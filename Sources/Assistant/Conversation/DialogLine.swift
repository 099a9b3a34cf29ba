/// One line the assistant says when the app gives no dialog of its own.
///
/// Each line has a default template (``defaultTemplate``) and the `${slot}`s a template for it
/// may use (``slots``); every line may use `${app}`, the app's name. An app replaces lines with a
/// ``DialogTable`` given in ``AssistantConfiguration/dialogs``. The app's own prompts and
/// response dialogs (from its intent schema) are said instead of these whenever it gives them.
public enum DialogLine: String, Sendable, Hashable, CaseIterable, Codable {
    // Refusals and ends.

    /// An intent the app does not define.
    case unknownIntent
    /// An intent the app's manifest does not list.
    case notInManifest
    /// An intent that needs a multi-scene app.
    case multipleScenesRequired
    /// An intent restricted while the device is locked.
    case restrictedWhileLocked
    /// No handler answered for the intent.
    case notHandled
    /// The app's process stopped during the request.
    case hostStopped
    /// Any other refusal or failure with no dialog of the app's.
    case couldNotDo
    /// A phase ran out of time: `${step}` names it, `${duration}` is its budget ("10 seconds").
    case timedOut
    /// The user or the caller cancelled.
    case cancelled
    /// Patience ran out on `${parameter}`.
    case gaveUp
    /// The app could not be opened; `${reason}` says why.
    case couldNotOpen
    /// A success with no dialog of the app's.
    case done
    /// A response that continues in the app.
    case openingApp
    /// A response that says the app is still working.
    case working
    /// A failure the user must continue in the app.
    case continueInApp

    // Understanding the request.

    /// Asked before the interpretations of an ambiguous utterance.
    case whichDidYouMean
    /// Asked before a choice's options when the app gave no words of its own
    /// (`requestChoice(between:)` without a dialog).
    case whichOne
    /// The user's choice among interpretations was not one of them.
    case stillDidNotUnderstand
    /// Nothing matched and the vocabulary has nothing to suggest.
    case didNotUnderstand
    /// Nothing matched: `${suggestions}` lists things to say ("\"log a drink\" or \"…\"").
    case didNotUnderstandSuggesting

    // Parameters.

    /// Asks for a value of `${parameter}` when its intent gives no prompt (and it is no enum).
    case valuePrompt
    /// Asks to confirm `${value}` when the intent gives no confirmation prompt.
    case confirmationPrompt
    /// A value the handler refused, when the intent gives no line for the reason.
    case unsupported
    /// A number outside the parameter's bounds, when the intent gives no line for it:
    /// `${bounds}` says them ("at least 1", "at most 128", "from 1 to 128").
    case outOfBounds
    /// Words that make no value of `${parameter}`: `${examples}` lists things to say.
    case didNotGetValue
    /// Asks the user to confirm the whole request before it is handled, when the intent
    /// requires a confirmation and gives no prompt of its own.
    case intentConfirmationPrompt
    /// Asks the user before the app comes forward in the middle of a request
    /// (`continueInForeground` confirming), when the app gives no words of its own.
    case continueInForegroundPrompt

    // Picking.

    /// Introduces candidates when the intent gives no introduction.
    case pickIntroduction
    /// Heads candidates the app's options do not list.
    case othersHeading
    /// Ends a page that has more after it.
    case sayMore
    /// "more" at the end of the list: it starts again.
    case allOfThem
    /// `${number}` is not on the list of `${last}` read so far.
    case outOfRange
    /// `${number}` is on the list but not read yet (`${last}` were).
    case notReadYet
    /// Words that name no candidate: `${choices}` lists things to say.
    case notOneOfThem
    /// `${words}` name several candidates, `${numbers}`.
    case several

    /// The slots a template for this line may use, `app` first.
    public var slots: [String] { ["app"] + ownSlots }

    private var ownSlots: [String] {
        switch self {
        case .timedOut: ["step", "duration"]
        case .gaveUp, .valuePrompt, .pickIntroduction: ["parameter"]
        case .couldNotOpen: ["reason"]
        case .didNotUnderstandSuggesting: ["suggestions"]
        case .confirmationPrompt, .unsupported: ["parameter", "value"]
        case .didNotGetValue: ["parameter", "examples"]
        case .outOfBounds: ["parameter", "value", "bounds"]
        case .outOfRange, .notReadYet: ["number", "last"]
        case .notOneOfThem: ["last", "choices"]
        case .several: ["words", "numbers"]
        case .unknownIntent, .notInManifest, .multipleScenesRequired, .restrictedWhileLocked, .notHandled,
            .hostStopped, .couldNotDo, .cancelled, .done, .openingApp, .working, .continueInApp, .whichDidYouMean, .whichOne,
            .stillDidNotUnderstand, .didNotUnderstand, .othersHeading, .sayMore, .allOfThem, .intentConfirmationPrompt,
            .continueInForegroundPrompt:
            []
        }
    }

    /// The line as the assistant says it unless an app replaces it: the one table of defaults.
    public var defaultTemplate: String {
        switch self {
        case .unknownIntent: "Sorry, I don't know how to do that."
        case .notInManifest: "Sorry, ${app} doesn't support that."
        case .multipleScenesRequired: "Sorry, ${app} isn't set up to do that."
        case .restrictedWhileLocked: "You'll need to unlock your device first."
        case .notHandled: "Sorry, ${app} can't do that right now."
        case .hostStopped: "Sorry, ${app} stopped unexpectedly."
        case .couldNotDo: "Sorry, ${app} couldn't do that."
        case .timedOut: "Sorry, ${app} didn't respond in time: the ${step} step took longer than ${duration}."
        case .cancelled: "OK, cancelled."
        case .gaveUp: "Sorry, I'm having trouble with the ${parameter}. Let's try again later."
        case .couldNotOpen: "Sorry, I couldn't open ${app}: ${reason}"
        case .done: "Done."
        case .openingApp: "Opening ${app}."
        case .working: "${app} is working on it."
        case .continueInApp: "You'll need to continue in ${app}."
        case .whichDidYouMean: "Did you mean:"
        case .whichOne: "Which one?"
        case .stillDidNotUnderstand: "Sorry, I still didn't understand."
        case .didNotUnderstand: "Sorry, I didn't understand."
        case .didNotUnderstandSuggesting: "Sorry, I didn't understand. You can say: ${suggestions}."
        case .valuePrompt: "What ${parameter}?"
        case .confirmationPrompt: "Just to confirm, you wanted ${value}?"
        case .unsupported: "Sorry, that ${parameter} isn't supported."
        case .didNotGetValue: "Sorry, I didn't get that. You can say ${examples}."
        case .outOfBounds: "Sorry, the ${parameter} must be ${bounds}."
        case .intentConfirmationPrompt: "Do you want ${app} to go ahead?"
        case .continueInForegroundPrompt: "Continue in ${app}?"
        case .pickIntroduction: "Which ${parameter}?"
        case .othersHeading: "Others"
        case .sayMore: "Say \"more\" for more."
        case .allOfThem: "That's all of them. Here they are again from the start."
        case .outOfRange: "There's no number ${number} on the list. Say a number from 1 to ${last}, or \"more\"."
        case .notReadYet: "I haven't read number ${number} yet. Say a number from 1 to ${last}, or \"more\" to hear more."
        case .notOneOfThem: "Sorry, that isn't one of them. You can say ${choices}."
        case .several: "\"${words}\" matches ${numbers}. Say the number."
        }
    }
}
