/// One parameter of an intent type: its descriptor, how to read and write it, and how to call the
/// handler's resolution and options methods for it.
///
/// Made with `value(_:_:flags:prompts:resolve:options:)` or `values(...)` inside an intent's
/// `IntentSchema`; each is one mechanical line per parameter, the glue an intent definition
/// file will generate.
public struct IntentParameter<I: Intent>: Sendable {
    /// The parameter's name, flags and prompts.
    public let descriptor: ParameterDescriptor
    let valueType: any ParameterValue.Type
    let read: @Sendable (I) -> [AnyParameterValue]?
    let write: @Sendable (inout I, [AnyParameterValue]?) -> Bool
    /// The typed calls, a `ParameterCalls<I, Handler>` for the handler type the closures were
    /// written for; the schema, which knows the handling protocol, takes them back once.
    @usableFromInline
    let calls: any Sendable
    /// The handler type the calls were written for (the schema's handling protocol, normally).
    @usableFromInline
    let handlerType: Any.Type

    @usableFromInline
    init(
        descriptor: ParameterDescriptor, valueType: any ParameterValue.Type, read: @escaping @Sendable (I) -> [AnyParameterValue]?,
        write: @escaping @Sendable (inout I, [AnyParameterValue]?) -> Bool, calls: any Sendable, handlerType: Any.Type
    ) {
        self.descriptor = descriptor
        self.valueType = valueType
        self.read = read
        self.write = write
        self.calls = calls
        self.handlerType = handlerType
    }

    /// A single-value parameter stored at `keyPath`.
    ///
    /// - Parameters:
    ///   - name: the parameter's name, unique within its intent (what `${name}` templates use).
    ///   - keyPath: where the intent stores the value.
    ///   - flags: what the parameter allows (resolvable, configurable, options, search).
    ///   - prompts: what the assistant says about it; any left nil get a generic wording.
    ///   - resolve: calls the handler's typed resolution method, e.g.
    ///     `{ (handler: any ShowDirectionsIntentHandling, intent) in await handler.resolveRecipe(for: intent) }`;
    ///     its handler type must be the schema's handling protocol (the catalog checks).
    ///   - options: calls the handler's options provider, when the parameter offers options; it
    ///     answers every option for a search term, and the host pages them.
    ///   - pagedOptions: instead of `options`, a provider that answers one page itself (for a
    ///     catalog too large to list): the items from the page's offset, at most its limit, with
    ///     `nextOffset` set when more follow.
    @inlinable
    public static func value<Value: ParameterValue, Handler>(
        _ name: ParameterName, _ keyPath: WritableKeyPath<I, Value?> & Sendable,
        flags: ParameterFlags = [.resolvable, .configurable], prompts: ParameterPrompts = .init(),
        resolve: @escaping @MainActor @Sendable (Handler, I) async throws -> ResolutionResult<Value>,
        options: (@MainActor @Sendable (Handler, I, String?) async throws -> ObjectCollection<Value>)? = nil,
        pagedOptions: (@MainActor @Sendable (Handler, I, String?, OptionsPage) async throws -> ObjectCollection<Value>)? = nil
    ) -> IntentParameter {
        single(
            name, keyPath, flags: flags, prompts: prompts,
            resolve: { handler, intent, _ in
                // Not sent anywhere: see `HandlerBinding`.
                nonisolated(unsafe) let handler = handler
                return [ParameterResolution(try await resolve(handler, intent))]
            },
            options: erasedOptions(options, paged: pagedOptions))
    }

    /// A single-value parameter whose resolution also sees words its value type could not read
    /// (`ParameterInput.unread`): "lots" for an `Int` reaches the handler, which may refuse it with
    /// a reason of its own. Otherwise as `value(_:_:flags:prompts:resolve:options:pagedOptions:)`.
    ///
    /// - Parameters:
    ///   - name: the parameter's name, unique within its intent.
    ///   - keyPath: where the intent stores the value.
    ///   - flags: what the parameter allows.
    ///   - prompts: what the assistant says about it; `unsupported` holds the reason dialogs a
    ///     refusal of unread words picks.
    ///   - resolveInput: calls the handler's typed resolution method with the intent and the
    ///     parameter's input, e.g. `{ (handler: any TrackIntakeIntentHandling, intent, input) in
    ///     await handler.resolveOunces(for: intent, input: input) }`.
    ///   - options: calls the handler's options provider, when the parameter offers options.
    ///   - pagedOptions: instead of `options`, a provider that answers one page itself.
    @inlinable
    public static func value<Value: ParameterValue, Handler>(
        _ name: ParameterName, _ keyPath: WritableKeyPath<I, Value?> & Sendable,
        flags: ParameterFlags = [.resolvable, .configurable], prompts: ParameterPrompts = .init(),
        resolveInput: @escaping @MainActor @Sendable (Handler, I, ParameterInput<Value>) async throws -> ResolutionResult<Value>,
        options: (@MainActor @Sendable (Handler, I, String?) async throws -> ObjectCollection<Value>)? = nil,
        pagedOptions: (@MainActor @Sendable (Handler, I, String?, OptionsPage) async throws -> ObjectCollection<Value>)? = nil
    ) -> IntentParameter {
        single(
            name, keyPath, flags: flags, prompts: prompts,
            resolve: { handler, intent, unread in
                let input = ParameterInput(intent[keyPath: keyPath], unread: unread)
                // Not sent anywhere: see `HandlerBinding`.
                nonisolated(unsafe) let handler = handler
                return [ParameterResolution(try await resolveInput(handler, intent, input))]
            },
            options: erasedOptions(options, paged: pagedOptions))
    }

