import PropertyListSafety

/// A value inside a definition file with its key path: typed reads that report the path.
///
/// Absent booleans read as false (Xcode omits false from model 1.1 on); absent arrays as empty.
struct PropertyListNode {
    let value: PropertyListValue
    let path: String
    let file: String

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The error for a value at `key` (nil: this node).
    func failure(
        _ code: IntentDefinitionError.Code, _ key: String?, _ value: PropertyListValue?, _ message: String
    ) -> IntentDefinitionError {
        IntentDefinitionError(
            code: code, file: file, keyPath: key.map(child) ?? path, value: value?.summary ?? "", message: message)
    }

    private func entries() throws(IntentDefinitionError) -> [String: PropertyListValue] {
        guard case .dictionary(let entries) = value else {
            throw failure(.wrongType, nil, value, "expected a dictionary, found \(value.kindName)")
        }
        return entries
    }

    /// The raw value at `key`, if any (also for metadata kept as it stands).
    func raw(_ key: String) throws(IntentDefinitionError) -> PropertyListValue? { try entries()[key] }

    private func wrongType(_ key: String, _ found: PropertyListValue, _ expected: String) -> IntentDefinitionError {
        failure(.wrongType, key, found, "expected \(expected), found \(found.kindName)")
    }

    /// A string that may be absent.
    func optionalString(_ key: String) throws(IntentDefinitionError) -> String? {
        guard let found = try raw(key) else { return nil }
        guard case .string(let text) = found else { throw wrongType(key, found, "a string") }
        return text
    }

    /// A string that must be present.
    func string(_ key: String) throws(IntentDefinitionError) -> String {
        guard let text = try optionalString(key) else {
            throw failure(.missingKey, key, nil, "the key is missing; every entry needs it")
        }
        return text
    }

    /// A name that must be a Swift identifier (letters, digits, underscores; not starting with a
    /// digit), as Xcode requires for everything it generates a symbol for.
    func identifier(_ key: String) throws(IntentDefinitionError) -> String {
        let name = try string(key)
        guard SwiftName.isIdentifier(name) else {
            throw failure(
                .invalidValue, key, .string(name),
                "'\(name)' is not a valid Swift name; use letters, digits and underscores")
        }
        return name
    }

    /// A name that may be absent; when present, as `identifier(_:)`.
    func optionalIdentifier(_ key: String) throws(IntentDefinitionError) -> String? {
        guard try optionalString(key) != nil else { return nil }
        return try identifier(key)
    }

    /// The elements of an array that may be absent (nil, unlike `array(_:)`'s empty).
    func optionalArray(_ key: String) throws(IntentDefinitionError) -> [PropertyListNode]? {
        guard try raw(key) != nil else { return nil }
        return try array(key)
    }

    /// A boolean; absent is false. Model 1.0 files may write 0/1 integers, which are accepted.
    func flag(_ key: String) throws(IntentDefinitionError) -> Bool {
        switch try raw(key) {
        case nil: return false
        case .boolean(let flag): return flag
        case .integer(let number) where number == 0 || number == 1: return number == 1
        case .string(let text) where ["YES", "NO"].contains(text): return text == "YES"
        case let found?: throw wrongType(key, found, "a boolean")
        }
    }

    /// An integer that may be absent.
    func optionalInteger(_ key: String) throws(IntentDefinitionError) -> Int? {
        switch try raw(key) {
        case nil: return nil
        case .integer(let number): return number
        case let found?: throw wrongType(key, found, "an integer")
        }
    }

    /// The elements of an array; absent is empty.
    func array(_ key: String) throws(IntentDefinitionError) -> [PropertyListNode] {
        switch try raw(key) {
        case nil: return []
        case .array(let items):
            let base = child(key)
            return items.enumerated().map { PropertyListNode(value: $1, path: "\(base)[\($0)]", file: file) }
        case let found?: throw wrongType(key, found, "an array")
        }
    }

    /// A dictionary that may be absent.
    func optionalDictionary(_ key: String) throws(IntentDefinitionError) -> PropertyListNode? {
        switch try raw(key) {
        case nil: return nil
        case .dictionary: return PropertyListNode(value: try raw(key) ?? value, path: child(key), file: file)
        case let found?: throw wrongType(key, found, "a dictionary")
        }
    }

    /// The entries of a dictionary that may be absent, sorted by key (so output never depends on
    /// hashing order).
    func sortedEntries(_ key: String) throws(IntentDefinitionError) -> [(key: String, node: PropertyListNode)] {
        guard let node = try optionalDictionary(key), case .dictionary(let entries) = node.value else { return [] }
        return entries.keys.sorted().compactMap { name in
            entries[name].map { (name, PropertyListNode(value: $0, path: "\(node.path)[\"\(name)\"]", file: file)) }
        }
    }
}
