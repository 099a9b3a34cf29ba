/// The phases of a visit: what a phase's answer means, and how a `proceed` visit goes from step
/// to step (`ProceedVisit`). A handler that does not suspend is answered in the caller's job.
extension IntentHost {
    /// Calls one phase; a resolve whose parameter's index is known passes it as `at`. Inlined
    /// into the visit's steps: a frame of its own per step cost more than its code.
    @inline(__always) nonisolated(nonsending)
    func call<I: Intent, Handler>(
        _ phase: PhaseCall.Phase, of schema: IntentSchema<I>, on handler: HandlerBinding<I, Handler>, intent: I,
        request call: PhaseCall, at knownIndex: Int? = nil
    ) async -> PhaseAnswer {
        do {
            switch phase {
            case .resolve(let name):
                guard let index = knownIndex ?? schema.index(of: name) else { return Self.unknown(name, of: I.self) }
                return .resolved(try await handler.resolve(parameter: index, of: intent, unread: Self.unread(name, in: call)))
            case .provideOptions(let name, let term, let page):
                guard let index = schema.index(of: name) else { return Self.unknown(name, of: I.self) }
                guard let options = try await handler.options(parameter: index, of: intent, searchTerm: term, page: page)
                else {
                    return .refused(IntentHostError(.noOptionsProvider, intent: I.typeName, detail: name.rawValue))
                }
                return .options(options)
            case .confirm:
                return await answer(checked(confirmation: try await handler.confirm(intent), of: schema, call: call), for: call)
            case .handle:
                return await answer(checked(handled: try await handler.handle(intent), call: call), for: call)
            case .finish:
                end(call.request)
                return .finished
            case .proceed:
                return await proceed([], of: schema, on: handler, intent: intent, request: call, progress: nil)
            }
        } catch {
            if let question = Self.question(error, in: phase) { return .asks(question) }
            return refusal(error, of: schema, on: handler, request: call)
        }
    }

    /// Runs resolve (each parameter), confirm and handle in one visit, stopping where the user
    /// is needed; see `PhaseCall.Phase.proceed`.
    nonisolated(nonsending)
    func proceed<I: Intent, Handler>(
        _ parameters: [ParameterName], of schema: IntentSchema<I>, on handler: HandlerBinding<I, Handler>, intent: I,
        request call: PhaseCall, progress: (@Sendable (PhaseStep) -> Void)?
    ) async -> PhaseAnswer {
        var visit = ProceedVisit(parameters, call: call, progress: progress)
        var intent = intent
        while true {
            switch visit.next(of: schema, intent: intent, isOver: handler.isEnded || Task.isCancelled) {
            case .answer(let answer): return answer
            case .call(let current, let index):
                let answer = await self.call(current.phase, of: schema, on: handler, intent: intent, request: current, at: index)
                if let end = visit.take(answer, of: schema, intent: &intent) { return end }
            }
        }
    }

    /// A confirm's or handle's response, checked; one that opens the app still needs its activity.
    enum CheckedResponse {
        case answer(PhaseAnswer)
        case opensApp(IntentResponse)
    }

    /// Confirm may answer `ready` (nil: the schema declares no confirm) or a failure code;
    /// anything else ends the request.
    nonisolated func checked<I: Intent>(confirmation response: IntentResponse?, of schema: IntentSchema<I>, call: PhaseCall)
        -> CheckedResponse
    {
        guard let response else { return .answer(.response(.ready)) }
        if response.code == .ready { return .answer(.response(response)) }
        end(call.request)
        guard !schema.isSuccess(response.code) else {
            return .answer(.refused(invalidCode(response.code, phase: "confirm", intent: I.typeName)))
        }
        return response.code.opensApp ? .opensApp(response) : .answer(.response(response))
    }

    /// Handle may answer anything but `ready` or `unspecified`; it ends the request.
    nonisolated func checked(handled response: IntentResponse, call: PhaseCall) -> CheckedResponse {
        end(call.request)
        guard response.code != .ready && response.code != .unspecified else {
            return .answer(.refused(invalidCode(response.code, phase: "handle", intent: call.intent.typeName)))
        }
        return response.code.opensApp ? .opensApp(response) : .answer(.response(response))
    }

    /// The answer to a checked response: one that opens the app gets its activity on the main
    /// actor, the only step of a visit that switches to it (any other answer makes no switch).
    nonisolated(nonsending)
    func answer(_ checked: CheckedResponse, for call: PhaseCall) async -> PhaseAnswer {
        switch checked {
        case .answer(let answer): answer
        case .opensApp(let response): .response(await withActivity(response, for: call))
        }
    }

    /// What a handler's thrown error (or a parameter written for another handler type) answers;
    /// each ends the request.
    nonisolated func refusal<I: Intent, Handler>(
        _ error: any Error, of schema: IntentSchema<I>, on handler: HandlerBinding<I, Handler>, request call: PhaseCall
    ) -> PhaseAnswer {
        end(call.request)
        if let mismatch = error as? MismatchedParameterHandler {
            let expected = schema.parameters.indices.contains(mismatch.index)
                ? TypeNames.name(of: schema.parameters[mismatch.index].handlerType) : nil
            return .refused(wrongHandler(handler.handlerType, for: schema, expected: expected))
        }
        if error is CancellationError { return .refused(IntentHostError(.cancelled, intent: I.typeName)) }
        return .refused(IntentHostError(.handlerThrew, intent: I.typeName, detail: "\(error)"))
    }

    /// The question a confirm or handle threw (`IntentQuestion`): the phase's answer, which keeps
    /// the request and its handler; nil for any other error or phase.
    nonisolated static func question(_ error: any Error, in phase: PhaseCall.Phase) -> IntentQuestion? {
        guard let question = error as? IntentQuestion else { return nil }
        switch phase {
        case .confirm, .handle: return question
        case .resolve, .provideOptions, .finish, .proceed: return nil
        }
    }

    /// The words the user gave for `name` that its value type could not read. Most calls carry
    /// none: the empty check spares hashing the name.
    nonisolated static func unread(_ name: ParameterName, in call: PhaseCall) -> String? {
        call.intent.unreadWords.isEmpty ? nil : call.intent.unreadWords[name]
    }

    nonisolated static func unknown<I: Intent>(_ name: ParameterName, of intent: I.Type) -> PhaseAnswer {
        .refused(IntentHostError(.unknownParameter, intent: I.typeName, detail: name.rawValue))
    }

    nonisolated func invalidCode(_ code: ResponseCode, phase: String, intent: String) -> IntentHostError {
        let allowed = phase == "confirm" ? "confirm may answer ready or a failure code" : "handle may not answer ready or unspecified"
        return IntentHostError(.invalidResponseCode, intent: intent, detail: "\(code) from \(phase) (\(allowed))")
    }
}
