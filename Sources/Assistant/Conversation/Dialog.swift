import SceneIntents

/// Every line the assistant says by default, composed in one place from the app's
/// ``DialogTable`` (the defaults, with the app's replacements): what a user hears when the app
/// gives no dialog of its own. Each is a sentence; the developer's reasons (type names, manifest
/// keys) go to the trace, not here.
struct Dialog {
    /// The templates.
    let table: DialogTable
    /// The app's name, for `${app}`.
    let appName: String

    /// The line with `${app}` and the line's own slots filled.
    private func line(_ line: DialogLine, _ values: [String: String] = [:]) -> String {
        table.render(line) {
            var all = values
            all["app"] = appName
            return all
        }
    }

    // MARK: Refusals and ends

    /// What the user hears when an intent is refused before or by the app.
    func refusal(_ error: IntentHostError) -> String {
        switch error.code {
        case .unknownIntent: line(.unknownIntent)
        case .notInManifest: line(.notInManifest)
        case .multipleScenesRequired: line(.multipleScenesRequired)
        case .restrictedWhileLocked: line(.restrictedWhileLocked)
        case .notHandled: line(.notHandled)
        case .hostStopped: line(.hostStopped)
        // What is missing is the user's to fix (an executable not installed): it is named.
        case .hostNotStarted: couldNotOpen(reason: error.detail ?? "its process could not be started")
        // The developer's reason (type names, the handler's error) is in the trace, not in the
        // user's ears.
        default: line(.couldNotDo)
        }
    }

    /// A phase ran out of time.
    func timedOut(step: String, budget: Duration) -> String {
        let unit = budget == .seconds(1) ? "second" : "seconds"
        return line(.timedOut, ["step": step, "duration": "\(DurationFormat.seconds(budget)) \(unit)"])
    }

    /// The user (or the caller) cancelled.
    var cancelled: String { line(.cancelled) }

    /// Patience ran out on one parameter.
    func gaveUp(on parameter: ParameterName) -> String { line(.gaveUp, ["parameter": parameter.rawValue]) }

    /// The app could not be brought forward, or its scene could not continue the activity.
    func couldNotOpen(reason: String) -> String { Self.sentence(line(.couldNotOpen, ["reason": reason])) }

    /// What the user hears for a response with no dialog of its own.
    func response(_ code: ResponseCode, isSuccess: Bool) -> String {
        switch code {
        case .success: line(.done)
        case .continueInApp: line(.openingApp)
        case .inProgress: line(.working)
        case .failureRequiringAppLaunch: line(.continueInApp)
        default: isSuccess ? line(.done) : line(.couldNotDo)
        }
    }

    // MARK: Understanding the request

    /// Asked when an utterance matched several phrases.
    var whichDidYouMean: String { line(.whichDidYouMean) }
    /// Asked before a choice's options the app gave no words for.
    var whichOne: String { line(.whichOne) }
    /// Asked before the app comes forward in the middle of a request, with no words of its own.
    var continueInForegroundPrompt: String { line(.continueInForegroundPrompt) }
    /// Said when the user's choice among interpretations was not one of them.
    var stillDidNotUnderstand: String { line(.stillDidNotUnderstand) }

    /// Nothing matched: with things to say when the vocabulary has any.
    func didNotUnderstand(suggestions: [String]) -> String {
        let quoted = suggestions.map { "\"\($0)\"" }
        guard !quoted.isEmpty else { return line(.didNotUnderstand) }
        return line(.didNotUnderstandSuggesting, ["suggestions": Self.list(quoted, conjunction: "or")])
    }

    // MARK: Parameters

    /// Asked when a parameter needs a value: its intent's prompt, else a generic one; for an enum
    /// the cases follow ("Water, coffee, tea, juice, soda or milk?"), alone when the intent gives
    /// no prompt.
    func valuePrompt(_ parameter: ParameterDescriptor, cases: [EnumCase]? = nil) -> String {
        guard let cases, !cases.isEmpty else {
            return parameter.prompts.value ?? line(.valuePrompt, ["parameter": parameter.name.rawValue])
        }
        let names = cases.enumerated().map { index, value in
            index == 0 ? value.displayName : Self.inSentence(value.displayName)
        }
        let offer = Self.list(names, conjunction: "or") + "?"
        return parameter.prompts.value.map { "\($0) \(offer)" } ?? offer
    }

    /// The question confirming `value`: the intent's template (its `${parameter}` slot names the
    /// value), else the default line.
    func confirmationPrompt(_ parameter: ParameterDescriptor, value: String) -> String {
        let name = parameter.name.rawValue
        guard let prompt = parameter.prompts.confirmation else {
            return line(.confirmationPrompt, ["parameter": name, "value": value])
        }
        return Template(prompt).render([name: value])
    }

    /// The question confirming the whole request before it is handled: the intent's prompt with
    /// its parameters' values (`values` is only called for a prompt of the intent's), else the
    /// default line.
    func intentConfirmationPrompt(_ confirmation: IntentConfirmation, values: () -> [String: String]) -> String {
        guard let prompt = confirmation.prompt else { return line(.intentConfirmationPrompt) }
        return Template(prompt).render(values())
    }

