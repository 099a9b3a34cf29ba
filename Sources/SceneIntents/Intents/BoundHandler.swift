import Synchronization

/// The handler of one request, cast to its intent's handling protocol once, when
/// `ApplicationDelegate.application(_:handlerFor:)` returned it (`IntentSchema.bind`).
///
/// The host keeps it for every phase of the request; each phase calls the handler's typed method
/// through it with no further cast. It holds the typed handler inline in an existential (a class
/// handler and the schema's calls fit its buffer), so binding costs one allocation per request
/// and a phase none.
///
/// Its methods, and every layer between the host's visit and the handler's own closures, are
/// `nonisolated(nonsending)`: they run on their caller's actor and make no executor switch. Only
/// the handler's closures, which are `@MainActor`, switch (on entry, and back in their caller).
/// Each switch takes the task's status lock when the task prefers a task executor, as the main
/// loop's tasks do, so a visit's switches were a fifth of a host's instructions.
///
/// `@unchecked Sendable`: it is immutable, and the handler it holds is used on the main actor
/// only. The host keeps it in its table of requests and calls it only from the steps of a visit,
/// which run on the actor of `IntentHost.answer`, the main actor. For the same reason the layers
/// below it hand the handler to its own `@MainActor` closures through a `nonisolated(unsafe)`
/// binding: it is not sent anywhere, which the compiler cannot see through a generic `Handler`.
@usableFromInline
final class BoundHandler<I: Intent>: RequestBinding, @unchecked Sendable {
    /// The type of the object `handlerFor` returned, for messages.
    let handlerType: Any.Type
    private let calls: any HandlerCalls<I>

    var intentTypeName: String { I.typeName }

    /// Set once the request is over (`IntentHost` ended it): a visit stops before its next step.
    private let ended = Atomic<Bool>(false)

    /// Whether the request is over.
    var isEnded: Bool { ended.load(ordering: .acquiring) }

    func markEnded() { ended.store(true, ordering: .releasing) }

    /// Whether every call of the schema answers at once (none of its closures can suspend): the
    /// host then runs the visit in its caller's job, with the `…AtOnce` methods.
    let answersAtOnce: Bool

    @usableFromInline
    init(handlerType: Any.Type, calls: any HandlerCalls<I>) {
        self.handlerType = handlerType
        self.calls = calls
        answersAtOnce = calls.answersAtOnce
    }

    /// Resolves the parameter at `index` in the caller's job; only when `answersAtOnce`.
    @MainActor
    func resolveAtOnce(parameter index: Int, of intent: I, unread: String?) throws -> [ParameterResolution] {
        try calls.resolveAtOnce(index, intent, unread)
    }

    /// The handler's confirmation, in the caller's job; only when `answersAtOnce`.
    @MainActor
    func confirmAtOnce(_ intent: I) throws -> IntentResponse? { try calls.confirmAtOnce(intent) }

    /// The handler's response, in the caller's job; only when `answersAtOnce`.
    @MainActor
    func handleAtOnce(_ intent: I) throws -> IntentResponse { try calls.handleAtOnce(intent) }

    /// Resolves the parameter at `index` of the schema's parameters; `unread` is the words the
    /// user gave for it that its value type could not read.
    @inline(__always) nonisolated(nonsending)
    func resolve(parameter index: Int, of intent: I, unread: String?) async throws -> [ParameterResolution] {
        try await calls.resolve(index, intent, unread)
    }

    /// One page of the options of the parameter at `index`; nil when it offers none.
    @inline(__always) nonisolated(nonsending)
    func options(parameter index: Int, of intent: I, searchTerm: String?, page: OptionsPage) async throws
        -> ObjectCollection<AnyParameterValue>?
    {
        try await calls.options(index, intent, searchTerm, page)
    }

    /// The handler's confirmation; nil when the schema declares no confirm (the intent is ready).
    @inline(__always) nonisolated(nonsending)
    func confirm(_ intent: I) async throws -> IntentResponse? { try await calls.confirm(intent) }

    /// The handler's response.
    @inline(__always) nonisolated(nonsending)
    func handle(_ intent: I) async throws -> IntentResponse { try await calls.handle(intent) }
}

/// What the host keeps for a request whatever its intent type: a `BoundHandler` of that type.
protocol RequestBinding: AnyObject, Sendable {
    /// The type name of the intent the handler is bound to, for messages.
    var intentTypeName: String { get }
    /// Notes that the request is over.
    func markEnded()
}

/// The typed calls of one schema into one handler, seen without the handler's type; each runs on
/// its caller's actor (see `BoundHandler`). A class, so that holding and calling it copies no
/// generic value (whose metadata would be looked up on every visit).
@usableFromInline
protocol HandlerCalls<Bound>: AnyObject {
    associatedtype Bound: Intent
    nonisolated(nonsending)
    func resolve(_ index: Int, _ intent: Bound, _ unread: String?) async throws -> [ParameterResolution]
    nonisolated(nonsending)
    func options(_ index: Int, _ intent: Bound, _ term: String?, _ page: OptionsPage) async throws
        -> ObjectCollection<AnyParameterValue>?
    nonisolated(nonsending)
    func confirm(_ intent: Bound) async throws -> IntentResponse?
    nonisolated(nonsending)
    func handle(_ intent: Bound) async throws -> IntentResponse
    /// Whether every call answers at once: the `…AtOnce` methods may be used.
    var answersAtOnce: Bool { get }
    @MainActor
    func resolveAtOnce(_ index: Int, _ intent: Bound, _ unread: String?) throws -> [ParameterResolution]
    @MainActor
    func confirmAtOnce(_ intent: Bound) throws -> IntentResponse?
    @MainActor
    func handleAtOnce(_ intent: Bound) throws -> IntentResponse
}

