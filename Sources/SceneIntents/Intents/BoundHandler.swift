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
final class BoundHandler<I: Intent>: RequestBinding, @unchecked Sendable {
    /// The type of the object `handlerFor` returned, for messages.
    let handlerType: Any.Type
    private let calls: any HandlerCalls<I>

    var intentTypeName: String { I.typeName }

    init(handlerType: Any.Type, calls: any HandlerCalls<I>) {
        self.handlerType = handlerType
        self.calls = calls
    }

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
}

/// The typed calls of one schema into one handler, seen without the handler's type; each runs on
/// its caller's actor (see `BoundHandler`).
protocol HandlerCalls<Bound> {
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
}

/// A schema's calls, typed for its handling protocol `Handler`: made once per schema.
final class SchemaCalls<I: Intent, Handler>: Sendable {
    /// Calls the handler's confirm or handle.
    typealias Respond = @MainActor @Sendable (Handler, I) async throws -> IntentResponse

    /// Each parameter's calls, in the schema's order; nil where the parameter's closures were
    /// written for another handler type (the catalog refuses such an intent).
    let parameters: [ParameterCalls<I, Handler>?]
    let confirm: Respond?
    let handle: Respond

    init(parameters: [ParameterCalls<I, Handler>?], confirm: Respond?, handle: @escaping Respond) {
        self.parameters = parameters
        self.confirm = confirm
        self.handle = handle
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

/// A schema's calls with the handler they go to.
struct TypedCalls<I: Intent, Handler>: HandlerCalls {
    let handler: Handler
    let schema: SchemaCalls<I, Handler>

    nonisolated(nonsending)
    func resolve(_ index: Int, _ intent: I, _ unread: String?) async throws -> [ParameterResolution] {
        try await schema.parameter(index).resolve(handler, intent, unread)
    }

    nonisolated(nonsending)
    func options(_ index: Int, _ intent: I, _ term: String?, _ page: OptionsPage) async throws
        -> ObjectCollection<AnyParameterValue>?
    {
        guard let options = try schema.parameter(index).options else { return nil }
        return try await options(handler, intent, term, page)
    }

    nonisolated(nonsending)
    func confirm(_ intent: I) async throws -> IntentResponse? {
        guard let confirm = schema.confirm else { return nil }
        // Not sent anywhere: see `BoundHandler`.
        nonisolated(unsafe) let handler = handler
        return try await confirm(handler, intent)
    }

    nonisolated(nonsending)
    func handle(_ intent: I) async throws -> IntentResponse {
        // Not sent anywhere: see `BoundHandler`.
        nonisolated(unsafe) let handler = handler
        return try await schema.handle(handler, intent)
    }
}

/// A parameter whose closures take another handler type than the schema's handling protocol
/// was called; the host refuses the call as `wrongHandlerType`.
struct MismatchedParameterHandler: Error {
    /// The parameter's index in the schema.
    let index: Int
}