    /// Said when `number` is outside the parameter's bounds: the intent's line for the reason
    /// Xcode gives it (`greaterThanMaximumValue`; `lessThanMinimumValue`, or first
    /// `negativeNumbersNotSupported` for a negative number), rendered with `${minimumValue}` and
    /// `${maximumValue}`; else the default line naming the bounds.
    func outOfBounds(_ parameter: ParameterDescriptor, number: Double, value: String) -> String {
        let name = parameter.name.rawValue
        let (minimum, maximum) = (parameter.minimumValue.map(Self.number), parameter.maximumValue.map(Self.number))
        let reasons =
            if let top = parameter.maximumValue, number > top { ["greaterThanMaximumValue"] } else if number < 0 {
                ["negativeNumbersNotSupported", "lessThanMinimumValue"]
            } else {
                ["lessThanMinimumValue"]
            }
        if let own = reasons.lazy.compactMap({ parameter.prompts.unsupported[$0] }).first {
            var values = [name: value]
            values["minimumValue"] = minimum
            values["maximumValue"] = maximum
            return Template(own).render(values)
        }
        let bounds =
            switch (minimum, maximum) {
            case (let minimum?, let maximum?): "from \(minimum) to \(maximum)"
            case (let minimum?, nil): "at least \(minimum)"
            case (nil, let maximum?): "at most \(maximum)"
            case (nil, nil): "a number it accepts"
            }
        return line(.outOfBounds, ["parameter": name, "value": value, "bounds": bounds])
    }

    /// A bound as said: a whole number without a decimal point ("128", "0.5").
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Said when a value is unsupported: the intent's line for the reason (else its default
    /// line), rendered with the parameter's current value; else the default line.
    func unsupported(_ parameter: ParameterDescriptor, reason: String?, value: String) -> String {
        let name = parameter.name.rawValue
        guard let own = parameter.prompts.unsupported[reason ?? ""] ?? parameter.prompts.unsupported[""] else {
            return line(.unsupported, ["parameter": name, "value": value])
        }
        return Template(own).render([name: value])
    }

    /// The words given for a parameter made no value: with things to say.
    func didNotGetValue(_ parameter: ParameterDescriptor, examples: [String]) -> String {
        let named = examples.prefix(2).map { "\"\($0)\"" }
        let things = (named.isEmpty ? [Self.anyValue(of: parameter)] : named) + ["\"cancel\""]
        return line(.didNotGetValue, ["parameter": parameter.name.rawValue, "examples": Self.list(things, conjunction: "or")])
    }

    /// What to say for a parameter with nothing to list: "a number" for a numeric type, "yes"
    /// or "no" for a Boolean, else its name with an article ("an amount", "a city").
    static func anyValue(of parameter: ParameterDescriptor) -> String {
        switch parameter.valueTypeName {
        case "Int", "Int64", "Int32", "Double", "Float", "Decimal": return "a number"
        case "Bool": return "\"yes\" or \"no\""
        default:
            let name = parameter.name.rawValue
            return ("aeiou".contains(name.first?.lowercased() ?? "") ? "an " : "a ") + name
        }
    }

    // MARK: Picking

    /// The introduction of a list of candidates.
    func pickIntroduction(_ parameter: ParameterDescriptor) -> String {
        parameter.prompts.disambiguationIntroduction ?? line(.pickIntroduction, ["parameter": parameter.name.rawValue])
    }

    /// The heading of candidates the app's options do not list.
    var othersHeading: String { line(.othersHeading) }

    /// The last line of a page that has more after it.
    var sayMore: String { line(.sayMore) }

    /// "more" at the end of the list: it starts again.
    var allOfThem: String { line(.allOfThem) }

    /// A number that is not on the list.
    func outOfRange(_ number: Int, last: Int) -> String {
        line(.outOfRange, ["number": String(number), "last": String(last)])
    }

    /// A number on the list, further on than what was read.
    func notReadYet(_ number: Int, last: Int) -> String {
        line(.notReadYet, ["number": String(number), "last": String(last)])
    }

    /// Words that name none of the candidates: with things to say.
    func notOneOfThem(last: Int, example: String?) -> String {
        let things = ["a number from 1 to \(last)"] + (example.map { ["a name such as \"\($0)\""] } ?? [])
            + ["\"more\""]
        return line(.notOneOfThem, ["last": String(last), "choices": Self.list(things, conjunction: "or")])
    }

    /// Words that name several of the candidates.
    func several(_ words: String, numbers: [Int]) -> String {
        line(.several, ["words": words, "numbers": Self.list(numbers.map(String.init), conjunction: "and")])
    }

    // MARK: Helpers

    /// The line ending in a full stop unless it already ends a sentence.
    static func sentence(_ line: String) -> String {
        // Read as a byte: every ending that counts is ASCII, and a character copied out of the
        // string and compared with each of them was a dozen retains per line.
        guard let last = line.utf8.last else { return line }
        switch last {
        case UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: ":"), UInt8(ascii: "\""): return line
        default: return line + "."
        }
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

extension Exchange {
    /// The default lines, as this app says them.
    var lines: Dialog { Dialog(table: configuration.dialogs, appName: appName) }
}
