import SceneIntents
import Synchronization

/// An `AppIntent` type as the engine's `Intent`: its parameters' values by name, its schema made
/// once from the type's `@Parameter` properties, its handler the request's `AppIntentRunner`.
///
/// A value with value semantics (Apple's intents hold their parameters by reference): the
/// engine copies and updates it freely; an intent of the app's type is made from it only to
/// run `perform()`.
struct EngineIntent<A: AppIntent>: Intent {
    /// Each given parameter's values, by parameter name.
    var values: [String: [AnyParameterValue]] = [:]

    init() {}

    /// The values of an intent of the app's type (those it was given, or set, before it ran).
    init(_ intent: A) {
        for (name, wrapper) in Self.parameters(of: intent) {
            if let given = wrapper.engineValues { values[name] = given }
        }
    }

    static var typeName: String { A.persistentIdentifier }

    static var isDeprecated: Bool { false }

    static var schema: IntentSchema<EngineIntent> { SchemaCache.schema(of: EngineIntent.self) }

    /// The schema: one engine parameter per `@Parameter`, in declaration order; `perform()` as
    /// handle; refused while locked when the intent's policy needs authentication.
    static func makeSchema() -> IntentSchema<EngineIntent> {
        IntentSchema(
            handler: AppIntentRunner.self,
            parameters: parameters(of: A()).map { name, wrapper in wrapper.engineParameter(named: name, in: EngineIntent.self) },
            restriction: A.authenticationPolicy == .alwaysAllowed ? .unrestricted : .whileLocked,
            handle: { runner, intent in try await runner.perform(intent) })
    }

    /// The `@Parameter` properties of an intent, by name (the property's, without `_`), in order.
    static func parameters(of intent: A) -> [(name: String, wrapper: any ParameterWrapper)] {
        Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, let wrapper = child.value as? any ParameterWrapper else { return nil }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, wrapper)
        }
    }

    /// An intent of the app's type with these values: entities known by identifier are fetched
    /// with their query first. Each parameter learns its name (for `$p.requestValue()`).
    func materialized() async throws -> A {
        let intent = A()
        for (name, wrapper) in Self.parameters(of: intent) {
            wrapper.adopt(name: name)
            if let given = values[name] { try await wrapper.load(given) }
        }
        return intent
    }

    /// The single value of parameter `key.name`, as the engine reads and writes it.
    subscript<V: ParameterValue>(single key: ParameterKey<V>) -> V? {
        get { values[key.name].flatMap { $0.count == 1 ? $0[0].value(as: V.self) : nil } }
        set { values[key.name] = newValue.map { [AnyParameterValue($0)] } }
    }

    /// The values of a multi-value parameter.
    subscript<V: ParameterValue>(multiple key: ParameterKey<V>) -> [V]? {
        get { values[key.name].map { $0.compactMap { $0.value(as: V.self) } } }
        set { values[key.name] = newValue.map { $0.map { AnyParameterValue($0) } } }
    }

    private enum CodingKeys: String, CodingKey { case parameters }

    /// Decodes the values by name (a decoder with the app's catalog: see `IntentCatalog.makeDecoder()`).
    init(from decoder: any Decoder) throws {
        values = try decoder.container(keyedBy: CodingKeys.self).decode([String: [AnyParameterValue]].self, forKey: .parameters)
    }

    /// Encodes the values by name.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(values, forKey: .parameters)
    }
}

/// A parameter's name, typed by its engine value, for the key paths the engine reads it through.
struct ParameterKey<V>: Hashable, Sendable {
    let name: String
}

/// The schemas made so far, one per intent type: a generic type cannot hold a static one.
enum SchemaCache {
    private static let schemas = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// The schema of `EngineIntent<A>`, made the first time it is asked for.
    static func schema<A>(of type: EngineIntent<A>.Type) -> IntentSchema<EngineIntent<A>> {
        let key = ObjectIdentifier(type)
        if let made = schemas.withLock({ $0[key] }) as? IntentSchema<EngineIntent<A>> { return made }
        let made = EngineIntent<A>.makeSchema()
        return schemas.withLock { schemas in
            // Another task may have made it meanwhile: every caller gets the one kept.
            if let kept = schemas[key] as? IntentSchema<EngineIntent<A>> { return kept }
            schemas[key] = made
            return made
        }
    }
}
