import SceneIntents

/// A value being encoded: empty until a container or a single value is asked of it. A nested
/// container writes into its own node after its parent took it, so the parent holds the node and
/// resolves it to a `JSONValue` at the end.
final class JSONEncodingNode {
    enum Content {
        case empty
        case single(JSONValue)
        case object([(key: String, value: Pending)])
        case array([Pending])
    }

    enum Pending {
        case value(JSONValue)
        case node(JSONEncodingNode)

        func resolved() -> JSONValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.resolved()
            }
        }
    }

    private(set) var content = Content.empty

    /// The value written; a value that wrote nothing is `{}`, as `JSONEncoder` writes it.
    func resolved() -> JSONValue {
        switch content {
        case .empty: .object([])
        case .single(let value): value
        case .object(let members): .object(members.map { JSONMember($0.key, $0.value.resolved()) })
        case .array(let elements): .array(elements.map { $0.resolved() })
        }
    }

    func set(_ value: JSONValue) { content = .single(value) }

    /// Sets `key`, replacing an earlier value of the same key (as `JSONEncoder` does).
    func put(_ key: String, _ value: Pending) {
        guard case .object(var members) = content else {
            content = .object([(key, value)])
            return
        }
        content = .empty  // so `members` is the only reference and appends in place
        if let index = members.firstIndex(where: { $0.key == key }) { members[index].value = value } else { members.append((key, value)) }
        content = .object(members)
    }

    func append(_ value: Pending) {
        guard case .array(var elements) = content else {
            content = .array([value])
            return
        }
        content = .empty
        elements.append(value)
        content = .array(elements)
    }

    var count: Int {
        if case .array(let elements) = content { elements.count } else { 0 }
    }

    func becomeObject() { if case .object = content {} else { content = .object([]) } }
    func becomeArray() { if case .array = content {} else { content = .array([]) } }

    /// A node for a nested container, already in place under `key` (or appended, for nil).
    func child(_ key: String?) -> JSONEncodingNode {
        let child = JSONEncodingNode()
        if let key { put(key, .node(child)) } else { append(.node(child)) }
        return child
    }
}

/// An `Encoder` that builds a `JSONValue` tree: no coding path (it is empty; encoding fails
/// only on a non-finite number, and that error names the number), no dictionaries.
struct LeanEncoder: Encoder {
    let node: JSONEncodingNode
    let context: JSONCoderContext

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(LeanKeyedEncoding<Key>(node: node, context: context))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return LeanUnkeyedEncoding(node: node, context: context)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { LeanSingleEncoding(node: node, context: context) }
}

struct LeanKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONEncodingNode
    let context: JSONCoderContext
    var codingPath: [any CodingKey] { [] }

    private func put(_ value: JSONValue, _ key: Key) { node.put(key.stringValue, .value(value)) }

    mutating func encodeNil(forKey key: Key) { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try JSONValue.finite(value, of: value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try JSONValue.finite(value, of: value), key) }
    mutating func encode(_ value: Int, forKey key: Key) { put(.number(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) { put(.number(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) { put(.number(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) { put(.number(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { put(.number(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) { put(.number(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { put(.number(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { put(.number(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { put(.number(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { put(.number(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { put(try context.box(value), key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(LeanKeyedEncoding<NestedKey>(node: child, context: context))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(key.stringValue)
        child.becomeArray()
        return LeanUnkeyedEncoding(node: child, context: context)
    }

    mutating func superEncoder() -> any Encoder { LeanEncoder(node: node.child("super"), context: context) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { LeanEncoder(node: node.child(key.stringValue), context: context) }
}

struct LeanUnkeyedEncoding: UnkeyedEncodingContainer {
    let node: JSONEncodingNode
    let context: JSONCoderContext
    var codingPath: [any CodingKey] { [] }
    var count: Int { node.count }

    private func add(_ value: JSONValue) { node.append(.value(value)) }

    mutating func encodeNil() { add(.null) }
    mutating func encode(_ value: Bool) { add(.bool(value)) }
    mutating func encode(_ value: String) { add(.string(value)) }
    mutating func encode(_ value: Double) throws { add(try JSONValue.finite(value, of: value)) }
    mutating func encode(_ value: Float) throws { add(try JSONValue.finite(value, of: value)) }
    mutating func encode(_ value: Int) { add(.number(value)) }
    mutating func encode(_ value: Int8) { add(.number(value)) }
    mutating func encode(_ value: Int16) { add(.number(value)) }
    mutating func encode(_ value: Int32) { add(.number(value)) }
    mutating func encode(_ value: Int64) { add(.number(value)) }
    mutating func encode(_ value: UInt) { add(.number(value)) }
    mutating func encode(_ value: UInt8) { add(.number(value)) }
    mutating func encode(_ value: UInt16) { add(.number(value)) }
    mutating func encode(_ value: UInt32) { add(.number(value)) }
    mutating func encode(_ value: UInt64) { add(.number(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { add(try context.box(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(nil)
        child.becomeObject()
        return KeyedEncodingContainer(LeanKeyedEncoding<NestedKey>(node: child, context: context))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.child(nil)
        child.becomeArray()
        return LeanUnkeyedEncoding(node: child, context: context)
    }

    mutating func superEncoder() -> any Encoder { LeanEncoder(node: node.child(nil), context: context) }
}

struct LeanSingleEncoding: SingleValueEncodingContainer {
    let node: JSONEncodingNode
    let context: JSONCoderContext
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() { node.set(.null) }
    mutating func encode(_ value: Bool) { node.set(.bool(value)) }
    mutating func encode(_ value: String) { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws { node.set(try JSONValue.finite(value, of: value)) }
    mutating func encode(_ value: Float) throws { node.set(try JSONValue.finite(value, of: value)) }
    mutating func encode(_ value: Int) { node.set(.number(value)) }
    mutating func encode(_ value: Int8) { node.set(.number(value)) }
    mutating func encode(_ value: Int16) { node.set(.number(value)) }
    mutating func encode(_ value: Int32) { node.set(.number(value)) }
    mutating func encode(_ value: Int64) { node.set(.number(value)) }
    mutating func encode(_ value: UInt) { node.set(.number(value)) }
    mutating func encode(_ value: UInt8) { node.set(.number(value)) }
    mutating func encode(_ value: UInt16) { node.set(.number(value)) }
    mutating func encode(_ value: UInt32) { node.set(.number(value)) }
    mutating func encode(_ value: UInt64) { node.set(.number(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { node.set(try context.box(value)) }
}
