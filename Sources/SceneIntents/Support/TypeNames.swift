import Synchronization

/// Type names as `String(describing:)` writes them, worked out once per type: that call reads the
/// type's metadata and builds the string anew each time, and a parameter value's wire name is
/// asked for on every value encoded or decoded.
enum TypeNames {
    private static let names = Mutex<[ObjectIdentifier: String]>([:])

    /// `String(describing: type)`, from the cache after the first time.
    static func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = names.withLock({ $0[key] }) { return name }
        let name = String(describing: type)
        names.withLock { $0[key] = name }
        return name
    }
}
