import SceneIntents

extension Exchange {
    /// Asks the user what a confirm or handle asked (`IntentQuestion`) and takes the answer into
    /// the intent. Answers the resolvable parameters to resolve again before confirm and handle
    /// run again: the one asked about and those after it (none after a confirmation).
    ///
    /// A "no" to a confirmation cancels the request; a request that asks more than `maxReasks`
    /// questions is given up.
    mutating func answer(_ question: IntentQuestion) async throws(ExchangeStop) -> ArraySlice<ParameterDescriptor> {
        questionsAnswered += 1
        guard let name = question.parameter else {
            if questionsAnswered > configuration.maxReasks { throw .cancelled }
            try await askToGoAhead(IntentConfirmation(prompt: question.prompt))
            return []
        }
        guard questionsAnswered <= configuration.maxReasks else { throw .gaveUp(parameter: name) }
        guard var parameter = descriptor.parameter(named: name) else {
            throw .refused(unexpected("a question about '\(name)', which \(descriptor.typeName) does not have"))
        }
        switch question.kind {
        case .value:
            if let prompt = question.prompt { parameter.prompts.value = prompt }
            try set(parameter, at: nil, to: try await askValue(for: parameter))
        case .disambiguation(_, let values):
            if let prompt = question.prompt { parameter.prompts.disambiguationIntroduction = prompt }
            try set(parameter, at: nil, to: try await pick(from: CandidateList(values), for: parameter))
        case .valueConfirmation(_, let value):
            let yesOrNo = question.prompt ?? lines.confirmationPrompt(parameter, value: value.displayItem.title)
            try await askUntilYes(.confirmation(parameter: parameter.name, question: yesOrNo))
            try set(parameter, at: nil, to: value)
        case .confirmation:
            break
        }
        return descriptor.resolvableParameters.drop { $0.name != name }
    }
}
