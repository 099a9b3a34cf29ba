import SceneIntents
import Synchronization

/// Why an exchange stopped before its end.
enum ExchangeStop: Error {
    case timedOut(phase: PhaseCall.Phase)
    case cancelled
    case refused(IntentHostError)
    case gaveUp(parameter: String)
}

/// One request's conversation: resolve each parameter with the user, confirm, handle, continue
/// in the app. It lives for one `Assistant.perform` call.
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
    private var callsMade = 0
    private let connectedAt: Duration

    init(
        descriptor: IntentDescriptor, intent: AnyIntent, request: UInt64, connection: any AppConnection,
        user: any UserAgent, trace: Trace, clock: BudgetClock, configuration: AssistantConfiguration
    ) {
        self.descriptor = descriptor
        self.intent = intent
        self.request = request
        self.connection = connection
        self.user = user
        self.trace = trace
        self.clock = clock
        self.configuration = configuration
        connectedAt = clock.now
    }

    private var appName: String { connection.appName }
    private var budget: Duration { configuration.budget(for: descriptor.typeName) }

    // MARK: The whole exchange

    /// Asks the app to run every phase in one visit (`proceed`): when no answer needs the user,
    /// that is the whole exchange, in one hop to the app and back. Where an answer needs the
    /// user, the conversation settles that parameter with them, then asks the app to proceed
    /// again from the next one.
    mutating func run() async -> AssistantOutcome {
        do throws(ExchangeStop) {
            var remaining = descriptor.parameters.filter { $0.flags.contains(.resolvable) }[...]
            while true {
                let steps = try await proceed(remaining.map(\.name))
                switch steps.last.map({ ($0.phase, $0.answer) }) {
                case (.handle, .response(let response))?:
                    return await conclude(with: response)
                case (.confirm, .response(let confirmation))?:
                    return await end(confirmedWith: confirmation)
                case (.resolve(let name), .resolved(let results))?:
                    remaining = remaining.drop { $0.name != name }
                    guard let parameter = remaining.first else { return await stop(.gaveUp(parameter: name)) }
                    try await resolve(parameter, startingWith: results)
                    remaining = remaining.dropFirst()
                default:
                    let detail = "the app answered proceed with no step"
                    throw .refused(IntentHostError(.handlerThrew, intent: descriptor.typeName, detail: detail))
                }
            }
        } catch {
            return await stop(error)
        }
    }

    /// Ends on a confirmation other than ready: its dialog is the last word.
    private mutating func end(confirmedWith confirmation: IntentResponse) async -> AssistantOutcome {
        await say(text(for: confirmation))
        await finish()
        return outcome(descriptor.isSuccess(confirmation.code) ? .success : .failure, confirmation)
    }

    /// One `proceed` call: the app runs resolve, confirm and handle until an answer needs the
    /// user. Each step is traced as it completes and gets a budget of its own (the first also
    /// carries the launch). Returns the steps; the intent takes the values the app resolved.
    private mutating func proceed(_ parameters: [String]) async throws(ExchangeStop) -> [PhaseStep] {
        let phases = parameters.map { PhaseCall.Phase.resolve(parameter: $0) } + [.confirm, .handle]
        let call = PhaseCall(request: request, intent: intent, phase: .proceed(parameters: parameters))
        let start = callsMade == 0 ? connectedAt : clock.now
        callsMade += 1
        let budget = budget
        let deadline = start + budget
        trace.record(.call, "\(call.phase) budget \(budget.seconds)s per step, first until \(deadline.seconds)s")
        let current = StepCursor(phases)
        let (connection, trace, clock) = (connection, trace, clock)
        let outcome = await race(
            deadline: deadline, on: clock,
            late: { answer in
                trace.record(.late, "\(current.phase) answered after its budget: \(answer.summary) (dropped)")
            },
            start: { answer, rearm in
                connection.start(
                    call,
                    progress: { step in
                        trace.record(.result, "\(step.phase) → \(step.answer.summary)")
                        current.advance()
                        rearm(clock.now + budget)
                    },
                    reply: answer)
            })
        switch outcome {
        case .answered(.progressed(let updated, let steps)):
            intent = updated
            return steps
        case .answered(.refused(let error)): throw .refused(error)
        case .answered(let other):
            throw .refused(IntentHostError(.handlerThrew, intent: descriptor.typeName, detail: "unexpected answer to proceed: \(other.summary)"))
        case .timedOut: throw .timedOut(phase: current.phase)
        case .cancelled: throw .cancelled
        }
    }

    private mutating func stop(_ reason: ExchangeStop) async -> AssistantOutcome {
        switch reason {
        case .timedOut(let phase):
            let budget = budget
            trace.record(.timeout, "\(phase) exceeded \(budget.seconds)s")
            let unit = budget == .seconds(1) ? "second" : "seconds"
            await say("Sorry, \(appName) didn't respond in time: the \(phase.spokenName) step took longer than \(budget.seconds) \(unit).")
            await finish()
            return outcome(.timedOut, nil)
        case .cancelled:
            await say("OK, cancelled.")
            await finish()
            return outcome(.cancelled, nil)
        case .refused(let error):
            await say(spoken(error))
            await finish()
            return outcome(.failure, nil)
        case .gaveUp(let parameter):
            await say("Sorry, I'm having trouble with the \(parameter). Let's try again later.")
            await finish()
            return outcome(.failure, nil)
        }
    }

    private mutating func conclude(with response: IntentResponse) async -> AssistantOutcome {
        await say(text(for: response))
        if response.code == .inProgress { return outcome(.inProgress, response) }
        guard response.code.opensApp, let activity = response.userActivity else {
            return outcome(descriptor.isSuccess(response.code) ? .success : .failure, response)
        }
        do {
            let scene = try await connection.continueInApp(activity)
            trace.record(.continuation, "\(activity.activityType) continued in \(scene)")
            var result = outcome(response.code == .continueInApp ? .continuedInApp : .failure, response)
            result.continuedInScene = scene
            return result
        } catch {
            trace.record(.continuation, "failed: \(error)")
            await say("Sorry, I couldn't open \(appName): \(error)")
            return outcome(.failure, response)
        }
    }

    private func outcome(_ status: AssistantOutcome.Status, _ response: IntentResponse?) -> AssistantOutcome {
        trace.record(.outcome, status.rawValue)
        return AssistantOutcome(status: status, intent: intent, response: response, dialog: dialog)
    }

    // MARK: Resolution

    /// Resolves one parameter with the user until it succeeds; `known` is a first resolution
    /// already answered (by a `proceed` call).
    private mutating func resolve(_ parameter: ParameterDescriptor, startingWith known: [ParameterResolution]? = nil)
        async throws(ExchangeStop)
    {
        var accepted = Set<Int>()
        var reasks = 0
        var known = known
        while true {
            let results: [ParameterResolution]
            if let first = known {
                results = first.isEmpty ? [ParameterResolution(kind: .notRequired)] : first
                known = nil
            } else {
                results = try await resolution(of: parameter.name)
            }
            guard
                let (index, result) = results.enumerated().first(where: { index, result in
                    !accepted.contains(index) && result.kind != .success && result.kind != .notRequired
                })
            else {
                try adopt(results, for: parameter, keeping: accepted)
                return
            }
            reasks += 1
            guard reasks <= configuration.maxReasks else { throw .gaveUp(parameter: parameter.name) }
            let multi = parameter.flags.contains(.multiValue)
            switch result.kind {
            case .needsValue:
                let value = try await askValue(for: parameter, question: valuePrompt(parameter))
                try set(parameter, at: multi ? index : nil, to: value)
            case .disambiguation:
                let (candidates, headings) = try await grouped(result.values, for: parameter)
                let value = try await pick(from: candidates, headings: headings, for: parameter)
                try set(parameter, at: multi ? index : nil, to: value)
            case .confirmationRequired:
                guard let value = result.values.first else { continue }
                let question = Template(
                    parameter.prompts.confirmation ?? "Just to confirm, you wanted ${\(parameter.name)}?"
                ).render([parameter.name: value.displayItem.title])
                switch await ask(.confirmation(parameter: parameter.name, question: question)) {
                case .yes:
                    try set(parameter, at: multi ? index : nil, to: value)
                    accepted.insert(index)
                    if results.indices.allSatisfy({ accepted.contains($0) || results[$0].kind == .success || results[$0].kind == .notRequired }) {
                        return
                    }
                case .cancel: throw .cancelled
                default:
                    let replacement = try await askValue(for: parameter, question: valuePrompt(parameter))
                    try set(parameter, at: multi ? index : nil, to: replacement)
                }
            case .unsupported:
                let dialog = parameter.prompts.unsupported[result.reason ?? ""]
                    ?? parameter.prompts.unsupported[""]
                    ?? "Sorry, that \(parameter.name) isn't supported."
                await say(Template(dialog).render(currentTitles(parameter)))
                let value = try await askValue(for: parameter, question: valuePrompt(parameter))
                try set(parameter, at: multi ? index : nil, to: value)
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
        guard results.contains(where: { $0.kind == .success }) else { return }
        if parameter.flags.contains(.multiValue) {
            let current = descriptor.values(of: parameter.name, in: intent) ?? []
            let values = results.enumerated().compactMap { index, result -> AnyParameterValue? in
                if result.kind == .success { return result.values.first }
                return index < current.count && accepted.contains(index) ? current[index] : nil
            }
            try set(parameter, values: values)
        } else if let value = results[0].values.first {
            try set(parameter, values: [value])
        }
    }

    private mutating func resolution(of parameter: String) async throws(ExchangeStop) -> [ParameterResolution] {
        switch try await call(.resolve(parameter: parameter)) {
        case .resolved(let results) where !results.isEmpty: return results
        case .resolved: return [ParameterResolution(kind: .notRequired)]
        case .refused(let error): throw .refused(error)
        default: throw .refused(IntentHostError(.handlerThrew, intent: descriptor.typeName, detail: "unexpected answer to resolve"))
        }
    }

    private func currentTitles(_ parameter: ParameterDescriptor) -> [String: String] {
        let titles = descriptor.values(of: parameter.name, in: intent)?.map(\.displayItem.title) ?? []
        return [parameter.name: titles.joined(separator: ", ")]
    }

    private func valuePrompt(_ parameter: ParameterDescriptor) -> String {
        parameter.prompts.value ?? "What \(parameter.name)?"
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
            throw .refused(
                IntentHostError(
                    .handlerThrew, intent: descriptor.typeName,
                    detail: "a value of the wrong type for '\(parameter.name)'"))
        }
        intent = updated
    }

    // MARK: Asking the user

    private mutating func ask(_ prompt: Prompt) async -> Reply {
        trace.record(.prompt, prompt.spoken.replacingNewlines)
        dialog.append(prompt.spoken)
        let reply = await user.answer(prompt)
        trace.record(.answer, reply.description)
        return reply
    }

    private mutating func say(_ line: String) async {
        trace.record(.say, line)
        dialog.append(line)
        await user.hear(line)
    }

    /// Asks for a value until the words make one (or the user cancels, or patience runs out).
    private mutating func askValue(for parameter: ParameterDescriptor, question: String)
        async throws(ExchangeStop) -> AnyParameterValue
    {
        for _ in 0...configuration.maxReasks {
            switch await ask(.value(parameter: parameter.name, question: question)) {
            case .cancel: throw .cancelled
            case .text(let words):
                if let value = try await value(from: words, for: parameter) { return value }
            case .pick(let number):
                if let value = try await value(from: String(number), for: parameter) { return value }
            case .yes, .no, .more:
                break
            }
            await say("Sorry, I didn't get that.")
        }
        throw .gaveUp(parameter: parameter.name)
    }

    /// A value from the user's words: the app's options searched with them when it offers any,
    /// else the value type's own reading of them.
    private mutating func value(from words: String, for parameter: ParameterDescriptor)
        async throws(ExchangeStop) -> AnyParameterValue?
    {
        if parameter.flags.contains(.dynamicOptions) {
            switch try await call(.provideOptions(parameter: parameter.name, searchTerm: words)) {
            case .options(let collection):
                let (items, headings) = Self.flatten(collection)
                if items.count == 1 { return items[0] }
                if items.count > 1 { return try await pick(from: items, headings: headings, for: parameter) }
            case .refused(let error) where error.code != .noOptionsProvider:
                throw .refused(error)
            default:
                break
            }
        }
        return descriptor.value(for: parameter.name, spoken: words)
    }

    /// A collection's items in order, with each titled section's title keyed by the index of its
    /// first item.
    private static func flatten(_ collection: ObjectCollection<AnyParameterValue>) -> ([AnyParameterValue], [Int: String]) {
        var items: [AnyParameterValue] = []
        var headings: [Int: String] = [:]
        for section in collection.sections where !section.items.isEmpty {
            if let title = section.title { headings[items.count] = title }
            items += section.items
        }
        return (items, headings)
    }

    /// Disambiguation candidates grouped as the app's own options for the words said are, when
    /// the parameter offers options: SiriKit shows dynamic options in their sections. Candidates
    /// the options do not list come last, untitled.
    private mutating func grouped(_ candidates: [AnyParameterValue], for parameter: ParameterDescriptor)
        async throws(ExchangeStop) -> ([AnyParameterValue], [Int: String])
    {
        guard parameter.flags.contains(.dynamicOptions) else { return (candidates, [:]) }
        let spoken = descriptor.values(of: parameter.name, in: intent)?.first?.displayItem.title
        guard case .options(let collection) = try await call(.provideOptions(parameter: parameter.name, searchTerm: spoken))
        else { return (candidates, [:]) }
        var remaining = candidates
        var ordered: [AnyParameterValue] = []
        var headings: [Int: String] = [:]
        for section in collection.sections {
            let members = section.items.compactMap { item in
                remaining.firstIndex { $0.displayItem.identifier == item.displayItem.identifier }
                    .map { remaining.remove(at: $0) }
            }
            guard !members.isEmpty else { continue }
            if let title = section.title { headings[ordered.count] = title }
            ordered += members
        }
        if !headings.isEmpty && !remaining.isEmpty { headings[ordered.count] = "Others" }
        return (ordered + remaining, headings)
    }

    /// Offers candidates a page at a time and returns the one the user picks.
    private mutating func pick(
        from candidates: [AnyParameterValue], headings: [Int: String] = [:], for parameter: ParameterDescriptor
    ) async throws(ExchangeStop) -> AnyParameterValue {
        guard !candidates.isEmpty else {
            return try await askValue(for: parameter, question: valuePrompt(parameter))
        }
        let pageSize = max(1, configuration.pageSize)
        let introduction = parameter.prompts.disambiguationIntroduction ?? "Which \(parameter.name)?"
        var start = 0
        var misses = 0
        while misses <= configuration.maxReasks {
            let end = min(start + pageSize, candidates.count)
            let page = candidates[start..<end].map(\.displayItem)
            var pageHeadings: [Int: String] = [:]
            for index in start..<end { if let heading = headings[index] { pageHeadings[index - start] = heading } }
            let prompt = Prompt.pick(
                parameter: parameter.name, introduction: introduction, items: page, headings: pageHeadings,
                firstNumber: start + 1, hasMore: end < candidates.count)
            switch await ask(prompt) {
            case .pick(let number) where (1...candidates.count).contains(number):
                return candidates[number - 1]
            case .text(let words):
                let wanted = words.lowercased()
                if let match = candidates.first(where: {
                    $0.displayItem.title.lowercased() == wanted || $0.displayItem.identifier.lowercased() == wanted
                }) {
                    return match
                }
                misses += 1
                await say("Sorry, that isn't one of them.")
            case .more:
                if end < candidates.count {
                    start = end
                } else {
                    start = 0
                    misses += 1
                    await say("That's all of them.")
                }
            case .cancel:
                throw .cancelled
            default:
                misses += 1
                await say("Please pick a number from the list.")
            }
        }
        throw .gaveUp(parameter: parameter.name)
    }

    // MARK: Calls

    /// One phase call under its budget. The first call's budget started when the system
    /// connected, so it is also charged the app's launch and the handler lookup.
    private mutating func call(_ phase: PhaseCall.Phase) async throws(ExchangeStop) -> PhaseAnswer {
        let start = callsMade == 0 ? connectedAt : clock.now
        callsMade += 1
        let deadline = start + budget
        let call = PhaseCall(request: request, intent: intent, phase: phase)
        let budget = budget
        trace.record(.call, "\(phase) budget \(budget.seconds)s until \(deadline.seconds)s")
        let connection = connection
        let trace = trace
        let outcome = await race(
            deadline: deadline, on: clock,
            late: { answer in trace.record(.late, "\(phase) answered after its budget: \(answer.summary) (dropped)") },
            start: { answer, _ in connection.start(call, progress: { _ in }, reply: answer) })
        switch outcome {
        case .answered(let answer):
            trace.record(.result, "\(phase) → \(answer.summary)")
            return answer
        case .timedOut: throw .timedOut(phase: phase)
        case .cancelled: throw .cancelled
        }
    }

    /// Tells the app the request is over, so it drops the handler it holds for it.
    private func finish() async {
        let call = PhaseCall(request: request, intent: intent, phase: .finish)
        let connection = connection
        _ = await race(deadline: clock.now + budget, on: clock) { answer, _ in
            connection.start(call, progress: { _ in }, reply: answer)
        }
    }

    // MARK: Words

    private func text(for response: IntentResponse) -> String {
        if let dialog = response.dialog { return Template(dialog).render(response.values) }
        if let template = descriptor.template(for: response.code) {
            return Template(template.dialog).render(response.values)
        }
        return switch response.code {
        case .success: "Done."
        case .continueInApp: "Opening \(appName)."
        case .inProgress: "\(appName) is working on it."
        case .failureRequiringAppLaunch: "You'll need to continue in \(appName)."
        case .ready, .unspecified: "OK."
        default: descriptor.isSuccess(response.code) ? "Done." : "Sorry, \(appName) couldn't do that."
        }
    }

    private func spoken(_ error: IntentHostError) -> String {
        Dialog.refusal(error, appName: appName)
    }
}

