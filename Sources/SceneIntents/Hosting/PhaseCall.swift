/// One call from the system to the app: a phase of one request's intent.
///
/// Requests are numbered by the caller; the host keeps the handler it looked up for a request
/// until the request's `handle` is answered or `finish` arrives, so every phase of one request
/// talks to the same handler, as SiriKit does.
public struct PhaseCall: Sendable, Equatable, Codable {
    /// Which phase.
    public indirect enum Phase: Sendable, Equatable, Codable, CustomStringConvertible {
        /// Resolve one parameter.
        case resolve(parameter: ParameterName)
        /// Provide one page of a parameter's options, with the user's search term (nil or empty:
        /// defaults). The answer's `ObjectCollection.nextOffset` says where the list goes on.
        case provideOptions(parameter: ParameterName, searchTerm: String?, page: OptionsPage)
        /// Confirm the resolved intent.
        case confirm
        /// Handle the confirmed intent.
        case handle
        /// The request is over (cancelled, timed out or refused); the host drops its handler.
        case finish
        /// Resolve these parameters in order, then confirm, then handle, all in one visit to the
        /// app, stopping at the first answer that needs the user (a resolution other than success
        /// or notRequired, or a confirmation other than ready). Successful values are taken into
        /// the intent as they come. The answer is `.progressed`; each step is also reported as it
        /// completes, so the caller can budget every step on its own.
        case proceed(parameters: [ParameterName])

        /// One line for logs and messages.
        public var description: String {
            switch self {
            case .resolve(let parameter): "resolve(\(parameter))"
            case .provideOptions(let parameter, let term, let page):
                page == .all
                    ? "provideOptions(\(parameter), \"\(term ?? "")\")"
                    : "provideOptions(\(parameter), \"\(term ?? "")\", from \(page.offset), \(page.limit))"
            case .confirm: "confirm"
            case .handle: "handle"
            case .finish: "finish"
            case .proceed(let parameters): "proceed(\(parameters.map(\.rawValue).joined(separator: ", ")))"
            }
        }
    }

    /// The request this call belongs to.
    public var request: UInt64
    /// The intent, as resolved so far.
    public var intent: AnyIntent
    /// The phase.
    public var phase: Phase
    /// The option the user chose at each choice the request asked so far
    /// (`IntentQuestion.Kind.choice`): its position, under `IntentQuestion.choiceKey` of the
    /// options. Empty for almost every call.
    public var choices: [String: Int] {
        get { chosen ?? [:] }
        set { chosen = newValue.isEmpty ? nil : newValue }
    }
    /// `choices`, nil when empty: a call is copied several times on its way, and a nil costs
    /// no reference count where an empty dictionary costs one per copy.
    package var chosen: [String: Int]? {
        get {
            switch extras {
            case .choices(let choices), .tracedChoices(let choices): choices
            case .none, .traced: nil
            }
        }
        set { extras = Extras(newValue, isTraced: isTraced) }
    }
    /// Whether the system records this call in a trace: only then does the app report its
    /// delegate's handler lookup (`LifecycleEvent` `application(.handlerFor)`), which nothing
    /// but a trace uses and which would otherwise cross to the system on every request. The
    /// app's own lifecycle observers hear the lookup either way.
    public var isTraced: Bool {
        get {
            switch extras {
            case .traced, .tracedChoices: true
            case .none, .choices: false
            }
        }
        set { extras = Extras(chosen, isTraced: newValue) }
    }
    /// The choices and the trace flag in one word: a call of four words is copied inline, where
    /// a fifth (a flag's byte) made every copy between the exchange, the connection and the host
    /// go through value witnesses.
    private var extras: Extras

    /// A call.
    public init(request: UInt64, intent: AnyIntent, phase: Phase, choices: [String: Int] = [:], isTraced: Bool = false) {
        self.request = request
        self.intent = intent
        self.phase = phase
        extras = Extras(choices.isEmpty ? nil : choices, isTraced: isTraced)
    }

    private enum Extras: Sendable, Equatable {
        case none, traced
        case choices([String: Int]), tracedChoices([String: Int])

        init(_ chosen: [String: Int]?, isTraced: Bool) {
            self =
                switch (chosen, isTraced) {
                case (nil, false): .none
                case (nil, true): .traced
                case (let chosen?, false): .choices(chosen)
                case (let chosen?, true): .tracedChoices(chosen)
                }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case request, intent, phase, choices, traced
    }

    /// Decodes a call; one without `choices` (almost every call) has none, one without
    /// `traced` is not traced.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        request = try container.decode(UInt64.self, forKey: .request)
        intent = try container.decode(AnyIntent.self, forKey: .intent)
        phase = try container.decode(Phase.self, forKey: .phase)
        extras = Extras(
            try container.decodeIfPresent([String: Int].self, forKey: .choices).flatMap { $0.isEmpty ? nil : $0 },
            isTraced: try container.decodeIfPresent(Bool.self, forKey: .traced) ?? false)
    }

    /// Encodes the call; `choices` only when there are some, `traced` only when true.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(request, forKey: .request)
        try container.encode(intent, forKey: .intent)
        try container.encode(phase, forKey: .phase)
        if let chosen { try container.encode(chosen, forKey: .choices) }
        if isTraced { try container.encode(true, forKey: .traced) }
    }
}

/// Which page of a parameter's options a call asks for.
///
/// `offset` is where the page starts in the provider's own order: 0, or the `nextOffset` the
/// previous page answered (a provider may give it any meaning that keeps increasing, such as a
/// cursor into its index). `limit` is the most items wanted.
public struct OptionsPage: Sendable, Hashable, Codable {
    /// Where the page starts.
    public var offset: Int
    /// The most items wanted.
    public var limit: Int

    /// A page.
    public init(offset: Int, limit: Int) {
        self.offset = offset
        self.limit = limit
    }

    /// Every option at once (for a short list, such as the defaults of an empty search).
    public static let all = OptionsPage(offset: 0, limit: .max)
}

/// The app's answer to a `PhaseCall`.
public indirect enum PhaseAnswer: Sendable, Equatable, Codable {
    /// Resolution results: one for a single-value parameter, one per item for a multi-value one.
    case resolved([ParameterResolution])
    /// The options for a parameter.
    case options(ObjectCollection<AnyParameterValue>)
    /// The response to confirm or handle.
    case response(IntentResponse)
    /// The request is over on the app's side.
    case finished
    /// The call could not be answered; the error says why.
    case refused(IntentHostError)
    /// What a `proceed` call did: the intent with the values it took, and each step's answer.
    case progressed(intent: AnyIntent, steps: [PhaseStep])
    /// Confirm or handle cannot answer before the user answers this question; the request and
    /// its handler go on (see `IntentQuestion`).
    case asks(IntentQuestion)
    /// Not an answer: the step that is running reports how far it has come
    /// (`IntentProgress.report(completed:of:)`). Only ever a `PhaseStep`'s answer, heard while
    /// the call runs; it gives the step a fresh budget (see `IntentProgress`).
    case working(IntentProgress)
}

/// One step of a `proceed` call: the phase and the app's answer to it.
public struct PhaseStep: Sendable, Equatable, Codable {
    /// The phase.
    public var phase: PhaseCall.Phase
    /// The answer.
    public var answer: PhaseAnswer

    /// A step.
    public init(phase: PhaseCall.Phase, answer: PhaseAnswer) {
        self.phase = phase
        self.answer = answer
    }
}
