/// How an intent type is handled: its parameters in declaration order, its response templates,
/// and how to call its handler's confirm and handle methods.
///
/// Declare it once per intent as a `static let`; the host iterates it, so app code never
/// dispatches on strings. The `Handler` type is the intent's handling protocol as an existential
/// (`(any ShowDirectionsIntentHandling).self`): the glue casts the object `handlerFor` returned to
/// it and calls the typed method.
public struct IntentSchema<I: Intent>: Sendable {
    /// The parameters, in the order they are resolved.
    public let parameters: [IntentParameter<I>]
    /// Dialog templates by code (custom codes and overrides of the standard ones).
    public let responses: [ResponseTemplate]
    /// The handling protocol's name, used in error messages.
    public let handlerTypeName: String
    let isHandler: @Sendable (Any) -> Bool
    let confirm: (@MainActor @Sendable (Any, I) async throws -> IntentResponse)?
    let handle: @MainActor @Sendable (Any, I) async throws -> IntentResponse

    /// A schema.
    ///
    /// - Parameters:
    ///   - handler: the handling protocol, e.g. `(any ShowDirectionsIntentHandling).self`.
    ///   - confirm: calls the handler's confirm; nil answers `ready`.
    ///   - handle: calls the handler's handle.
    public init<Handler>(
        handler: Handler.Type,
        parameters: [IntentParameter<I>],
        responses: [ResponseTemplate] = [],
        confirm: (@MainActor @Sendable (Handler, I) async throws -> IntentResponse)? = nil,
        handle: @escaping @MainActor @Sendable (Handler, I) async throws -> IntentResponse
    ) {
        self.parameters = parameters
        self.responses = responses
        self.handlerTypeName = String(describing: Handler.self)
        self.isHandler = { $0 is Handler }
        if let confirm {
            self.confirm = { @MainActor @Sendable handler, intent in
                guard let handler = handler as? Handler else { throw HandlerCastFailure() }
                return try await confirm(handler, intent)
            }
        } else {
            self.confirm = nil
        }
        self.handle = { handler, intent in
            guard let handler = handler as? Handler else { throw HandlerCastFailure() }
            return try await handle(handler, intent)
        }
    }

    /// Whether a response with this code ends the exchange as a success: the template's flag,
    /// else every standard code but the two failures.
    public func isSuccess(_ code: ResponseCode) -> Bool {
        responses.first { $0.code == code }?.isSuccess ?? (code != .failure && code != .failureRequiringAppLaunch)
    }

    /// The parameter with this name, if the intent has one.
    public func parameter(named name: ParameterName) -> IntentParameter<I>? {
        parameters.first { $0.descriptor.name == name }
    }
}
