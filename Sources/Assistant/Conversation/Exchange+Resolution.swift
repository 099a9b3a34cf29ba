import SceneIntents

extension Exchange {
    /// Resolves one parameter with the user until it succeeds; `known` is a first resolution
    /// already answered (by a `proceed` call).
    ///
    /// Words the value type could not read go to the handler's resolution with the parameter
    /// nil (`AnyIntent.unreadWords`, for that one call): an `unsupported` answer says the app's
    /// reason; `needsValue` (what a handler that does not look answers) says the default
    /// "didn't get that" line before asking again.
    mutating func resolve(_ parameter: ParameterDescriptor, startingWith known: [ParameterResolution]? = nil)
        async throws(ExchangeStop)
    {
        var accepted = Set<Int>()
        var reasks = 0
        var known = known
        // The unread words the next (or, from `proceed`, the known) resolution answers.
        var unread = intent.unreadWords.removeValue(forKey: parameter.name)
        while true {
            let results: [ParameterResolution]
            if let first = known {
                results = first.isEmpty ? [.notRequired] : first
                known = nil
            } else {
                if let unread { intent.unreadWords[parameter.name] = unread }
                results = try await resolution(of: parameter.name)
                intent.unreadWords.removeValue(forKey: parameter.name)
            }
            let answered = unread
            unread = nil
            let settled = { (index: Int) in
                accepted.contains(index) || results[index].isSettled
            }
            guard let index = results.indices.first(where: { !settled($0) }) else {
                try adopt(results, for: parameter, keeping: accepted)
                return
            }
            let result = results[index]
            reasks += 1
            guard reasks <= configuration.maxReasks else { throw .gaveUp(parameter: parameter.name) }
            let slot = parameter.flags.contains(.multiValue) ? index : nil
            switch result {
            case .needsValue:
                if answered != nil { await say(lines.didNotGetValue(parameter, examples: try await examples(for: parameter))) }
                unread = try await askAgain(for: parameter, at: slot)
            case .disambiguation(let values):
                let candidates = try await candidates(for: values, of: parameter)
                try set(parameter, at: slot, to: try await pick(from: candidates, for: parameter))
            case .confirmationRequired(let value):
                let question = lines.confirmationPrompt(parameter, value: value.displayItem.title)
                switch await ask(.confirmation(parameter: parameter.name, question: question)) {
                case .yes:
                    try set(parameter, at: slot, to: value)
                    accepted.insert(index)
                    if results.indices.allSatisfy(settled) { return }
                // A declined value cancels the request, as SiriKit does: the user said what
                // they did not want, not what they want instead.
                case .no, .cancel: throw .cancelled
                default:
                    unread = try await askAgain(for: parameter, at: slot)
                }
            case .unsupported(let reason):
                await say(lines.unsupported(parameter, reason: reason, value: answered ?? currentTitles(parameter)))
                unread = try await askAgain(for: parameter, at: slot)
            case .success, .notRequired:
                continue
            }
        }
    }

    /// Takes the successful values into the intent (a handler may have resolved to a value other
    /// than the one it was given).
    private mutating func adopt(
        _ results: [ParameterResolution], for parameter: ParameterDescriptor, keeping accepted: Set<Int>
    ) throws(ExchangeStop) {
        guard results.contains(where: { $0.successValue != nil }) else { return }
        if parameter.flags.contains(.multiValue) {
            let current = descriptor.values(of: parameter.name, in: intent) ?? []
            let values = results.enumerated().compactMap { index, result -> AnyParameterValue? in
                if let value = result.successValue { return value }
                return index < current.count && accepted.contains(index) ? current[index] : nil
            }
            try set(parameter, values: values)
        } else if let value = results[0].successValue {
            try set(parameter, values: [value])
        }
    }

    private mutating func resolution(of parameter: ParameterName) async throws(ExchangeStop) -> [ParameterResolution] {
        switch try await call(.resolve(parameter: parameter)) {
        case .resolved(let results) where !results.isEmpty: return results
        case .resolved: return [.notRequired]
        case let other: throw .refused(unexpected("resolve(\(parameter)) was answered \(other.summary)"))
        }
    }

    private func currentTitles(_ parameter: ParameterDescriptor) -> String {
        let titles = descriptor.values(of: parameter.name, in: intent)?.map(\.displayItem.title) ?? []
        return titles.joined(separator: ", ")
    }

    /// Asks for the parameter's value and takes the answer into the intent: a value is set;
    /// unread words clear the parameter and are returned, for the next resolution to see.
    private mutating func askAgain(for parameter: ParameterDescriptor, at index: Int?)
        async throws(ExchangeStop) -> String?
    {
        switch try await askValue(for: parameter, passingUnread: true) {
        case .value(let value):
            try set(parameter, at: index, to: value)
            return nil
        case .unread(let words):
            try set(parameter, values: nil)
            return words
        }
    }

