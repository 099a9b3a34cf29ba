import SceneIntents

/// Every line the assistant says by default, in one place: what a user hears when the app gives
/// no dialog of its own. Each is a sentence; the developer's reasons (type names, manifest keys)
/// go to the trace, not here.
enum Dialog {
    // MARK: Refusals and ends

    /// What the user hears when an intent is refused before or by the app.
    static func refusal(_ error: IntentHostError, appName: String) -> String {
        switch error.code {
        case .unknownIntent: "Sorry, I don't know how to do that."
        case .notInManifest: "Sorry, \(appName) doesn't support that."
        case .multipleScenesRequired: "Sorry, \(appName) isn't set up to do that."
        case .restrictedWhileLocked: "You'll need to unlock your device first."
        case .notHandled: "Sorry, \(appName) can't do that right now."
        case .hostStopped: "Sorry, \(appName) stopped unexpectedly."
        // The developer's reason (type names, the handler's error) is in the trace, not in the
        // user's ears.
        default: "Sorry, \(appName) couldn't do that."
        }
    }

    /// A phase ran out of time.
    static func timedOut(appName: String, step: String, budget: Duration) -> String {
        let unit = budget == .seconds(1) ? "second" : "seconds"
        return "Sorry, \(appName) didn't respond in time: the \(step) step took longer than "
            + "\(DurationFormat.seconds(budget)) \(unit)."
    }

    /// The user (or the caller) cancelled.
    static let cancelled = "OK, cancelled."

    /// Patience ran out on one parameter.
    static func gaveUp(on parameter: ParameterName) -> String {
        "Sorry, I'm having trouble with the \(parameter). Let's try again later."
    }

    /// The app could not be brought forward, or its scene could not continue the activity.
    static func couldNotOpen(_ appName: String, reason: String) -> String {
        sentence("Sorry, I couldn't open \(appName): \(reason)")
    }

    /// What the user hears for a response with no dialog of its own.
    static func response(_ code: ResponseCode, isSuccess: Bool, appName: String) -> String {
        switch code {
        case .success: "Done."
        case .continueInApp: "Opening \(appName)."
        case .inProgress: "\(appName) is working on it."
        case .failureRequiringAppLaunch: "You'll need to continue in \(appName)."
        default: isSuccess ? "Done." : "Sorry, \(appName) couldn't do that."
        }
    }

    // MARK: Understanding the request

    /// Asked when an utterance matched several phrases.
    static let whichDidYouMean = "Did you mean:"
    /// Said when the user's choice among interpretations was not one of them.
    static let stillDidNotUnderstand = "Sorry, I still didn't understand."

    /// Nothing matched: always with things to say.
    static func didNotUnderstand(suggestions: [String]) -> String {
        let quoted = suggestions.map { "\"\($0)\"" }
        guard !quoted.isEmpty else { return "Sorry, I didn't understand." }
        return "Sorry, I didn't understand. You can say: \(list(quoted, conjunction: "or"))."
    }

    // MARK: Parameters

    /// Asked when a parameter needs a value: its intent's prompt, else a generic one; for an enum
    /// the cases follow ("Water, coffee, tea, juice, soda or milk?"), alone when the intent gives
    /// no prompt.
    static func valuePrompt(_ parameter: ParameterDescriptor, cases: [EnumCase]? = nil) -> String {
        guard let cases, !cases.isEmpty else { return parameter.prompts.value ?? "What \(parameter.name)?" }
        let names = cases.enumerated().map { index, value in index == 0 ? value.displayName : inSentence(value.displayName) }
        let offer = list(names, conjunction: "or") + "?"
        return parameter.prompts.value.map { "\($0) \(offer)" } ?? offer
    }

    /// The template asking to confirm a parameter's value.
    static func confirmationPrompt(_ parameter: ParameterDescriptor) -> String {
        parameter.prompts.confirmation ?? "Just to confirm, you wanted ${\(parameter.name)}?"
    }

    /// Said when a value is unsupported and the intent gives no line for the reason.
    static func unsupported(_ parameter: ParameterDescriptor, reason: String?) -> String {
        parameter.prompts.unsupported[reason ?? ""] ?? parameter.prompts.unsupported[""]
            ?? "Sorry, that \(parameter.name) isn't supported."
    }

    /// The words given at a value prompt made no value: with things to say.
    static func didNotGetValue(_ parameter: ParameterDescriptor, examples: [String]) -> String {
        let named = examples.prefix(2).map { "\"\($0)\"" }
        let things = (named.isEmpty ? ["a \(parameter.name)"] : named) + ["\"cancel\""]
        return "Sorry, I didn't get that. You can say \(list(things, conjunction: "or"))."
    }

    // MARK: Picking

    /// The introduction of a list of candidates.
    static func pickIntroduction(_ parameter: ParameterDescriptor) -> String {
        parameter.prompts.disambiguationIntroduction ?? "Which \(parameter.name)?"
    }

    /// The heading of candidates the app's options do not list.
    static let othersHeading = "Others"

    /// The last line of a page that has more after it.
    static let sayMore = "Say \"more\" for more."

    /// "more" at the end of the list: it starts again.
    static let allOfThem = "That's all of them. Here they are again from the start."

    /// A number that is not on the list.
    static func outOfRange(_ number: Int, last: Int) -> String {
        "There's no number \(number) on the list. Say a number from 1 to \(last), or \"more\"."
    }

    /// Words that name none of the candidates: with things to say.
    static func notOneOfThem(last: Int, example: String?) -> String {
        let things = ["a number from 1 to \(last)"] + (example.map { ["a name such as \"\($0)\""] } ?? [])
            + ["\"more\""]
        return "Sorry, that isn't one of them. You can say \(list(things, conjunction: "or"))."
    }

    /// Words that name several of the candidates.
    static func several(_ words: String, numbers: [Int]) -> String {
        "\"\(words)\" matches \(list(numbers.map(String.init), conjunction: "and")). Say the number."
    }

    // MARK: Helpers

    /// The line ending in a full stop unless it already ends a sentence.
    static func sentence(_ line: String) -> String {
        guard let last = line.last else { return line }
        return ".?!:\"".contains(last) ? line : line + "."
    }

    /// A name as it reads inside a sentence: its first letter lowercased, unless the name starts
    /// with an acronym ("Coffee" → "coffee", "H2O" and "TV show" stay).
    static func inSentence(_ name: String) -> String {
        guard let first = name.first, first.isUppercase else { return name }
        let second = name.dropFirst().first
        if let second, second.isUppercase || second.isNumber { return name }
        return first.lowercased() + name.dropFirst()
    }

    /// "a", "a or b", "a, b or c".
    static func list(_ items: [String], conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
}
