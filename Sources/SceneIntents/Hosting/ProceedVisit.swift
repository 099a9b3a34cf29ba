/// A `proceed` visit's way through its phases, for both of the host's lanes (awaited and at
/// once): which call comes next, and what each answer makes of the visit. Resolve each
/// parameter in turn (a settled success is written into the intent; an unsettled result stops
/// the visit where the user is needed), then confirm (anything but `ready` ends it), then handle.
///
/// Not generic: the intent and its schema are passed to each step by the host's code (generic
/// over the intent's type), so that no metadata of a generic visit is looked up per request.
struct ProceedVisit {
    private let parameters: [ParameterName]
    private let call: PhaseCall
    private let progress: (@Sendable (PhaseStep) -> Void)?
    /// The request as the next step sees it: its phase, and from confirm on the resolved intent.
    private var current: PhaseCall
    private var steps: [PhaseStep] = []
    /// Each parameter's unread words go with its resolution until it settles.
    private var unread: [ParameterName: String]
    /// The step: a parameter's position, then confirm (`parameters.count`), then handle.
    private var position = 0
    /// The index in the schema of the parameter being resolved.
    private var index: Int?

    init(_ parameters: [ParameterName], call: PhaseCall, progress: (@Sendable (PhaseStep) -> Void)?) {
        self.parameters = parameters
        self.call = call
        self.progress = progress
        current = call
        unread = call.intent.unreadWords
        steps.reserveCapacity(parameters.count + 2)
    }

    /// The next call, or the visit's answer; `intent` has the values resolved so far. `isOver`
    /// (the task cancelled, the request finished) stops it before any further step reaches the
    /// handler.
    mutating func next<I: Intent>(of schema: IntentSchema<I>, intent: I, isOver: @autoclosure () -> Bool) -> ProceedStep {
        let count = parameters.count
        guard position <= count + 1 else { return .answer(.progressed(intent: current.intent, steps: steps)) }
        // The first step follows the call's admission in the same job (`IntentHost.visit`): its
        // request was open and its task new, so only the later steps ask.
        if position > 0, isOver() { return .answer(.refused(IntentHostError(.cancelled, intent: I.typeName))) }
        if position < count {
            let name = parameters[position]
            current.phase = .resolve(parameter: name)
            // Looked up once for the call and the write (nil: the call refuses the name).
            index = schema.index(of: name)
            return .call(current, parameterIndex: index)
        }
        if position == count {
            // Confirm and handle see the resolved intent, without the unread words (each
            // parameter's went with its resolution): the call's own, the same value, when that is
            // what it is (so its answer can say so rather than carry it; see `MessageCodec`).
            if !(call.intent.unreadWords.isEmpty && isAsCalled(intent)) {
                current.intent = AnyIntent(intent, targetSceneIdentifier: call.intent.targetSceneIdentifier)
            }
            current.phase = .confirm
        } else {
            current.phase = .handle
        }
        return .call(current, parameterIndex: nil)
    }

    /// Takes the answer to the call `next` asked for, writing a settled value into `intent`;
    /// answers the visit's answer when it ends here.
    mutating func take<I: Intent>(_ answer: PhaseAnswer, of schema: IntentSchema<I>, intent: inout I) -> PhaseAnswer? {
        if case .refused = answer { return answer }
        let step = PhaseStep(phase: current.phase, answer: answer)
        steps.append(step)
        progress?(step)
        // A question from confirm or handle ends the visit where the user is needed.
        if case .asks = answer { return .progressed(intent: current.intent, steps: steps) }
        let count = parameters.count
        guard position < count else {
            // A confirmation other than ready ends the visit: there is nothing to handle.
            if position == count, case .response(let response) = answer, response.code != .ready {
                position = count + 2
            } else {
                position += 1
            }
            return nil
        }
        guard case .resolved(let results) = answer, let index else {
            position = count
            return nil
        }
        guard results.allSatisfy(\.isSettled) else {
            if unread == call.intent.unreadWords && isAsCalled(intent) { return .progressed(intent: call.intent, steps: steps) }
            var progressed = AnyIntent(intent, targetSceneIdentifier: call.intent.targetSceneIdentifier)
            progressed.unreadWords = unread
            return .progressed(intent: progressed, steps: steps)
        }
        // Most requests carry no unread words: the empty check spares hashing the name.
        if !unread.isEmpty { unread.removeValue(forKey: parameters[position]) }
        // Written only when every result is a success: a loop that stops at the first that is
        // not, with room for all (a `compactMap` grows its array).
        var values: [AnyParameterValue] = []
        values.reserveCapacity(results.count)
        for result in results {
            guard let value = result.successValue else { break }
            values.append(value)
        }
        if values.count == results.count && !values.isEmpty { _ = schema.write(parameter: index, values, into: &intent) }
        position += 1
        return nil
    }

    /// Whether `intent` holds the values the call came with (most resolutions accept the value
    /// given): one comparison of the typed values, then the answer holds the call's own intent.
    private func isAsCalled<I: Intent>(_ intent: I) -> Bool {
        func equals<Called: Intent>(_ called: Called) -> Bool {
            Called.self == I.self && _identityCast(called, to: I.self) == intent
        }
        return equals(call.intent.base)
    }
}

/// What a `proceed` visit does next. Not nested in `ProceedVisit`: a type nested in a generic
/// one is generic too, and its metadata would be looked up on every step.
enum ProceedStep {
    /// Make this call (the request with the step's phase); a resolve passes its parameter's
    /// index when the schema has it.
    case call(PhaseCall, parameterIndex: Int?)
    /// The visit is over with this answer.
    case answer(PhaseAnswer)
}