    mutating func set(_ parameter: ParameterDescriptor, at index: Int?, to value: AnyParameterValue)
        throws(ExchangeStop)
    {
        guard let index else { return try set(parameter, values: [value]) }
        var values = descriptor.values(of: parameter.name, in: intent) ?? []
        if index < values.count { values[index] = value } else { values.append(value) }
        try set(parameter, values: values)
    }

    private mutating func set(_ parameter: ParameterDescriptor, values: [AnyParameterValue]?) throws(ExchangeStop) {
        guard let updated = descriptor.setting(parameter.name, to: values, in: intent) else {
            throw .refused(unexpected("a value of the wrong type for '\(parameter.name)'"))
        }
        intent = updated
    }

    // MARK: Values from the user's words

    /// Asks for a value until the words make one within the parameter's bounds (or the user
    /// cancels, or patience runs out).
    mutating func askValue(for parameter: ParameterDescriptor) async throws(ExchangeStop) -> AnyParameterValue {
        switch try await askValue(for: parameter, passingUnread: false) {
        case .value(let value): return value
        // Not reached: unread words are answered only when they are asked for.
        case .unread: throw .gaveUp(parameter: parameter.name)
        }
    }

    /// Asks for a value until the words make one, or (`passingUnread`) until the user says words
    /// the value type cannot read, for the handler's resolution to see; no words at all, and a
    /// number outside the parameter's bounds (said why), are asked for again.
    private mutating func askValue(for parameter: ParameterDescriptor, passingUnread: Bool)
        async throws(ExchangeStop) -> ValueAnswer
    {
        let question = lines.valuePrompt(parameter, cases: descriptor.enumCases(of: parameter.name))
        for _ in 0...configuration.maxReasks {
            let words: String
            switch await ask(.value(parameter: parameter.name, question: question)) {
            case .cancel: throw .cancelled
            case .text(let text): words = text
            case .pick(let number): words = String(number)
            case .yes, .no, .more: words = ""
            }
            if !words.isEmpty {
                if let value = try await value(from: words, for: parameter) {
                    guard let refusal = outOfBounds(value, of: parameter) else { return .value(value) }
                    await say(refusal)
                    continue
                }
                if passingUnread && parameter.takesUnreadWords { return .unread(words) }
            }
            await say(lines.didNotGetValue(parameter, examples: try await examples(for: parameter)))
        }
        throw .gaveUp(parameter: parameter.name)
    }

    /// A value from the user's words: the app's options searched with them when it offers any
    /// (one match is taken, and of several the one the words name whole; else they are offered
    /// to pick from), else the value type's own reading.
    private mutating func value(from words: String, for parameter: ParameterDescriptor)
        async throws(ExchangeStop) -> AnyParameterValue?
    {
        if parameter.flags.contains(.dynamicOptions) {
            var found = CandidateList(searchTerm: words)
            try await load(&found, upTo: 2, for: parameter)
            if found.items.count == 1 && !found.hasMore(after: 1) { return found.items[0] }
            // "tea" is Tea, not a question between Tea and Green Tea: the rule words said in the
            // request follow when the app resolves them.
            if case .exact(let index) = CandidateMatch(.text(words), among: found.items[...]) { return found.items[index] }
            if !found.items.isEmpty { return try await pick(from: found, for: parameter) }
        }
        return descriptor.value(for: parameter.name, spoken: words)
    }

    /// Two or three things the user could say for a parameter: an enum's first cases, or its
    /// first options when it offers any.
    private mutating func examples(for parameter: ParameterDescriptor) async throws(ExchangeStop) -> [String] {
        if let cases = descriptor.enumCases(of: parameter.name) { return cases.prefix(2).map(\.displayName) }
        guard parameter.flags.contains(.dynamicOptions) else { return [] }
        var defaults = CandidateList(searchTerm: nil)
        try await load(&defaults, upTo: 2, for: parameter)
        return defaults.items.prefix(2).map(\.displayItem.title)
    }
}

/// What the user's words at a value prompt made.
enum ValueAnswer {
    /// A value of the parameter's type: read from the words, or picked among the app's options.
    case value(AnyParameterValue)
    /// Words the value type cannot read, for the handler's resolution to see.
    case unread(String)
}

extension ParameterDescriptor {
    /// Whether words its value type cannot read go to its resolution: a resolvable single-value
    /// parameter (a multi-value one resolves each item, and unread words belong to none).
    var takesUnreadWords: Bool { flags.contains(.resolvable) && !flags.contains(.multiValue) }
}
