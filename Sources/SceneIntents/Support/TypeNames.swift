import Synchronization

/// Type names as `String(describing:)` writes them, worked out once per type.
///
/// `String(describing:)` on a type first asks the runtime whether the metatype conforms to
/// `TextOutputStreamable`, `CustomStringConvertible` and `CustomDebugStringConvertible` (a type
/// never does), and each first ask scans every conformance record the process holds: in a
/// process starting up, that was a fifth of the work before its first answer. `_typeName(_:
/// qualified: false)` is what it prints in the end, so the name is the same without the casts
/// (`TypeNamesTests` compares the two on every kind of type). A parameter value's wire name is
/// asked for on every value encoded or decoded, hence the cache.
@usableFromInline
package enum TypeNames {
    private static let names = Mutex<[ObjectIdentifier: String]>([:])

    /// `String(describing: type)`, from the cache after the first time.
    @usableFromInline
    package static func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = names.withLock({ $0[key] }) { return name }
        let name = _typeName(type, qualified: false)
        names.withLock { $0[key] = name }
        return name
    }
}
