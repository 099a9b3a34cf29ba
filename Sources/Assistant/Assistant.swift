import SceneIntents
import Synchronization

/// Request numbers, unique in the process: several assistants may share one app's host, which
/// keeps a handler per request number.
private let requestNumbers = Atomic<UInt64>(0)

/// The system side: receives a request, routes it, launches or wakes the app, converses with the
/// user through resolve → confirm → handle under a time budget per phase call, brings a scene
/// forward on `continueInApp`, and records everything in its trace.
///
/// It reaches the app only through an `AppConnection` and the user only through a `UserAgent`,
/// and reads time only from the clock it is given, so a test drives the whole exchange
/// deterministically with a `ManualClock` and a scripted user.
///
/// Requests are carried out side by side: `perform` holds no lock while it waits, so many
/// requests through one assistant (a daemon's clients, a shortcut run beside a spoken request)
/// proceed in parallel, each on its own task, and only the app's host serialises what it must.
///
/// `perform` runs on its caller's actor (the module's async functions are
/// `nonisolated(nonsending)`): called from the main actor, a request's bookkeeping runs there
/// between its waits, and an app in the same process is reached without leaving it; called
/// from a task on no actor, it runs on the global executor. Budgets are timed on the
/// assistant's own queue either way, but a caller waits on its actor: one whose app may block
/// the main thread, and who must hear the timeout at once, calls from a detached task.
public final class Assistant: Sendable {
    /// Everything that happened, with clock instants.
    public let trace: Trace
    /// Budgets, paging, patience.
    public let configuration: AssistantConfiguration
    let connection: any AppConnection
    private let user: any UserAgent
    private let device: Device
    /// The clock budgets and the trace read.
    public let clock: BudgetClock
    /// Read once per utterance; replaced whole by `setVocabulary(_:)`.
    private let vocabularySlot: Mutex<Vocabulary>

    /// An assistant for one app.
    ///
    /// - Parameters:
    ///   - connection: how the app is reached (in process, or a process connection).
    ///   - user: who is asked and told things.
    ///   - device: the device whose lock state restricts intents (share it with the app).
    ///   - clock: the clock budgets and the trace read: `.continuous()` for real time,
    ///     `.sleeping(on: ManualClock())` in tests.
    ///   - vocabulary: what utterances are interpreted with.
    ///   - configuration: budgets, paging, patience.
    ///   - isTracing: false records nothing (to measure the trace's own cost).
    public init(
        connection: any AppConnection, user: any UserAgent, device: Device, clock: BudgetClock,
        vocabulary: Vocabulary = Vocabulary(), configuration: AssistantConfiguration = AssistantConfiguration(),
        isTracing: Bool = true
    ) {
        self.clock = clock
        self.trace = Trace(clock: clock, isRecording: isTracing)
        self.connection = connection
        self.user = user
        self.device = device
        vocabularySlot = Mutex(vocabulary)
        self.configuration = configuration
        connection.attach(trace)
    }

    /// Replaces the vocabulary utterances are interpreted with; a request already interpreting
    /// its words keeps the one it read.
    public func setVocabulary(_ vocabulary: Vocabulary) {
        vocabularySlot.withLock { $0 = vocabulary }
    }

    /// The vocabulary utterances are interpreted with now.
    private var vocabulary: Vocabulary { vocabularySlot.withLock { $0 } }

    /// Carries out one request from start to end and says how it ended.
    ///
    /// A caller already cancelled gets `cancelled` at once: nothing reaches the app (it is not
    /// launched, no handler is called). It runs on the caller's actor (see the type).
    /// Words over ``Admission/characterLimit`` are refused (`refused`, with the sentence
    /// saying so) before anything else: nothing is matched, no app reached.
    public func perform(_ request: AssistantRequest) async -> AssistantOutcome {
        if case .utterance(let words) = request, let refusal = Admission.refusal(of: words) {
            // The trace keeps the words cut to the limit: it is bounded whatever was said.
            if trace.isRecording { trace.record(.request, .request(.utterance(Admission.shortened(words)))) }
            trace.record(.interpret, "refused: over \(Admission.limitText) characters")
            return await end(.refused, refusal, intent: nil, dialog: [])
        }
        // The request itself is kept (its words are made when the trace is read), and only
        // when the trace records.
        if trace.isRecording { trace.record(.request, .request(request)) }
        var dialog: [String] = []
        if Task.isCancelled { return await end(.cancelled, lines.cancelled, intent: nil, dialog: dialog) }
        let intent: AnyIntent
        switch request {
        case .intent(let typed):
            intent = typed
        case .utterance(let words):
            switch await interpret(words, dialog: &dialog) {
            case .intent(let interpreted): intent = interpreted
            case .stop(let outcome): return outcome
            }
        case .userActivity(let activity):
            return await continueActivity(activity, dialog: dialog)
        }
        // Each read once: the intent's type name is asked of its type, and the connection's
        // catalog is a copy of several tables.
        let (typeName, catalog) = (intent.typeName, connection.catalog)
        let found = catalog.descriptor(named: typeName)
        let refusal = connection.manifest.refusal(
            of: typeName, isDefined: found != nil, deviceIsLocked: device.isLocked,
            restrictedByIntent: found?.requirements.restriction.isRestrictedWhileLocked ?? false)
        guard refusal == nil, let descriptor = found else {
            return await refuse(refusal ?? IntentHostError(.unknownIntent, intent: typeName), intent: intent, dialog: dialog)
        }
        // Routed and connected at one reading of the clock: the first call's budget runs from it.
        let connected = clock.nowNanoseconds
        if trace.isRecording { trace.record(.route, .route(intent: typeName, app: connection.appName), at: connected) }
        let number = requestNumbers.wrappingAdd(1, ordering: .relaxed).newValue
        var exchange = Exchange(
            descriptor: descriptor, connection: connection, user: user, trace: trace, clock: clock, configuration: configuration,
            request: number, intent: intent, connectedAt: connected, budget: configuration.budget(for: typeName))
        var outcome = await exchange.run()
        // Most requests come parsed, with no dialog of their own: no array to make.
        if !dialog.isEmpty { outcome.dialog = dialog + outcome.dialog }
        return outcome
    }

