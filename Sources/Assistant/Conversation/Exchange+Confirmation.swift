import SceneIntents

extension Exchange {
    /// The exchange of an intent that requires the user's confirmation (`IntentRequirements`):
    /// each parameter resolved with the user, then the app's confirm; when the app is ready, the
    /// user is asked, and only a "yes" reaches `handle`.
    ///
    /// Not one `proceed` visit: the app would go on from confirm to handle in it, before the user
    /// could say no. The system asks here, whatever the app's own schema says.
    mutating func converseConfirming(_ confirmation: IntentConfirmation) async throws(ExchangeStop) -> Conclusion {
        for parameter in descriptor.resolvableParameters { try await resolve(parameter) }
        let readiness = try await response(of: .confirm)
        guard readiness.code == .ready else { return await conclude(with: readiness) }
        try await askToGoAhead(confirmation)
        return await conclude(with: try await response(of: .handle))
    }

    /// The response a confirm or handle call answers; a question it asks first is answered, the
    /// parameters from the one asked about resolved again, and the phase called again.
    private mutating func response(of phase: PhaseCall.Phase) async throws(ExchangeStop) -> IntentResponse {
        while true {
            switch try await call(phase) {
            case .response(let response): return response
            case .asks(let question):
                for parameter in try await answer(question) { try await resolve(parameter) }
            case let other: throw .refused(unexpected("\(phase) was answered \(other.summary)"))
            }
        }
    }

    /// Asks the intent's confirmation until the user says yes or no (see `askUntilYes`).
    mutating func askToGoAhead(_ confirmation: IntentConfirmation) async throws(ExchangeStop) {
        let question = lines.intentConfirmationPrompt(confirmation) { parameterTitles() }
        try await askUntilYes(.intentConfirmation(intent: descriptor.typeName, question: question))
    }

    /// Asks `prompt`, a yes-or-no question, until the user says yes (it returns) or no (the
    /// request is cancelled); any other answer asks again, until patience runs out (cancelled
    /// too: nothing is done that the user did not agree to).
    mutating func askUntilYes(_ prompt: Prompt) async throws(ExchangeStop) {
        for _ in 0...configuration.maxReasks {
            switch await ask(prompt) {
            case .yes: return
            case .no, .cancel: throw .cancelled
            case .text, .pick, .more: continue
            }
        }
        throw .cancelled
    }

    /// Each parameter's value as said in a prompt: its title (a multi-value one's titles,
    /// joined), or nothing when it has none.
    private func parameterTitles() -> [String: String] {
        var titles: [String: String] = [:]
        for parameter in descriptor.parameters {
            let values = descriptor.values(of: parameter.name, in: intent) ?? []
            titles[parameter.name.rawValue] = Dialog.list(values.map(\.displayItem.title), conjunction: "and")
        }
        return titles
    }
}
