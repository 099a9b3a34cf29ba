import SceneIntents

/// One value of a `JSONTape`: what `LeanDecoder` reads. It is a place in the tape, so making or
/// copying one parses and allocates nothing.
///
/// A read of the wrong kind is a `DecodingError` with an empty coding path (the container that
/// asked puts its key in front).
struct JSONNode {
    let tape: JSONTape
    /// Where the value's token is in `tape.tokens`.
    let index: Int

    var token: JSONToken { tape.tokens[index] }

    var isNull: Bool { token.kind == .null }

    func mismatch(_ type: Any.Type) -> DecodingError { token.kind.mismatch(type) }

    func bool() throws -> Bool {
        switch token.kind {
        case .true: true
        case .false: false
        default: throw mismatch(Bool.self)
        }
    }

    func string() throws -> String {
        let token = token
        guard token.kind == .string else { throw mismatch(String.self) }
        return tape.text(of: token)
    }

    /// An integer of type `T` (see `JSONNumber.integer`).
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let token = token
        guard token.kind == .number else { throw mismatch(type) }
        return try tape.number(of: token) { try JSONNumber.integer($0, as: type) }
    }

    /// A finite floating-point number of type `T`.
    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        let token = token
        guard token.kind == .number else { throw mismatch(type) }
        return try tape.number(of: token) { try JSONNumber.floatingPoint($0, as: type) }
    }
}

/// The members of an object of a `JSONTape`, found by key or visited in order.
struct JSONObject: Sequence {
    let node: JSONNode

    init(_ json: JSONNode) throws {
        guard json.token.kind == .object else { throw json.mismatch([String: Any].self) }
        node = json
    }

    /// How many members the object has.
    var count: Int { node.token.count }

    /// The value of the first member named `key`, if there is one; keys are compared as bytes.
    func member(_ key: String) -> JSONNode? {
        var key = key
        let tape = node.tape
        let count = count
        return key.withUTF8 { key in
            var index = node.index + 1
            for _ in 0..<count {
                if tape.text(of: tape.tokens[index], equals: key) { return JSONNode(tape: tape, index: index + 1) }
                index = tape.tokens[index + 1].end
            }
            return nil
        }
    }

    func makeIterator() -> Members { Members(tape: node.tape, index: node.index + 1, remaining: count) }

    /// Visits the members in document order.
    struct Members: IteratorProtocol {
        let tape: JSONTape
        /// The next member's key token.
        var index: Int
        var remaining: Int

        mutating func next() -> (key: String, value: JSONNode)? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let key = tape.text(of: tape.tokens[index])
            let value = JSONNode(tape: tape, index: index + 1)
            index = tape.tokens[index + 1].end
            return (key, value)
        }
    }
}