    /// A single-value parameter with its calls erased.
    @inlinable
    static func single<Value: ParameterValue, Handler>(
        _ name: ParameterName, _ keyPath: WritableKeyPath<I, Value?> & Sendable, flags: ParameterFlags,
        prompts: ParameterPrompts, resolve: @escaping ParameterCalls<I, Handler>.Resolve,
        options: ParameterCalls<I, Handler>.Options?
    ) -> IntentParameter {
        IntentParameter(
            descriptor: ParameterDescriptor(
                name: name, valueTypeName: Value.typeName, flags: flags.subtracting(.multiValue),
                prompts: prompts),
            valueType: Value.self,
            read: { intent in intent[keyPath: keyPath].map { [AnyParameterValue($0)] } },
            write: { intent, values in
                guard let values else {
                    intent[keyPath: keyPath] = nil
                    return true
                }
                guard values.count == 1, let value = values[0].value(as: Value.self) else { return false }
                intent[keyPath: keyPath] = value
                return true
            },
            calls: ParameterCalls(resolve: resolve, options: options),
            handlerType: Handler.self)
    }

    /// A multi-value parameter stored at `keyPath`; its resolution answers one result per item.
    /// Options as for `value(...)`.
    @inlinable
    public static func values<Value: ParameterValue, Handler>(
        _ name: ParameterName, _ keyPath: WritableKeyPath<I, [Value]?> & Sendable,
        flags: ParameterFlags = [.resolvable, .configurable], prompts: ParameterPrompts = .init(),
        resolve: @escaping @MainActor @Sendable (Handler, I) async throws -> [ResolutionResult<Value>],
        options: (@MainActor @Sendable (Handler, I, String?) async throws -> ObjectCollection<Value>)? = nil,
        pagedOptions: (@MainActor @Sendable (Handler, I, String?, OptionsPage) async throws -> ObjectCollection<Value>)? = nil
    ) -> IntentParameter {
        IntentParameter(
            descriptor: ParameterDescriptor(
                name: name, valueTypeName: Value.typeName, flags: flags.union(.multiValue),
                prompts: prompts),
            valueType: Value.self,
            read: { intent in intent[keyPath: keyPath].map { $0.map { AnyParameterValue($0) } } },
            write: { intent, values in
                guard let values else {
                    intent[keyPath: keyPath] = nil
                    return true
                }
                var typed: [Value] = []
                typed.reserveCapacity(values.count)
                for value in values {
                    guard let value = value.value(as: Value.self) else { return false }
                    typed.append(value)
                }
                intent[keyPath: keyPath] = typed
                return true
            },
            calls: ParameterCalls(
                resolve: { handler, intent, _ in
                    // Not sent anywhere: see `HandlerBinding`.
                    nonisolated(unsafe) let handler = handler
                    return try await resolve(handler, intent).map(ParameterResolution.init)
                },
                options: erasedOptions(options, paged: pagedOptions)),
            handlerType: Handler.self)
    }

    @usableFromInline
    static func erasedOptions<Value: ParameterValue, Handler>(
        _ options: (@MainActor @Sendable (Handler, I, String?) async throws -> ObjectCollection<Value>)?,
        paged: (@MainActor @Sendable (Handler, I, String?, OptionsPage) async throws -> ObjectCollection<Value>)?
    ) -> ParameterCalls<I, Handler>.Options? {
        if let paged {
            return { handler, intent, term, page in
                // Not sent anywhere: see `HandlerBinding`.
                nonisolated(unsafe) let handler = handler
                return try await paged(handler, intent, term, page).map { AnyParameterValue($0) }
            }
        }
        guard let options else { return nil }
        return { handler, intent, term, page in
            // Not sent anywhere: see `HandlerBinding`.
            nonisolated(unsafe) let handler = handler
            return try await options(handler, intent, term).page(page).map { AnyParameterValue($0) }
        }
    }
}

/// One parameter's calls into a handler of type `Handler`, erased to values the host can use.
///
/// A class: the host reads it in code generic over the intent's type, where a struct's copy
/// looks its metadata up first and a reference's is a retain.
@usableFromInline
final class ParameterCalls<I: Intent, Handler>: Sendable {
    /// Calls the handler's resolution method with the words the user gave for the parameter that
    /// its value type could not read, if any; runs on its caller's actor (see `RequestBinding`).
    @usableFromInline
    typealias Resolve = nonisolated(nonsending) @Sendable (Handler, I, String?) async throws -> [ParameterResolution]
    /// Calls the handler's options provider for one page; runs on its caller's actor.
    @usableFromInline
    typealias Options = nonisolated(nonsending) @Sendable (Handler, I, String?, OptionsPage) async throws
        -> ObjectCollection<AnyParameterValue>

    /// Calls the handler's resolution method: one result, or one per item of a multi-value one.
    let resolve: Resolve
    /// Calls the handler's options provider, when the parameter offers options.
    let options: Options?

    @usableFromInline
    init(resolve: @escaping Resolve, options: Options?) {
        self.resolve = resolve
        self.options = options
    }
}
