import SceneIntents

/// Why an exchange stopped before its end.
enum ExchangeStop: Error {
    case timedOut(phase: PhaseCall.Phase)
    case cancelled
    case refused(IntentHostError)
    case gaveUp(parameter: ParameterName)
    /// The app was to come forward in the middle of the request and could not.
    case couldNotOpen(reason: String)
}

/// How the conversation ended, before the app is (perhaps) brought forward and the outcome
/// recorded.
struct Conclusion {
    var status: AssistantOutcome.Status
    var response: IntentResponse?
    /// The activity to continue in the app, for a response that opens it.
    var activity: UserActivity?
    /// Why the request failed, when the assistant knows better than the app's response.
    var reason: String?
}

/// One request's conversation: resolve each parameter with the user, confirm, handle, continue
/// in the app. It lives for one `Assistant.perform` call.
///
/// Its jobs are split by concern: this file is the loop and its ends; resolution with the user
/// is in `Exchange+Resolution.swift`, picking among candidates (paged) in `Exchange+Picking.swift`,
/// the one budgeted call path in `Exchange+Call.swift`, and every default line in `Dialog`.
struct Exchange {
    let descriptor: IntentDescriptor
    let connection: any AppConnection
    let user: any UserAgent
    let trace: Trace
    let clock: BudgetClock
    let configuration: AssistantConfiguration
    let request: UInt64
    var intent: AnyIntent
    var dialog: [String] = []
    /// How many calls were made: the first is charged from `connectedAt`.
    var callsMade = 0
    /// When the system connected, in the clock's nanoseconds (`BudgetClock.nowNanoseconds`);
    /// moved to when the user answered, when the user is asked before the first call.
    var connectedAt: Int64
    /// Each phase call's budget (read once: it is looked up by the intent's type name).
    let budget: Duration
    /// How many questions confirm and handle asked (`IntentQuestion`): patience runs out after
    /// `maxReasks` of them.
    var questionsAnswered = 0
    /// What the user chose at each choice the app asked (`IntentQuestion.Kind.choice`), sent
    /// with every later call of the request (`PhaseCall.choices`); nil until there is one.
    var choices: [String: Int]?
    /// The scene the app came forward in during the request (`IntentQuestion.Kind.foreground`).
    var foregroundScene: String?

    var appName: String { connection.appName }

    // MARK: The whole exchange

    /// Runs the request under the assistant's overlay: a foreground-active scene of the app is
    /// interrupted from the start to the end (REFERENCE §2, our rule), then the app is brought
    /// forward when the response asks for it, and the outcome is the trace's last word.
    mutating func run() async -> AssistantOutcome {
        // Most requests find no scene of the app in the foreground: no overlay call to make.
        let interrupted = connection.mayInterrupt ? await overlay(begin: true) : false
        let conclusion = await converse()
        if interrupted { _ = await overlay(begin: false) }
        var scene = foregroundScene
        if let activity = conclusion.activity {
            switch await connection.continueRecorded(activity, in: trace) {
            case .continued(let session, let reply):
                scene = session
                // A hands-free user hears what the app now shows (Siri says nothing more here).
                if let reply { await say(reply) }
            case .failed(let reason):
                await say(lines.couldNotOpen(reason: reason))
                return outcome(.failure, conclusion.response, reason: reason)
            }
        }
        if conclusion.status == .continuedInApp && scene == nil {
            let reason = "the response carried no user activity to continue"
            await say(lines.couldNotOpen(reason: reason))
            return outcome(.failure, conclusion.response, reason: reason)
        }
        return outcome(conclusion.status, conclusion.response, reason: conclusion.reason, continuedInScene: scene)
    }

    /// Asks the app to run every phase in one visit (`proceed`): when no answer needs the user,
    /// that is the whole exchange, in one hop to the app and back. Where an answer needs the
    /// user, the conversation settles that parameter with them, then asks the app to proceed
    /// again from the next one. Numbers given outside their bounds are refused first; an intent
    /// that requires the user's confirmation goes step by step (`converseConfirming`).
    private mutating func converse() async -> Conclusion {
        do throws(ExchangeStop) {
            // The user's time before the first call is not the app's: its budget starts after.
            if try await refuseGivenValuesOutOfBounds() && callsMade == 0 { connectedAt = clock.nowNanoseconds }
            if let confirmation = descriptor.requirements.confirmation { return try await converseConfirming(confirmation) }
            var remaining = descriptor.resolvableParameters[...]
            var names = descriptor.resolvableNames
            while true {
                let steps = try await proceed(names)
                guard let last = steps.last else { throw .refused(unexpected("the app answered proceed with no step")) }
                switch (last.phase, last.answer) {
                case (.handle, .response(let response)), (.confirm, .response(let response)):
                    return await conclude(with: response)
                case (.handle, .asks(let question)), (.confirm, .asks(let question)):
                    remaining = try await answer(question)
                    names = remaining.map(\.name)
                case (.resolve(let name), .resolved(let results)):
                    remaining = remaining.drop { $0.name != name }
                    guard let parameter = remaining.first else { throw .gaveUp(parameter: name) }
                    try await resolve(parameter, startingWith: results)
                    remaining = remaining.dropFirst()
                    names = remaining.map(\.name)
                default:
                    throw .refused(unexpected("the app answered proceed with \(last.phase) → \(last.answer.summary) last"))
                }
            }
        } catch {
            return await stop(error)
        }
    }

