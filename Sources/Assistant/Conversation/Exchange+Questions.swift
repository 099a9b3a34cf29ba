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
            switch question.kind {
            case .choice(let options):
                // Every later call of the request carries the answer: the app's next run of
                // confirm or handle finds it where it asked.
                let chosen = try await choose(among: options, prompt: question.prompt)
                choices = (choices ?? [:]).merging([IntentQuestion.choiceKey(options): chosen]) { $1 }
            case .foreground(let activity, let confirm):
                try await comeForward(continuing: activity, confirm: confirm, prompt: question.prompt)
            default:
                try await askToGoAhead(IntentConfirmation(prompt: question.prompt))
            }
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
        case .confirmation, .choice, .foreground:
            break
        }
        return descriptor.resolvableParameters.drop { $0.name != name }
    }

    /// Asks the user to choose one of `options` (`prompt`, else "Which one?"): a number or an
    /// option's title answers its position; "cancel" cancels the request, and anything else asks
    /// again until patience runs out (cancelled too: nothing is chosen for the user).
    mutating func choose(among options: [String], prompt: String?) async throws(ExchangeStop) -> Int {
        guard IntentQuestion.canOffer(options) else {
            throw .refused(unexpected("a choice among \(options.count) options (1 to \(IntentQuestion.choiceLimit), each with a title)"))
        }
        let asked = Prompt.choice(intent: descriptor.typeName, question: prompt ?? lines.whichOne, options: options)
        for _ in 0...configuration.maxReasks {
            switch await ask(asked) {
            case .pick(let number) where options.indices.contains(number - 1): return number - 1
            case .text(let words):
                if let position = options.firstIndex(where: { $0.caseInsensitiveCompare(words) == .orderedSame }) { return position }
            case .cancel: throw .cancelled
            case .pick, .more, .yes, .no: break
            }
        }
        throw .cancelled
    }

    /// Brings the app forward in the middle of the request (`IntentQuestion.Kind.foreground`):
    /// when `confirm`, the user is asked first (`prompt`, else "Continue in <app>?"; no cancels
    /// the request), else `prompt` is said; then a scene comes forward continuing `activity`,
    /// and the line it gives is said. When no scene can, the request ends there, the user told
    /// why; the phase that asked runs again only with the app in front.
    mutating func comeForward(continuing activity: UserActivity, confirm: Bool, prompt: String?) async throws(ExchangeStop) {
        if confirm {
            try await askUntilYes(.intentConfirmation(intent: descriptor.typeName, question: prompt ?? lines.continueInForegroundPrompt))
        } else if let prompt {
            await say(prompt)
        }
        switch await connection.continueRecorded(activity, in: trace) {
        case .continued(let session, let reply):
            foregroundScene = session
            if let reply { await say(reply) }
        case .failed(let reason):
            throw .couldNotOpen(reason: reason)
        }
    }
}
