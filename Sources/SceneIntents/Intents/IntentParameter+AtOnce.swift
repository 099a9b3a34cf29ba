/// Parameters whose resolution answers at once: the closure is synchronous, so the host calls it
/// in the visit's own job with no suspension (see `IntentSchema`'s synchronous `init`). Swift
/// picks these when the closure does not `await`; a closure that awaits takes the other form.
extension IntentParameter {
    /// A single-value parameter whose resolution answers at once (the closure does not await);
    /// otherwise as `value(_:_:flags:prompts:resolve:options:pagedOptions:)`.
    ///
    /// - Parameters:
    ///   - name: the parameter's name, unique within its intent.
    ///   - keyPath: where the intent stores the value.
    ///   - flags: what the parameter allows.
    ///   - prompts: what the assistant says about it.
    ///   - resolve: calls the handler's typed resolution method, e.g.
    ///     `{ (handler: any PingIntentHandling, intent) in handler.resolveWord(for: intent) }`.
    ///   - options: calls the handler's options provider, when the parameter offers options.
    ///   - pagedOptions: instead of `options`, a provider that answers one page itself.
    @inlinable
    public static func value<Value: ParameterValue, Handler>(
        _ name: ParameterName, _ keyPath: WritableKeyPath<I, Value?> & Sendable,
        flags: ParameterFlags = [.resolvable, .configurable], prompts: ParameterPrompts = .init(),
        resolve: @escaping @MainActor @Sendable (Handler, I) throws -> ResolutionResult<Value>,
        options: (@MainActor @Sendable (Handler, I, String?) async throws -> ObjectCollection<Value>)? = nil,
        pagedOptions: (@MainActor @Sendable (Handler, I, String?, OptionsPage) async throws -> ObjectCollection<Value>)? = nil
    ) -> IntentParameter {
        single(
            name, keyPath, flags: flags, prompts: prompts,
            resolve: .atOnce({ handler, intent, _ in [ParameterResolution(try resolve(handler, intent))] }),
            options: erasedOptions(options, paged: pagedOptions))
    }

    /// A single-value parameter whose resolution sees the words its value type could not read
    /// and answers at once; otherwise as `value(_:_:flags:prompts:resolveInput:options:pagedOptions:)`.
    ///
    /// - Parameters:
    ///   - name: the parameter's name, unique within its intent.
    ///   - keyPath: where the intent stores the value.
    ///   - flags: what the parameter allows.
    ///   - prompts: what the assistant says about it.
    ///   - resolveInput: calls the handler's typed resolution method with the parameter's input.
    ///   - options: calls the handler's options provider, when the parameter offers options.
    ///   - pagedOptions: instead of `options`, a provider that answers one page itself.
    @inlinable
    public static func value<Value: ParameterValue, Handler>(
        _ name: ParameterName, _ keyPath: WritableKeyPath<I, Value?> & Sendable,
        flags: ParameterFlags = [.resolvable, .configurable], prompts: ParameterPrompts = .init(),
        resolveInput: @escaping @MainActor @Sendable (Handler, I, ParameterInput<Value>) throws -> ResolutionResult<Value>,
        options: (@MainActor @Sendable (Handler, I, String?) async throws -> ObjectCollection<Value>)? = nil,
        pagedOptions: (@MainActor @Sendable (Handler, I, String?, OptionsPage) async throws -> ObjectCollection<Value>)? = nil
    ) -> IntentParameter {
        single(
            name, keyPath, flags: flags, prompts: prompts,
            resolve: .atOnce({ handler, intent, unread in
                [ParameterResolution(try resolveInput(handler, intent, ParameterInput(intent[keyPath: keyPath], unread: unread)))]
            }),
            options: erasedOptions(options, paged: pagedOptions))
    }

    /// A multi-value parameter whose resolution answers at once; otherwise as
    /// `values(_:_:flags:prompts:resolve:options:pagedOptions:)`.
    ///
    /// - Parameters:
    ///   - name: the parameter's name, unique within its intent.
    ///   - keyPath: where the intent stores the values.
    ///   - flags: what the parameter allows.
    ///   - prompts: what the assistant says about it.
    ///   - resolve: calls the handler's typed resolution method: one result per item.
    ///   - options: calls the handler's options provider, when the parameter offers options.
    ///   - pagedOptions: instead of `options`, a provider that answers one page itself.
    @inlinable
    public static func values<Value: ParameterValue, Handler>(
        _ name: ParameterName, _ keyPath: WritableKeyPath<I, [Value]?> & Sendable,
        flags: ParameterFlags = [.resolvable, .configurable], prompts: ParameterPrompts = .init(),
        resolve: @escaping @MainActor @Sendable (Handler, I) throws -> [ResolutionResult<Value>],
        options: (@MainActor @Sendable (Handler, I, String?) async throws -> ObjectCollection<Value>)? = nil,
        pagedOptions: (@MainActor @Sendable (Handler, I, String?, OptionsPage) async throws -> ObjectCollection<Value>)? = nil
    ) -> IntentParameter {
        multiple(
            name, keyPath, flags: flags, prompts: prompts,
            resolve: .atOnce({ handler, intent, _ in try resolve(handler, intent).map(ParameterResolution.init) }),
            options: erasedOptions(options, paged: pagedOptions))
    }
}