/// A schema's calls, typed for its handling protocol `Handler`: made once per schema.
@usableFromInline
final class SchemaCalls<I: Intent, Handler>: Sendable {
    /// How the handler's confirm or handle is called.
    @usableFromInline
    enum Response: Sendable {
        /// It cannot suspend (the schema's closure is synchronous).
        case atOnce(@MainActor @Sendable (Handler, I) throws -> IntentResponse)
        /// It may suspend.
        case suspending(@MainActor @Sendable (Handler, I) async throws -> IntentResponse)

        var isAtOnce: Bool { if case .atOnce = self { true } else { false } }
    }

    /// Each parameter's calls, in the schema's order; nil where the parameter's closures were
    /// written for another handler type (the catalog refuses such an intent).
    @usableFromInline
    let parameters: [ParameterCalls<I, Handler>?]
    let confirm: Response?
    let handle: Response
    /// Whether no call can suspend: every resolution, the confirm (if any) and the handle.
    let answersAtOnce: Bool

    @usableFromInline
    init(parameters: [ParameterCalls<I, Handler>?], confirm: Response?, handle: Response) {
        self.parameters = parameters
        self.confirm = confirm
        self.handle = handle
        answersAtOnce = handle.isAtOnce && (confirm?.isAtOnce ?? true)
            && parameters.allSatisfy { calls in
                guard case .suspending? = calls?.resolve else { return true }
                return false
            }
    }

    /// The parameter's calls; throws when its closures take another handler type (or there is
    /// no such parameter), which the host refuses as `wrongHandlerType`.
    func parameter(_ index: Int) throws(MismatchedParameterHandler) -> ParameterCalls<I, Handler> {
        // A count check, not `indices.contains`: in this generic code a range's metadata is looked
        // up on every call.
        guard index >= 0, index < parameters.count, let calls = parameters[index] else {
            throw MismatchedParameterHandler(index: index)
        }
        return calls
    }
}

/// A schema's calls with the handler they go to. Used as `BoundHandler` is (whose proof of
/// `@unchecked Sendable` covers it): immutable, its handler called on the main actor only.
@usableFromInline
final class TypedCalls<I: Intent, Handler>: HandlerCalls {
    let handler: Handler
    let schema: SchemaCalls<I, Handler>

    @usableFromInline
    init(handler: Handler, schema: SchemaCalls<I, Handler>) {
        self.handler = handler
        self.schema = schema
    }

    @usableFromInline
    nonisolated(nonsending)
    func resolve(_ index: Int, _ intent: I, _ unread: String?) async throws -> [ParameterResolution] {
        switch try schema.parameter(index).resolve {
        case .suspending(let resolve): return try await resolve(handler, intent, unread)
        case .atOnce(let resolve):
            // Not sent anywhere: see `BoundHandler`.
            nonisolated(unsafe) let handler = handler
            return try await resolve(handler, intent, unread)
        }
    }

    @usableFromInline
    nonisolated(nonsending)
    func options(_ index: Int, _ intent: I, _ term: String?, _ page: OptionsPage) async throws
        -> ObjectCollection<AnyParameterValue>?
    {
        guard let options = try schema.parameter(index).options else { return nil }
        return try await options(handler, intent, term, page)
    }

    @usableFromInline
    nonisolated(nonsending)
    func confirm(_ intent: I) async throws -> IntentResponse? {
        guard let confirm = schema.confirm else { return nil }
        return try await respond(confirm, intent)
    }

    @usableFromInline
    nonisolated(nonsending)
    func handle(_ intent: I) async throws -> IntentResponse {
        try await respond(schema.handle, intent)
    }

    @inline(__always) nonisolated(nonsending)
    private func respond(_ response: SchemaCalls<I, Handler>.Response, _ intent: I) async throws -> IntentResponse {
        // Not sent anywhere: see `BoundHandler`.
        nonisolated(unsafe) let handler = handler
        switch response {
        case .atOnce(let respond): return try await respond(handler, intent)
        case .suspending(let respond): return try await respond(handler, intent)
        }
    }

    @usableFromInline
    var answersAtOnce: Bool { schema.answersAtOnce }

    @usableFromInline
    @MainActor
    func resolveAtOnce(_ index: Int, _ intent: I, _ unread: String?) throws -> [ParameterResolution] {
        guard case .atOnce(let resolve) = try schema.parameter(index).resolve else { throw SuspendingCall() }
        return try resolve(handler, intent, unread)
    }

    @usableFromInline
    @MainActor
    func confirmAtOnce(_ intent: I) throws -> IntentResponse? {
        guard let confirm = schema.confirm else { return nil }
        return try respondAtOnce(confirm, intent)
    }

    @usableFromInline
    @MainActor
    func handleAtOnce(_ intent: I) throws -> IntentResponse { try respondAtOnce(schema.handle, intent) }

    @MainActor
    private func respondAtOnce(_ response: SchemaCalls<I, Handler>.Response, _ intent: I) throws -> IntentResponse {
        guard case .atOnce(let respond) = response else { throw SuspendingCall() }
        return try respond(handler, intent)
    }
}

/// A call that may suspend was made at once: the host uses the `…AtOnce` methods only for a
/// schema whose calls all answer at once, so this names a defect in the host, never in the app.
struct SuspendingCall: Error, CustomStringConvertible {
    var description: String { "a handler call that may suspend was made at once" }
}

/// A parameter whose closures take another handler type than the schema's handling protocol
/// was called; the host refuses the call as `wrongHandlerType`.
struct MismatchedParameterHandler: Error {
    /// The parameter's index in the schema.
    let index: Int
}
