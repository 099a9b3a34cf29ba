import Synchronization

/// What the host keeps for a request: the handler `ApplicationDelegate.application(_:handlerFor:)`
/// returned, cast to its intent's handling protocol once (`IntentSchema.bind`), seen without the
/// handler's type (the host's table of requests and the visit's entry, `visit`). Its one
/// conforming type is `HandlerBinding`.
///
/// A visit enters it once: from there the host's steps (`IntentHost.proceed`, `call`) know the
/// binding's type and call it directly. Every layer between the host's visit and the handler's
/// own closures is `nonisolated(nonsending)`: it runs on its caller's actor, and a direct call of
/// such a function makes no executor switch, where a call through a protocol or a closure switches
/// back once it returns. Only the handler's closures, which are `@MainActor`, switch (on entry,
/// and back in their caller); on the main actor, where a visit runs, that switch finds the actor
/// it wants and goes on in the same job, so a closure that does not await answers with no
/// suspension.
@usableFromInline
protocol RequestBinding<Bound>: AnyObject, Sendable {
    associatedtype Bound: Intent
    /// The type of the object `handlerFor` returned, for messages.
    var handlerType: Any.Type { get }
    /// Whether the request is over (`IntentHost` ended it): a visit stops before its next step.
    var isEnded: Bool { get }
    /// Notes that the request is over.
    func markEnded()
    /// Runs the visit of `call`, whose intent is a `Bound`, on `host` with this binding
    /// (`IntentHost.visit(_:)`).
    nonisolated(nonsending)
    func visit(_ call: PhaseCall, on host: IntentHost, progress: (@Sendable (PhaseStep) -> Void)?) async -> PhaseAnswer
}

extension RequestBinding {
    /// The type name of the intent the handler is bound to, for messages.
    var intentTypeName: String { Bound.typeName }
}

/// The one binding of a request: its handler, typed as the schema's handling protocol, with the
/// schema's calls into it. Made by the schema's `bind` (in the app's module, so making it looks
/// no generic metadata up): one allocation per request, none per phase.
///
/// `@unchecked Sendable`: it is immutable but for its atomic flag, and the handler it holds is
/// used on the main actor only. The host keeps it in its table of requests and calls it only
/// from the steps of a visit, which run on the actor of `IntentHost.answer`, the main actor. For
/// the same reason it and the parameters' calls hand the handler to its own `@MainActor`
/// closures through a `nonisolated(unsafe)` binding: it is not sent anywhere, which the compiler
/// cannot see through a generic `Handler`.
@usableFromInline
final class HandlerBinding<I: Intent, Handler>: RequestBinding, @unchecked Sendable {
    @usableFromInline
    typealias Bound = I
    /// Calls the handler's confirm or handle.
    @usableFromInline
    typealias Respond = @MainActor @Sendable (Handler, I) async throws -> IntentResponse

    let handler: Handler
    @usableFromInline
    let handlerType: Any.Type
    /// Each parameter's calls (a `ParameterCalls<I, Handler>`), in the schema's order; nil where
    /// the parameter's closures were written for another handler type (the catalog refuses such
    /// an intent). Held as `AnyObject`: this code is generic, and reading an element of an array
    /// of `ParameterCalls<I, Handler>?` looked its metadata up on every resolve.
    let parameters: [AnyObject?]
    let confirmCall: Respond?
    let handleCall: Respond
    private let ended = Atomic<Bool>(false)

    @usableFromInline
    init(
        handler: Handler, handlerType: Any.Type, parameters: [AnyObject?], confirm: Respond?,
        handle: @escaping Respond
    ) {
        self.handler = handler
        self.handlerType = handlerType
        self.parameters = parameters
        confirmCall = confirm
        handleCall = handle
    }

    @usableFromInline
    var isEnded: Bool { ended.load(ordering: .acquiring) }

    @usableFromInline
    func markEnded() { ended.store(true, ordering: .releasing) }

    /// The parameter's calls; throws when its closures take another handler type (or there is
    /// no such parameter), which the host refuses as `wrongHandlerType`.
    private func parameter(_ index: Int) throws(MismatchedParameterHandler) -> ParameterCalls<I, Handler> {
        // A count check, not `indices.contains`: in this generic code a range's metadata is looked
        // up on every call.
        guard index >= 0, index < parameters.count, let calls = parameters[index] else {
            throw MismatchedParameterHandler(index: index)
        }
        // Safe: the schema fills the array with its parameters' calls taken back at this very
        // type, or nil (`IntentSchema.init`).
        return unsafeDowncast(calls, to: ParameterCalls<I, Handler>.self)
    }

    @usableFromInline nonisolated(nonsending)
    func visit(_ call: PhaseCall, on host: IntentHost, progress: (@Sendable (PhaseStep) -> Void)?) async -> PhaseAnswer {
        // The host bound this binding for the type of the call's intent (`IntentHost.bound`).
        func typed<Called: Intent>(_ intent: Called) -> I { _identityCast(intent, to: I.self) }
        return await host.awaited(typed(call.intent.base), call: call, on: self, progress: progress)
    }

    /// Resolves the parameter at `index` of the schema's parameters; `unread` is the words the
    /// user gave for it that its value type could not read. Like the calls below, inlined into
    /// the host's step: a frame of its own per step cost more than its code.
    @inline(__always) nonisolated(nonsending)
    func resolve(parameter index: Int, of intent: I, unread: String?) async throws -> [ParameterResolution] {
        try await parameter(index).resolve(handler, intent, unread)
    }

    /// One page of the options of the parameter at `index`; nil when it offers none.
    @inline(__always) nonisolated(nonsending)
    func options(parameter index: Int, of intent: I, searchTerm: String?, page: OptionsPage) async throws
        -> ObjectCollection<AnyParameterValue>?
    {
        guard let options = try parameter(index).options else { return nil }
        return try await options(handler, intent, searchTerm, page)
    }

    /// The handler's confirmation; nil when the schema declares no confirm (the intent is ready).
    @inline(__always) nonisolated(nonsending)
    func confirm(_ intent: I) async throws -> IntentResponse? {
        guard let confirmCall else { return nil }
        // Not sent anywhere: see above.
        nonisolated(unsafe) let handler = handler
        return try await confirmCall(handler, intent)
    }

    /// The handler's response.
    @inline(__always) nonisolated(nonsending)
    func handle(_ intent: I) async throws -> IntentResponse {
        // Not sent anywhere: see above.
        nonisolated(unsafe) let handler = handler
        return try await handleCall(handler, intent)
    }
}

/// A parameter whose closures take another handler type than the schema's handling protocol
/// was called; the host refuses the call as `wrongHandlerType`.
struct MismatchedParameterHandler: Error {
    /// The parameter's index in the schema.
    let index: Int
}