extension PhaseCall.Phase {
    var spokenName: String {
        switch self {
        case .resolve(let parameter): "\(parameter)"
        case .provideOptions(let parameter, _): "\(parameter) options"
        case .confirm: "confirm"
        case .handle: "handle"
        case .finish: "finish"
        case .proceed: "resolve"
        }
    }
}

/// Which phase of a `proceed` call is running: moved on by each step the app reports, read to
/// name the phase that ran out of time.
private final class StepCursor: Sendable {
    private let phases: [PhaseCall.Phase]
    private let position = Mutex(0)

    init(_ phases: [PhaseCall.Phase]) {
        self.phases = phases
    }

    var phase: PhaseCall.Phase { phases[min(position.withLock { $0 }, phases.count - 1)] }

    func advance() { position.withLock { $0 += 1 } }
}

extension PhaseAnswer {
    /// One line describing the answer, for the trace.
    var summary: String {
        switch self {
        case .resolved(let results):
            results.map { result in
                let values = result.values.map(\.displayItem.title)
                let reason = result.reason.map { " reason: \($0)" } ?? ""
                return values.isEmpty ? "\(result.kind.rawValue)\(reason)" : "\(result.kind.rawValue)(\(values.joined(separator: ", ")))"
            }.joined(separator: "; ")
        case .options(let collection): "options(\(collection.allItems.count))"
        case .response(let response): "response(\(response.code)\(response.userActivity.map { ", activity \($0.activityType)" } ?? ""))"
        case .finished: "finished"
        case .refused(let error): "refused(\(error.code.rawValue): \(error))"
        case .progressed(_, let steps): steps.last.map { $0.answer.summary } ?? "nothing to do"
        }
    }
}

extension Duration {
    /// Seconds with millisecond precision, trailing zeros dropped, e.g. "9.5" or "10".
    var seconds: String { secondsText(trimmed: true) }
}

extension String {
    var replacingNewlines: String { split(separator: "\n").joined(separator: " | ") }
}
