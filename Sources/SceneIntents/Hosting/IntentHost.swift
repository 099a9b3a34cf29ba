import Foundation
import Synchronization

/// The app's side of the boundary: answers the system's phase calls.
///
/// For each call it checks the intent against the manifest (listed, multiple scenes on, not
/// restricted while the device is locked), launches the app in the background with no scene if
/// it is not running, looks the handler up through `ApplicationDelegate.application(_:handlerFor:)`
/// once per request and binds it to the intent's schema (the one cast to the handling protocol),
/// then calls the typed phase method through that binding and returns a `Codable` answer.
/// Nothing a handler or the delegate does can crash it: nil, a wrong type and a thrown error
/// each come back as a typed `IntentHostError`.
///
/// When a `confirm` or `handle` response must open the app and carries no user activity, the host
/// makes one whose `activityType` is the intent's type name and whose `interaction` is (intent,
/// response).
///
/// Nothing happens after a request's end: a call for a request that has finished is refused
/// (`requestFinished`), a call whose task is already cancelled is refused before the app is
/// launched, and a `proceed` visit stops between steps once its task is cancelled. Confirm may
/// answer `ready` or a failure code, handle anything but `ready` or `unspecified`; any other code
/// is refused as `invalidResponseCode`, never passed on as a success.
@MainActor
public final class IntentHost {
    /// The app the host answers for.
    public let application: Application
    /// The app's intent types.
    public let catalog: IntentCatalog
    /// Receives what no answer carries (a second completion ignored, a background launch).
    public var onReport: (@Sendable (HostReport) -> Void)?
    /// The date given to interactions (inject a fixed one for reproducible output).
    public var now: @Sendable () -> Date = { Date() }

    private let requests = Mutex(HostRequests())

    /// A host for an application and its intent types.
    public init(application: Application, catalog: IntentCatalog) {
        self.application = application
        self.catalog = catalog
    }

    /// How many requests hold a handler now (zero once every request is over).
    public var requestsInFlight: Int { requests.withLock { $0.handlers.count } }

    /// Answers one call; `progress` hears each step of a `proceed` call as it completes.
    public func answer(_ call: PhaseCall, progress: (@Sendable (PhaseStep) -> Void)? = nil) async -> PhaseAnswer {
        if case .finish = call.phase {
            end(call.request)
            return .finished
        }
        let name = call.intent.typeName
        if requests.withLock({ $0.finished.contains(call.request) }) {
            return .refused(IntentHostError(.requestFinished, intent: name, detail: String(call.request)))
        }
        if Task.isCancelled { return .refused(IntentHostError(.cancelled, intent: name)) }
        if let refusal = application.manifest.refusal(
            of: name, catalog: catalog, deviceIsLocked: application.device.isLocked)
        {
            return .refused(refusal)
        }
        if !application.isRunning {
            do { try application.launch(.intent) } catch {
                return .refused(IntentHostError(.launchFailed, intent: name, detail: "\(error)"))
            }
            onReport?(HostReport(.launchedForIntent, name))
        }
        // Opening the existential with a method (not a local function) keeps the call on the main
        // actor: a local async function is not isolated and would hop off it and back.
        return await run(call.intent.base, call: call, progress: progress)
    }

    // The steps of a visit below `run` (`proceed`, `call`) are `nonisolated(nonsending)`: they
    // run on the actor of `run`, the main actor, and make no executor switch of their own (see
    // `BoundHandler`); the requests they end sit behind a `Mutex` for that reason.

    private func run<I: Intent>(_ intent: I, call: PhaseCall, progress: (@Sendable (PhaseStep) -> Void)?) async
        -> PhaseAnswer
    {
        let schema = I.schema
        let handler: BoundHandler<I>
        do throws(IntentHostError) { handler = try bound(for: call, of: schema) } catch { return .refused(error) }
        let context = HostCallContext(intent: I.typeName, phase: call.phase, sink: onReport)
        return await HostCallContext.$current.withValue(context) {
            guard case .proceed(let parameters) = call.phase else {
                return await self.call(call.phase, of: schema, on: handler, intent: intent, request: call)
            }
            return await self.proceed(parameters, of: schema, on: handler, intent: intent, request: call, progress: progress)
        }
    }

