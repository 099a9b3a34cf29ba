import Synchronization

/// `@Property`: a property of an entity that Shortcuts shows (and can filter on).
///
/// ```swift
/// @Property(title: "Ounces") var ounces: Int
/// ```
///
/// A class, as Apple's is: an entity value holds it by reference. Reading one that was never
/// set is a programming error that stops the process.
@propertyWrapper
public final class EntityProperty<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>
    /// The property's name as people see it.
    public let title: LocalizedStringResource?

    /// A property titled `title`.
    public init(title: LocalizedStringResource) {
        self.title = title
        value = Mutex(nil)
    }

    /// A property titled after its Swift name.
    public init() {
        title = nil
        value = Mutex(nil)
    }

    /// A property with a first value (`@Property(title: "Ounces") var ounces = 8`).
    public init(wrappedValue: Value, title: LocalizedStringResource? = nil) {
        self.title = title
        value = Mutex(wrappedValue)
    }

    /// The value.
    public var wrappedValue: Value {
        get {
            guard let held = value.withLock({ $0 }) else {
                if let none = (Value.self as? any ExpressibleByNilLiteral.Type)?.init(nilLiteral: ()) as? Value { return none }
                preconditionFailure("the entity property '\(title?.description ?? "")' was read before it was set")
            }
            return held
        }
        set { value.withLock { $0 = newValue } }
    }

    /// The property itself.
    public var projectedValue: EntityProperty<Value> { self }
}

/// An entity that exists only as a value an intent makes and hands on (a result), with no query
/// to find it again: its query finds none.
public protocol TransientAppEntity: AppEntity {
    /// An entity whose properties are set afterwards.
    init()
}

extension TransientAppEntity {
    /// A query that finds none.
    public static var defaultQuery: TransientEntityQuery<Self> { TransientEntityQuery() }
}

/// The query of a transient entity: it finds none (the entity is only ever handed on as a value).
public struct TransientEntityQuery<Entity: AppEntity>: EntityQuery {
    /// A query.
    public init() {}
    /// None.
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] { [] }
}
