import SceneIntents

/// A `@Parameter` as the adapter sees it, whatever its value type: its engine parameter, and its
/// value read and written as engine values.
protocol ParameterWrapper: AnyObject, Sendable {
    /// The value as engine values; nil when none is given.
    var engineValues: [AnyParameterValue]? { get }
    /// Learns its name in its intent.
    func adopt(name: String)
    /// Takes these engine values as its value, fetching entities known by identifier.
    func load(_ values: [AnyParameterValue]) async throws
    /// The engine's parameter for it, in intent type `EngineIntent<A>`.
    func engineParameter<A: AppIntent>(named name: String, in intent: EngineIntent<A>.Type)
        -> SceneIntents.IntentParameter<EngineIntent<A>>
}

/// A value the engine handed over that is not of the parameter's type, or an entity its query
/// no longer finds.
struct UnusableValue: LocalizedError, CustomStringConvertible {
    let parameter: String
    let value: String
    var description: String { "the \(parameter) '\(value)' could not be found" }
    /// What the user hears: the same.
    var errorDescription: String? { "Sorry, the \(parameter) '\(value)' could not be found." }
}

extension IntentParameter: ParameterWrapper {
    /// The element's engine value type.
    typealias Engine = Value.ValueType._EngineValue

    var engineValues: [AnyParameterValue]? {
        state.withLock { $0.value }?._elements.map { $0.map { AnyParameterValue($0._engineValue) } }
    }

    func adopt(name: String) {
        state.withLock { $0.name = name }
    }

    func load(_ given: [AnyParameterValue]) async throws {
        var elements: [Value.ValueType] = []
        for value in given {
            guard let engine = value.value(as: Engine.self) else { throw UnusableValue(parameter: name, value: value.description) }
            var element = Value.ValueType._value(of: engine)
            if element == nil, let queried = engine as? any QueriedValue, let fetched = try await queried.fetched() as? Engine {
                element = Value.ValueType._value(of: fetched)
            }
            guard let element else { throw UnusableValue(parameter: name, value: value.description) }
            elements.append(element)
        }
        let made = Value._make(elements)
        state.withLock { $0.value = made }
    }

    func engineParameter<A: AppIntent>(named name: String, in intent: EngineIntent<A>.Type)
        -> SceneIntents.IntentParameter<EngineIntent<A>>
    {
        let key = ParameterKey<Engine>(name: name)
        let queried = Engine.self is any QueriedValue.Type
        let spoken = title.description.isEmpty ? name : title.description.lowercased()
        let prompts = ParameterPrompts(
            value: requestValueDialog?.description ?? "What's the \(spoken)?",
            disambiguationIntroduction: requestDisambiguationDialog?.description ?? "Which \(spoken)?",
            unsupported: queried ? [EntityLookup.notFound: "Sorry, I couldn't find ${\(name)}."] : [:])
        let options = optionsCall(in: intent)
        var flags: ParameterFlags = [.resolvable, .configurable]
        if options != nil { flags.formUnion([.dynamicOptions, .searchable]) }
        let parameter: SceneIntents.IntentParameter<EngineIntent<A>> =
            Value._isArray
            ? .values(
                ParameterName(name), \EngineIntent<A>.[multiple: key], flags: flags, prompts: prompts,
                resolve: { (runner: AppIntentRunner, intent) in
                    try await runner.withDependencies { try await self.resolveAll(intent[multiple: key]) }
                }, options: options)
            : .value(
                ParameterName(name), \EngineIntent<A>.[single: key], flags: flags, prompts: prompts,
                resolveInput: { (runner: AppIntentRunner, _, input) in try await runner.withDependencies { try await self.resolve(input) } }, options: options)
        return parameter.bounded(minimum: bounds.minimum, maximum: bounds.maximum)
    }

    /// A single value: a given one resolved (an entity by its query); none: the default (the
    /// declared one, else the options provider's), else nothing needed for an optional, else
    /// asked for; words the type cannot read: a number in a measurement's default unit, else
    /// asked again.
    private func resolve(_ input: ParameterInput<Engine>) async throws -> ResolutionResult<Engine> {
        switch input {
        case .value(let value):
            return try await Self.resolution(of: value)
        case .missing:
            if let first = defaultValue?._elements?.first { return .success(first._engineValue) }
            if let optionsDefault, let value = await optionsDefault() { return .success(value._engineValue) }
            return Value._isOptional ? .notRequired : .needsValue
        case .unread(let words):
            if let spokenUnit, let number = Double(words.trimmingCharacters(in: .whitespaces)), let value = spokenUnit(number) {
                return .success(value._engineValue)
            }
            return .needsValue
        }
    }

    /// Several values, each resolved on its own; none: the defaults (the declared ones, else the
    /// options provider's one), else nothing needed for an optional, else asked for.
    private func resolveAll(_ values: [Engine]?) async throws -> [ResolutionResult<Engine>] {
        guard let values, !values.isEmpty else {
            if let defaults = defaultValue?._elements, !defaults.isEmpty { return defaults.map { .success($0._engineValue) } }
            if let optionsDefault, let value = await optionsDefault() { return [.success(value._engineValue)] }
            return Value._isOptional ? [] : [.needsValue]
        }
        var results: [ResolutionResult<Engine>] = []
        for value in values { results.append(try await Self.resolution(of: value)) }
        return results
    }

    /// The values to offer: the options provider's, else an entity query's (for a search term).
    private func optionsCall<A: AppIntent>(in intent: EngineIntent<A>.Type)
        -> (@MainActor @Sendable (AppIntentRunner, EngineIntent<A>, String?) async throws -> ObjectCollection<Engine>)?
    {
        if let options {
            return { runner, _, term in
                try await runner.withDependencies {
                    ObjectCollection(items: Self.matching(try await options().map(\._engineValue), term))
                }
            }
        }
        guard let queried = Engine.self as? any QueriedValue.Type else { return nil }
        return { runner, _, term in
            try await runner.withDependencies {
                ObjectCollection(items: try await queried.options(searchTerm: term).compactMap { $0 as? Engine })
            }
        }
    }

    /// The options whose title contains the search term, ignoring case and accents (all of them
    /// for no term).
    private static func matching(_ options: [Engine], _ term: String?) -> [Engine] {
        guard let term = term?.trimmingCharacters(in: .whitespaces), !term.isEmpty else { return options }
        let fold = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        return options.filter { fold($0.displayItem.title).contains(fold(term)) }
    }

    private static func resolution(of value: Engine) async throws -> ResolutionResult<Engine> {
        guard let queried = value as? any QueriedValue else { return .success(value) }
        // `Q` is `Engine` itself, opened: the cast back always succeeds.
        func resolved<Q: QueriedValue>(_ value: Q) async throws -> ResolutionResult<Engine> {
            try await value.resolution() as? ResolutionResult<Engine> ?? .unsupported(reason: nil)
        }
        return try await resolved(queried)
    }
}