    /// The request's handler, bound to the schema: looked up and cast once, on the request's
    /// first call, then kept until the request ends.
    private func bound<I: Intent>(for call: PhaseCall, of schema: IntentSchema<I>) throws(IntentHostError) -> BoundHandler<I> {
        if let held = requests.withLock({ $0.handlers[call.request] }) {
            if let bound = held as? BoundHandler<I> { return bound }
            // A later call of the request names another intent type than its first call.
            end(call.request)
            throw IntentHostError(.intentChanged, intent: I.typeName, detail: "\(call.request) is for \(held.intentTypeName)")
        }
        guard let delegate = application.delegate else {
            throw IntentHostError(.launchFailed, intent: I.typeName, detail: "no delegate")
        }
        application.emit(.application(.handlerFor, detail: I.typeName))
        let found = delegate.application(application, handlerFor: call.intent)
        for scene in application.handlerStore.takeReleasedRegistrations() {
            onReport?(HostReport(.handlerReleased, "the handler registered in \(scene) was released before \(I.typeName) came; keep it alive in its screen (a stored property): the store holds handlers weakly"))
        }
        guard let found else { throw IntentHostError(.notHandled, intent: I.typeName) }
        guard let bound = schema.bind(found) else { throw wrongHandler(type(of: found), for: schema) }
        requests.withLock { $0.handlers[call.request] = bound }
        return bound
    }

    nonisolated private func wrongHandler<I: Intent>(_ type: Any.Type, for schema: IntentSchema<I>, expected: String? = nil)
        -> IntentHostError
    {
        IntentHostError(
            .wrongHandlerType, intent: I.typeName, detail: "\(type) (expected \(expected ?? schema.handlerTypeName))")
    }

    /// Calls one phase; a resolve whose parameter's index is known passes it as `at`.
    nonisolated(nonsending)
    private func call<I: Intent>(
        _ phase: PhaseCall.Phase, of schema: IntentSchema<I>, on handler: BoundHandler<I>, intent: I,
        request call: PhaseCall, at knownIndex: Int? = nil
    ) async -> PhaseAnswer {
        do {
            switch phase {
            case .resolve(let name):
                guard let index = knownIndex ?? schema.index(of: name) else {
                    return .refused(IntentHostError(.unknownParameter, intent: I.typeName, detail: name.rawValue))
                }
                // Most calls carry no unread words: the empty check spares hashing the name.
                let unread = call.intent.unreadWords.isEmpty ? nil : call.intent.unreadWords[name]
                return .resolved(try await handler.resolve(parameter: index, of: intent, unread: unread))
            case .provideOptions(let name, let term, let page):
                guard let index = schema.index(of: name) else {
                    return .refused(IntentHostError(.unknownParameter, intent: I.typeName, detail: name.rawValue))
                }
                guard let options = try await handler.options(parameter: index, of: intent, searchTerm: term, page: page)
                else {
                    return .refused(IntentHostError(.noOptionsProvider, intent: I.typeName, detail: name.rawValue))
                }
                return .options(options)
            case .confirm:
                guard let response = try await handler.confirm(intent) else { return .response(.ready) }
                if response.code == .ready { return .response(response) }
                end(call.request)
                guard !schema.isSuccess(response.code) else {
                    return .refused(invalidCode(response.code, phase: "confirm", intent: I.typeName))
                }
                return .response(await withActivity(response, for: call))
            case .handle:
                let response = try await handler.handle(intent)
                end(call.request)
                guard response.code != .ready && response.code != .unspecified else {
                    return .refused(invalidCode(response.code, phase: "handle", intent: I.typeName))
                }
                return .response(await withActivity(response, for: call))
            case .finish:
                end(call.request)
                return .finished
            case .proceed:
                return await proceed([], of: schema, on: handler, intent: intent, request: call, progress: nil)
            }
        } catch let mismatch as MismatchedParameterHandler {
            end(call.request)
            let expected = schema.parameters.indices.contains(mismatch.index)
                ? String(describing: schema.parameters[mismatch.index].handlerType) : nil
            return .refused(wrongHandler(handler.handlerType, for: schema, expected: expected))
        } catch is CancellationError {
            end(call.request)
            return .refused(IntentHostError(.cancelled, intent: I.typeName))
        } catch {
            end(call.request)
            return .refused(IntentHostError(.handlerThrew, intent: I.typeName, detail: "\(error)"))
        }
    }

