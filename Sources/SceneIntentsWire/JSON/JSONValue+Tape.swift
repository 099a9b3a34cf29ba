import SceneIntents

extension JSONValue {
    /// The tree of a value read into a tape, numbers keeping their text.
    init(_ node: JSONNode) throws {
        switch node.token.kind {
        case .null: self = .null
        case .false: self = .bool(false)
        case .true: self = .bool(true)
        case .number: self = .number(node.tape.number(of: node.token) { String(decoding: $0, as: UTF8.self) })
        case .string: self = .string(try node.string())
        case .array:
            var elements: [JSONValue] = []
            var index = node.index + 1
            for _ in 0..<node.token.count {
                let element = JSONNode(tape: node.tape, index: index)
                elements.append(try JSONValue(element))
                index = element.token.end
            }
            self = .array(elements)
        case .object: self = .object(try JSONObject(node).map { JSONMember($0.key, try JSONValue($0.value)) })
        }
    }
}
