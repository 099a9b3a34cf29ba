import Synchronization

/// The app's objects an intent reaches through `@Dependency`: registered once at launch, made
/// when first read.
///
/// ```swift
/// AppDependencyManager.shared.add(dependency: store)
/// AppDependencyManager.shared.add { Navigator() }
/// ```
///
/// `perform()` run by the assistant reads the manager its app's catalog was given
/// (`AppIntentsCatalog`'s `dependencies`, `shared` by default), so apps in one process (tests)
/// keep their own.
public final class AppDependencyManager: Sendable {
    /// The process's manager.
    public static let shared = AppDependencyManager()

    /// The manager of the request `perform()` runs in, when one is running.
    @TaskLocal static var inRequest: AppDependencyManager?

    private struct Entry {
        let make: @Sendable () -> any Sendable
        var made: (any Sendable)?
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// A manager with nothing registered.
    public init() {}

    /// Registers how to make a dependency of type `Dependency` (under `key`, when several of
    /// one type are registered); it is made when first read, once.
    public func add<Dependency: Sendable>(key: String? = nil, dependency: @escaping @Sendable () -> Dependency) {
        entries.withLock { $0[Self.name(Dependency.self, key)] = Entry(make: dependency, made: nil) }
    }

    /// Registers a dependency made now.
    public func add<Dependency: Sendable>(key: String? = nil, dependency: @autoclosure @escaping @Sendable () -> Dependency) {
        let made = dependency()
        entries.withLock { $0[Self.name(Dependency.self, key)] = Entry(make: { made }, made: made) }
    }

    /// The dependency of type `Dependency` (under `key`); nil when none is registered.
    public func value<Dependency: Sendable>(of type: Dependency.Type = Dependency.self, key: String? = nil) -> Dependency? {
        let name = Self.name(Dependency.self, key)
        guard let entry = entries.withLock({ $0[name] }) else { return nil }
        if let made = entry.made { return made as? Dependency }
        // Made outside the lock (it may read other dependencies); the first one kept wins.
        let made = entry.make()
        return entries.withLock { entries in
            if let kept = entries[name]?.made { return kept as? Dependency }
            entries[name]?.made = made
            return made as? Dependency
        }
    }

    private static func name(_ type: Any.Type, _ key: String?) -> String {
        "\(String(reflecting: type))#\(key ?? "")"
    }
}

/// `@Dependency`: an object of the app that an intent (or an entity query) reads, registered
/// with `AppDependencyManager`.
///
/// ```swift
/// @Dependency var store: DrinkStore
/// ```
///
/// Reading one that was never registered is a programming error that stops the process, with
/// a message naming the type (as Apple's module does).
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    private let key: String?

    /// The dependency of the property's type.
    public init() {
        key = nil
    }

    /// The dependency of the property's type registered under `key`.
    public init(key: String) {
        self.key = key
    }

    /// The dependency, from the request's manager (else the shared one).
    public var wrappedValue: Value {
        let manager = AppDependencyManager.inRequest ?? .shared
        guard let value = manager.value(of: Value.self, key: key) else {
            preconditionFailure("no dependency of type \(Value.self)\(key.map { " under '\($0)'" } ?? "") was added to AppDependencyManager")
        }
        return value
    }
}