    /// Runs resolve (each parameter), confirm and handle in one visit, stopping where the user
    /// is needed; see `PhaseCall.Phase.proceed`.
    nonisolated(nonsending)
    private func proceed<I: Intent>(
        _ parameters: [ParameterName], of schema: IntentSchema<I>, on handler: BoundHandler<I>, intent: I,
        request call: PhaseCall, progress: (@Sendable (PhaseStep) -> Void)?
    ) async -> PhaseAnswer {
        var intent = intent
        var steps: [PhaseStep] = []
        steps.reserveCapacity(parameters.count + 2)
        func step(_ phase: PhaseCall.Phase, _ answer: PhaseAnswer) -> PhaseAnswer? {
            if case .refused = answer { return answer }
            let step = PhaseStep(phase: phase, answer: answer)
            steps.append(step)
            progress?(step)
            return nil
        }
        var current = call
        // Between steps: once the task is cancelled (its budget ran out, the request was
        // cancelled) or the request has finished, no later phase reaches the handler.
        func isOver() -> Bool { Task.isCancelled || requests.withLock { $0.finished.contains(call.request) } }
        // Each parameter's unread words go with its resolution until it settles.
        var unread = call.intent.unreadWords
        for name in parameters {
            if isOver() { return .refused(IntentHostError(.cancelled, intent: I.typeName)) }
            current.phase = .resolve(parameter: name)
            // Looked up once for the call and the write (nil: the call refuses the name).
            let index = schema.index(of: name)
            let answer = await self.call(current.phase, of: schema, on: handler, intent: intent, request: current, at: index)
            if let refusal = step(current.phase, answer) { return refusal }
            guard case .resolved(let results) = answer, let index else { break }
            guard results.allSatisfy(\.isSettled) else {
                var progressed = AnyIntent(intent, targetSceneIdentifier: call.intent.targetSceneIdentifier)
                progressed.unreadWords = unread
                return .progressed(intent: progressed, steps: steps)
            }
            // Most requests carry no unread words: the empty check spares hashing the name.
            if !unread.isEmpty { unread.removeValue(forKey: name) }
            let parameter = schema.parameters[index]
            // Written only when every result is a success: a loop that stops at the first that is
            // not, with room for all (a `compactMap` grows its array).
            var values: [AnyParameterValue] = []
            values.reserveCapacity(results.count)
            for result in results {
                guard let value = result.successValue else { break }
                values.append(value)
            }
            if values.count == results.count && !values.isEmpty { _ = parameter.write(&intent, values) }
        }
        current.intent = AnyIntent(intent, targetSceneIdentifier: call.intent.targetSceneIdentifier)
        for phase in Self.lastPhases {
            if isOver() { return .refused(IntentHostError(.cancelled, intent: I.typeName)) }
            current.phase = phase
            let answer = await self.call(phase, of: schema, on: handler, intent: intent, request: current)
            if let refusal = step(phase, answer) { return refusal }
            if phase == .confirm, case .response(let response) = answer, response.code != .ready { break }
        }
        return .progressed(intent: current.intent, steps: steps)
    }

    /// What a visit runs after its parameters (a constant: a literal here would be an array
    /// allocated on every visit).
    private nonisolated static let lastPhases: [PhaseCall.Phase] = [.confirm, .handle]

    /// The request is over: its handler is dropped and any later call of it refused.
    nonisolated private func end(_ request: UInt64) {
        requests.withLock { $0.end(request) }
    }

    nonisolated private func invalidCode(_ code: ResponseCode, phase: String, intent: String) -> IntentHostError {
        let allowed = phase == "confirm" ? "confirm may answer ready or a failure code" : "handle may not answer ready or unspecified"
        return IntentHostError(.invalidResponseCode, intent: intent, detail: "\(code) from \(phase) (\(allowed))")
    }

    private func withActivity(_ response: IntentResponse, for call: PhaseCall) -> IntentResponse {
        guard response.code.opensApp else { return response }
        let descriptor = catalog.descriptor(named: call.intent.typeName)
        let interaction = Interaction(
            intent: call.intent, response: response, identifier: "interaction-\(call.request)",
            handlingStatus: IntentHandlingStatus(
                code: response.code, isSuccess: descriptor?.isSuccess(response.code) ?? false),
            date: now())
        var response = response
        if let activity = response.userActivity {
            if activity.interaction == nil {
                var content = activity.content
                content.interaction = interaction
                response.userActivity = UserActivity(content: content)
            }
        } else {
            var content = UserActivity.Content(activityType: call.intent.typeName)
            content.interaction = interaction
            response.userActivity = UserActivity(content: content)
        }
        return response
    }
}