    private enum Reading {
        case intent(AnyIntent)
        case stop(AssistantOutcome)
    }

    private func interpret(_ words: String, dialog: inout [String]) async -> Reading {
        let vocabulary = vocabulary
        var match = vocabulary.match(words)
        if case .ambiguous(let candidates) = match {
            let phrases = candidates.map { Template($0.phrase).spoken }
            let options = candidates.map { candidate in
                let phrase = Template(candidate.phrase).spoken
                return phrases.filter { $0 == phrase }.count > 1 ? "\(phrase) (\(candidate.intent))" : phrase
            }
            let prompt = Prompt.chooseInterpretation(question: lines.whichDidYouMean, options: options)
            trace.record(.prompt, prompt.spoken.replacingNewlines)
            dialog.append(prompt.spoken)
            let reply = await user.answer(prompt)
            trace.record(.answer, reply.description)
            switch reply {
            case .pick(let number) where (1...candidates.count).contains(number):
                match = .matched(candidates[number - 1])
            case .cancel:
                return .stop(await end(.cancelled, lines.cancelled, intent: nil, dialog: dialog))
            default:
                return .stop(await end(.notUnderstood, lines.stillDidNotUnderstand, intent: nil, dialog: dialog))
            }
        }
        switch match {
        case .matched(let interpretation):
            let summary = slotSummary(interpretation)
            trace.record(.interpret, "\(interpretation.intent) via \"\(interpretation.phrase)\"\(summary)")
            guard let descriptor = connection.catalog.descriptor(named: interpretation.intent) else {
                return .stop(await refuse(IntentHostError(.unknownIntent, intent: interpretation.intent), intent: nil, dialog: dialog))
            }
            var intent = descriptor.makeIntent()
            for (name, slot) in interpretation.slots.sorted(by: { $0.key < $1.key }) {
                let said = interpretation.said(slot, in: words)
                guard let value = descriptor.value(for: name, spoken: said, identifier: slot.entity?.identifier) else {
                    // Words the value type cannot read go to the parameter's resolution, which
                    // may refuse them with a reason of its own.
                    // They go as said too: "1.5", not the normalized "1 5".
                    if let parameter = descriptor.parameter(named: name), parameter.takesUnreadWords, !slot.spoken.isEmpty {
                        intent.unreadWords[name] = said
                    }
                    continue
                }
                guard let updated = descriptor.setting(name, to: [value], in: intent) else { continue }
                intent = updated
            }
            return .intent(intent)
        case .noMatch(let suggestions):
            trace.record(.interpret, "no match")
            return .stop(await end(.notUnderstood, didNotUnderstand(suggesting: suggestions, from: vocabulary), intent: nil, dialog: dialog))
        case .ambiguous:
            return .stop(await end(.notUnderstood, didNotUnderstand(suggesting: [], from: vocabulary), intent: nil, dialog: dialog))
        }
    }

    /// "I didn't understand", with two or three things to say: the phrases closest to the words,
    /// topped up with the vocabulary's first phrases.
    private func didNotUnderstand(suggesting closest: [String], from vocabulary: Vocabulary) -> String {
        var things: [String] = []
        for template in closest + vocabulary.phrases where things.count < 3 {
            let spoken = Template(template).spoken
            if !things.contains(spoken) { things.append(spoken) }
        }
        return lines.didNotUnderstand(suggestions: things)
    }

    /// Refuses before the app is reached: the trace gets the developer's reason (a type the
    /// catalog left out names its problem), the user a user's sentence.
    private func refuse(_ refusal: IntentHostError, intent: AnyIntent?, dialog: [String]) async -> AssistantOutcome {
        let problem = connection.catalog.problems.first { $0.intent == refusal.intent && refusal.code == .unknownIntent }
        let reason = problem.map { "the app's catalog left \(refusal.intent) out: \($0)" } ?? refusal.description
        trace.record(.route, "refused \(refusal.intent): \(reason)")
        return await end(.refused, lines.refusal(refusal), intent: intent, dialog: dialog)
    }

    /// The default lines, as this app says them.
    var lines: Dialog { Dialog(table: configuration.dialogs, appName: connection.appName) }

    private func slotSummary(_ interpretation: Interpretation) -> String {
        let slots = interpretation.slots.sorted { $0.key < $1.key }.map { name, slot in
            let entity = slot.entity.map { " = \($0.name)" } ?? ""
            return "\(name): \"\(slot.spoken)\"\(entity)"
        }
        return slots.isEmpty ? "" : " (" + slots.joined(separator: ", ") + ")"
    }

    func end(_ status: AssistantOutcome.Status, _ line: String, intent: AnyIntent?, dialog: [String])
        async -> AssistantOutcome
    {
        trace.record(.say, text: line)
        await user.hear(line)
        trace.record(.outcome, text: status.rawValue)
        return AssistantOutcome(status: status, intent: intent, response: nil, dialog: dialog + [line])
    }
}
