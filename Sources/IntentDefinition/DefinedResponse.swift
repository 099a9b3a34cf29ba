import PropertyListSafety

/// One response code (`INIntentResponseCodes[]`).
public struct DefinedResponseCode: Sendable, Equatable {
    /// The code's name: `success`, `failure`, or a custom one such as `failureOutOfStock`.
    public var name: String
    /// Whether the code ends the exchange successfully (absent: a failure).
    public var isSuccess: Bool
    /// The spoken and shown text, with `${responseParameter}` placeholders; nil or empty: none.
    public var formatString: String?
    /// The short spoken form, if any.
    public var conciseFormatString: String?

    /// A value with every field given.
    public init(name: String, isSuccess: Bool, formatString: String?, conciseFormatString: String?) {
        self.name = name
        self.isSuccess = isSuccess
        self.formatString = formatString
        self.conciseFormatString = conciseFormatString
    }
}

/// An intent's response (`INIntentResponse`).
public struct DefinedResponse: Sendable, Equatable {
    /// The codes, in file order.
    public var codes: [DefinedResponseCode]
    /// The response's output properties, in editor order.
    public var parameters: [ValueDeclaration]
    /// The parameter that is the Shortcuts action's output, if any.
    public var output: String?

    init(_ node: PropertyListNode) throws(IntentDefinitionError) {
        let key = "INIntentResponseCode"
        codes = try unique(node.array("INIntentResponseCodes"), \.name, key: key + "Name", what: "code") {
            code throws(IntentDefinitionError) in
            DefinedResponseCode(
                name: try code.identifier(key + "Name"), isSuccess: try code.flag(key + "Success"),
                formatString: try code.optionalString(key + "FormatString"),
                conciseFormatString: try code.optionalString(key + "ConciseFormatString"))
        }
        parameters = try ordered(node.array("INIntentResponseParameters"), \.self) { item throws(IntentDefinitionError) in
            try ValueDeclaration(item, prefix: "INIntentResponseParameter")
        }
        output = try node.optionalString("INIntentResponseOutput")
    }
}

/// Items read from `nodes`, in file order, with a duplicate name reported at the second one
/// under `key`: "'x' is declared twice", or "the code 'x' is declared twice" given `what`.
func unique<T>(
    _ nodes: [PropertyListNode], _ name: KeyPath<T, String>, key: String, what: String? = nil,
    _ read: (PropertyListNode) throws(IntentDefinitionError) -> T
) throws(IntentDefinitionError) -> [T] {
    var items: [T] = []
    var seen = Set<String>()
    for node in nodes {
        let item = try read(node)
        let itemName = item[keyPath: name]
        guard seen.insert(itemName).inserted else {
            let named = (what.map { "the \($0) " } ?? "") + "'\(itemName)'"
            throw node.failure(.invalidValue, key, .string(itemName), "\(named) is declared twice")
        }
        items.append(item)
    }
    return items
}

/// Declarations read from `nodes`, in editor order (display priority, then file order), with
/// duplicate names reported at the second one. `generates` names what a declaration's name
/// makes besides itself (an intent parameter `count` makes `resolveCount(for:)`): two names
/// that make the same are refused, naming both and where each is.
func ordered<T>(
    _ nodes: [PropertyListNode], _ declaration: KeyPath<T, ValueDeclaration>,
    generates: ((String) -> String)? = nil,
    _ read: (PropertyListNode) throws(IntentDefinitionError) -> T
) throws(IntentDefinitionError) -> [T] {
    var items: [(item: T, priority: Int, index: Int)] = []
    var seen = Set<String>()
    var made: [String: (name: String, path: String)] = [:]
    for (index, node) in nodes.enumerated() {
        let item = try read(node)
        let name = item[keyPath: declaration].name
        guard seen.insert(name).inserted else {
            throw node.failure(.invalidValue, nil, .string(name), "the name '\(name)' is declared twice")
        }
        if let generates {
            let symbol = generates(name)
            if let first = made[symbol] {
                throw node.failure(
                    .invalidValue, nil, .string(name),
                    "'\(name)' and '\(first.name)' (\(first.path)) would both generate \(symbol); rename one")
            }
            made[symbol] = (name, node.path)
        }
        items.append((item, item[keyPath: declaration].displayPriority ?? Int.max, index))
    }
    return items.sorted { ($0.priority, $0.index) < ($1.priority, $1.index) }.map(\.item)
}
