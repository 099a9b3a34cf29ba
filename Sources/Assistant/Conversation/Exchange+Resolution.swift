import SceneIntents

extension Exchange {
    /// Resolves one parameter with the user until it succeeds; `known` is a first resolution
    /// already answered (by a `proceed` call).
    mutating func resolve(_ parameter: ParameterDescriptor, startingWith known: [ParameterResolution]? = nil)
        async throws(ExchangeStop)
    {
        var accepted = Set<Int>()
        var reasks = 0
        var known = known
        while true {
            let results: [ParameterResolution]
            if let first = known {
                results = first.isEmpty ? [.notRequired] : first
                known = nil
            } else {
                results = try await resolution(of: parameter.name)
            }
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
                try set(parameter, at: slot, to: try await askValue(for: parameter))
            case .disambiguation(let values):
                let candidates = try await candidates(for: values, of: parameter)
                try set(parameter, at: slot, to: try await pick(from: candidates, for: parameter))
            case .confirmationRequired(let value):
                let question = Template(Dialog.confirmationPrompt(parameter))
                    .render([parameter.name.rawValue: value.displayItem.title])
                switch await ask(.confirmation(parameter: parameter.name, question: question)) {
                case .yes:
                    try set(parameter, at: slot, to: value)
                    accepted.insert(index)
                    if results.indices.allSatisfy(settled) { return }
                case .cancel: throw .cancelled
                default:
                    try set(parameter, at: slot, to: try await askValue(for: parameter))
                }
            case .unsupported(let reason):
                await say(Template(Dialog.unsupported(parameter, reason: reason)).render(currentTitles(parameter)))
                try set(parameter, at: slot, to: try await askValue(for: parameter))
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

    private func currentTitles(_ parameter: ParameterDescriptor) -> [String: String] {
        let titles = descriptor.values(of: parameter.name, in: intent)?.map(\.displayItem.title) ?? []
        return [parameter.name.rawValue: titles.joined(separator: ", ")]
    }

    private mutating func set(_ parameter: ParameterDescriptor, at index: Int?, to value: AnyParameterValue)
        throws(ExchangeStop)
    {
        guard let index else { return try set(parameter, values: [value]) }
        var values = descriptor.values(of: parameter.name, in: intent) ?? []
        if index < values.count { values[index] = value } else { values.append(value) }
        try set(parameter, values: values)
    }

    private mutating func set(_ parameter: ParameterDescriptor, values: [AnyParameterValue]) throws(ExchangeStop) {
        guard let updated = descriptor.setting(parameter.name, to: values, in: intent) else {
            throw .refused(unexpected("a value of the wrong type for '\(parameter.name)'"))
        }
        intent = updated
    }

    // MARK: Values from the user's words

    /// Asks for a value until the words make one (or the user cancels, or patience runs out).
    mutating func askValue(for parameter: ParameterDescriptor) async throws(ExchangeStop) -> AnyParameterValue {
        let question = Dialog.valuePrompt(parameter, cases: descriptor.enumCases(of: parameter.name))
        for _ in 0...configuration.maxReasks {
            let words: String
            switch await ask(.value(parameter: parameter.name, question: question)) {
            case .cancel: throw .cancelled
            case .text(let text): words = text
            case .pick(let number): words = String(number)
            case .yes, .no, .more: words = ""
            }
            if !words.isEmpty, let value = try await value(from: words, for: parameter) { return value }
            await say(Dialog.didNotGetValue(parameter, examples: try await examples(for: parameter)))
        }
        throw .gaveUp(parameter: parameter.name)
    }

    /// A value from the user's words: the app's options searched with them when it offers any
    /// (one match is taken, several are offered to pick from), else the value type's own reading.
    private mutating func value(from words: String, for parameter: ParameterDescriptor)
        async throws(ExchangeStop) -> AnyParameterValue?
    {
        if parameter.flags.contains(.dynamicOptions) {
            var found = CandidateList(searchTerm: words)
            try await load(&found, upTo: 2, for: parameter)
            if found.items.count == 1 && !found.hasMore(after: 1) { return found.items[0] }
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