    /// Ends on the app's last response (handle's, or a confirmation other than ready): its
    /// dialog is said first; a response that opens the app carries the activity to continue.
    // Inlined: an async call of its own is a frame allocated from the task on every request.
    @inline(__always)
    mutating func conclude(with response: IntentResponse) async -> Conclusion {
        await say(text(for: response))
        if response.code == .inProgress { return Conclusion(status: .inProgress, response: response) }
        let status: AssistantOutcome.Status =
            response.code == .continueInApp ? .continuedInApp : descriptor.isSuccess(response.code) ? .success : .failure
        return Conclusion(status: status, response: response, activity: response.code.opensApp ? response.userActivity : nil)
    }

    /// Ends early: says why, and tells the app the request is over.
    private mutating func stop(_ reason: ExchangeStop) async -> Conclusion {
        let status: AssistantOutcome.Status
        var why: String?
        switch reason {
        case .timedOut(let phase):
            let budget = budget
            trace.record(.timeout, "\(phase) exceeded \(Self.budgetText(budget))")
            await say(lines.timedOut(step: phase.spokenName, budget: budget))
            status = .timedOut
        case .refused(let error) where error.code != .cancelled:
            await say(lines.refusal(error))
            status = .failure
        // The app cancelling (a handler's `CancellationError`, the user's choice of a cancel
        // option) cancels the request, as the user's "cancel" does.
        case .cancelled, .refused:
            await say(lines.cancelled)
            status = .cancelled
        case .gaveUp(let parameter):
            await say(lines.gaveUp(on: parameter))
            status = .failure
        case .couldNotOpen(let reason):
            await say(lines.couldNotOpen(reason: reason))
            (status, why) = (.failure, reason)
        }
        await finish()
        return Conclusion(status: status, reason: why)
    }

    func outcome(
        _ status: AssistantOutcome.Status, _ response: IntentResponse?, reason: String? = nil, continuedInScene: String? = nil
    ) -> AssistantOutcome {
        if trace.isRecording { trace.record(.outcome, text: reason.map { "\(status.rawValue): \($0)" } ?? status.rawValue) }
        return AssistantOutcome(
            status: status, intent: intent, response: response, dialog: dialog, continuedInScene: continuedInScene, reason: reason)
    }

    /// Begins or ends the assistant's overlay on the app; answers whether it interrupted a scene.
    ///
    /// A call to the app like any other, so it has a deadline on the request's clock: beginning
    /// is charged to the first call's budget (from the connection, as the launch is), ending has
    /// a budget of its own. An app that does not answer in time (stopped, wedged) is given up on:
    /// the request goes on (its first call then times out at once, and the user hears so).
    private func overlay(begin: Bool) async -> Bool {
        let connection = connection
        let start = begin ? .nanoseconds(connectedAt) : clock.now
        let outcome = await race(deadline: start + budget, on: clock) { () async -> Result<Bool, any Error> in
            do {
                return .success(begin ? try await connection.beginInterruption() : try await connection.endInterruption())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .answered(.success(let interrupted)):
            return interrupted
        case .answered(.failure(let error)):
            trace.record(.report, "the overlay could not \(begin ? "begin" : "end"): \(error)")
        case .timedOut:
            trace.record(.timeout, "the overlay's \(begin ? "start" : "end") exceeded \(Self.budgetText(budget))")
        case .cancelled:
            break
        }
        return false
    }

    /// An answer the protocol does not allow, as a typed error naming it.
    func unexpected(_ detail: String) -> IntentHostError {
        IntentHostError(.unexpectedAnswer, intent: descriptor.typeName, detail: detail)
    }

    // MARK: Saying and asking

    /// Asks until the user answers something the assistant admits: words over the
    /// `Admission` limit are refused with its sentence, and the question is asked again.
    mutating func ask(_ prompt: Prompt) async -> Reply {
        while true {
            trace.record(.prompt, prompt.spoken.replacingNewlines)
            dialog.append(prompt.spoken)
            let reply = await user.answer(prompt)
            if case .text(let words) = reply, let refusal = Admission.refusal(of: words) {
                trace.record(.answer, Admission.shortened(words))
                await say(refusal)
                continue
            }
            trace.record(.answer, reply.description)
            return reply
        }
    }

    mutating func say(_ line: String) async {
        let line = Dialog.sentence(line)
        trace.record(.say, text: line)
        dialog.append(line)
        await user.hear(line)
    }

    private func text(for response: IntentResponse) -> String {
        if let dialog = response.dialog { return Template(dialog).render(response.values) }
        if let template = descriptor.template(for: response.code) {
            return Template(template.dialog).render(response.values)
        }
        return lines.response(response.code, isSuccess: descriptor.isSuccess(response.code))
    }
}

extension PhaseCall.Phase {
    /// The phase as the user hears it named.
    var spokenName: String {
        switch self {
        case .resolve(let parameter): "\(parameter)"
        case .provideOptions(let parameter, _, _): "\(parameter) options"
        case .confirm: "confirm"
        case .handle: "handle"
        case .finish: "finish"
        case .proceed: "resolve"
        }
    }
}

extension String {
    var replacingNewlines: String { split(separator: "\n").joined(separator: " | ") }
}
