/// How an intent type is handled: its parameters in declaration order, its response templates,
/// and how to call its handler's confirm and handle methods.
///
/// Declare it once per intent as a `static let`; the host iterates it, so app code never
/// dispatches on strings. The `Handler` type is the intent's handling protocol as an existential
/// (`(any ShowDirectionsIntentHandling).self`): the host casts the object `handlerFor` returned to
/// it once per request and every phase calls the typed method.
public struct IntentSchema<I: Intent>: Sendable {
    /// The fields, in one object: the host copies the schema on every visit in code generic over
    /// the intent's type, where copying a struct of six fields looks up the struct's metadata
    /// first; copying one reference is a retain.
    @usableFromInline
    final class Storage: Sendable {
        let parameters: [IntentParameter<I>]
        let responses: [ResponseTemplate]
        let requirements: IntentRequirements
        let handlerTypeName: String
        let bind: @MainActor @Sendable (Any) -> (any RequestBinding<I>)?
        let mismatchedParameter: (name: ParameterName, handlerType: String)?
        /// The parameters' names, in order: searched without the generic metadata that searching
        /// `parameters` looks up on every call.
        let names: [ParameterName]
        /// Each parameter's writer, in order: reached without that metadata either.
        let writers: [@Sendable (inout I, [AnyParameterValue]?) -> Bool]

        @usableFromInline
        init(
            parameters: [IntentParameter<I>], responses: [ResponseTemplate], requirements: IntentRequirements,
            handlerTypeName: String, bind: @escaping @MainActor @Sendable (Any) -> (any RequestBinding<I>)?,
            mismatchedParameter: (name: ParameterName, handlerType: String)?
        ) {
            self.parameters = parameters
            self.responses = responses
            self.requirements = requirements
            self.handlerTypeName = handlerTypeName
            self.bind = bind
            self.mismatchedParameter = mismatchedParameter
            self.names = parameters.map(\.descriptor.name)
            self.writers = parameters.map(\.write)
        }
    }

    @usableFromInline
    let storage: Storage

    /// The parameters, in the order they are resolved.
    public var parameters: [IntentParameter<I>] { storage.parameters }
    /// Dialog templates by code (custom codes and overrides of the standard ones).
    public var responses: [ResponseTemplate] { storage.responses }
    /// The confirmation asked before `handle` and the restriction, if the intent has them.
    public var requirements: IntentRequirements { storage.requirements }
    /// The handling protocol's name, used in error messages.
    public var handlerTypeName: String { storage.handlerTypeName }
    /// Casts the object `handlerFor` returned to the handling protocol, the one cast of a
    /// request, and binds it for every phase; nil when it is not a handler of this intent.
    var bind: @MainActor @Sendable (Any) -> (any RequestBinding<I>)? { storage.bind }
    /// The first parameter whose closures take another handler type than `handler`, with that
    /// type's name: the catalog refuses the intent.
    var mismatchedParameter: (name: ParameterName, handlerType: String)? { storage.mismatchedParameter }

    /// A schema: its parameters, its dialog templates and how to call its handler.
    ///
    /// Its closures are `async`; one that does not `await` is one still, and answers at once: a
    /// visit whose calls never suspend runs in its caller's job, so an app in the assistant's
    /// process is answered before the assistant waits (see `AppEndpoint.serve(_:_:)`).
    ///
    /// - Parameters:
    ///   - handler: the handling protocol, e.g. `(any ShowDirectionsIntentHandling).self`; every
    ///     parameter's closures must take this type too.
    ///   - parameters: the parameters, in resolution order.
    ///   - responses: the dialog templates of the intent's response codes.
    ///   - confirmation: the question the user answers before `handle`, if any (see
    ///     `IntentConfirmation`).
    ///   - restriction: when the device's state refuses the intent (default: never).
    ///   - confirm: calls the handler's confirm; nil answers `ready`.
    ///   - handle: calls the handler's handle.
    @inlinable
    public init<Handler>(
        handler: Handler.Type,
        parameters: [IntentParameter<I>],
        responses: [ResponseTemplate] = [],
        confirmation: IntentConfirmation? = nil,
        restriction: IntentRestriction = .unrestricted,
        confirm: (@MainActor @Sendable (Handler, I) async throws -> IntentResponse)? = nil,
        handle: @escaping @MainActor @Sendable (Handler, I) async throws -> IntentResponse
    ) {
        // Inlinable: the app's module makes it for its own intent and handler types, so binding a
        // handler (the cast, the binding's allocation) looks no generic metadata up on each
        // request. Each parameter's calls are taken back at their type once, here.
        let calls = parameters.map { $0.calls as? ParameterCalls<I, Handler> }
        let bound: [AnyObject?] = calls.map { $0 }
        storage = Storage(
            parameters: parameters, responses: responses,
            requirements: IntentRequirements(confirmation: confirmation, restriction: restriction),
            handlerTypeName: TypeNames.name(of: Handler.self),
            bind: { object in
                guard let handler = object as? Handler else { return nil }
                return HandlerBinding(
                    handler: handler, handlerType: type(of: object), parameters: bound, confirm: confirm, handle: handle)
            },
            mismatchedParameter: zip(parameters, calls).first { $0.1 == nil }.map {
                ($0.0.descriptor.name, TypeNames.name(of: $0.0.handlerType))
            })
    }

    /// Whether a response with this code ends the exchange as a success: the template's flag,
    /// else every standard code but the two failures.
    public func isSuccess(_ code: ResponseCode) -> Bool { ResponseTemplate.isSuccess(code, among: responses) }

    /// The parameter with this name, if the intent has one.
    public func parameter(named name: ParameterName) -> IntentParameter<I>? {
        index(of: name).map { parameters[$0] }
    }

    /// Where the parameter with this name is in `parameters`, if the intent has one.
    func index(of name: ParameterName) -> Int? {
        storage.names.firstIndex(of: name)
    }

    /// Writes the values (nil clears) into the parameter at `index`; false when they are not of
    /// its type.
    func write(parameter index: Int, _ values: [AnyParameterValue]?, into intent: inout I) -> Bool {
        storage.writers[index](&intent, values)
    }
}
