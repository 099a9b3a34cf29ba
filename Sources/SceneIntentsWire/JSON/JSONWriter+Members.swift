import SceneIntents

// The writer's members, arrays and enum cases as the messages write them. Here, beside their only
// callers, and inlined where called: from another module each was a call, and each member's value
// a closure called through a context.

extension JSONWriter {
    /// A member whose value is a string.
    @inline(__always)
    mutating func member(_ key: StaticString, string text: String) {
        self.key(literal: key)
        string(text)
    }

    /// A member whose value is an integer.
    @inline(__always)
    mutating func member(_ key: StaticString, number value: some BinaryInteger) {
        self.key(literal: key)
        number(value)
    }

    /// A member whose value is given as a tree.
    @inline(__always)
    mutating func member(_ key: StaticString, value tree: JSONValue) {
        self.key(literal: key)
        value(tree)
    }

    /// A member whose value `body` writes.
    @inline(__always)
    mutating func member(_ key: StaticString, _ body: (inout JSONWriter) throws -> Void) rethrows {
        self.key(literal: key)
        try body(&self)
    }

    /// An object of string members, written in key order whatever order they come in. Not
    /// generic: a caller in another module would run a generic one unspecialized, and most
    /// objects written so (a response's values) are empty.
    @inline(__always)
    mutating func stringObject(_ members: [String: String]) {
        beginObject()
        if !members.isEmpty {
            for (key, text) in members.sorted(by: { JSONValue.keyPrecedes($0.key, $1.key) }) {
                self.key(key)
                string(text)
            }
        }
        endObject()
    }

    /// An array of `elements`, each written by `body`.
    @inline(__always)
    mutating func array<Elements: Sequence>(
        _ elements: Elements, _ body: (inout JSONWriter, Elements.Element) throws -> Void
    ) rethrows {
        beginArray()
        for element in elements {
            self.element()
            try body(&self, element)
        }
        endArray()
    }

    /// An object holding one member, `key`, whose value `body` writes: how a synthesized `Codable`
    /// enum writes a case, `{"case":{…}}` with the case's values inside.
    @inline(__always)
    mutating func enumCase(_ key: StaticString, _ body: (inout JSONWriter) throws -> Void) rethrows {
        beginObject()
        self.key(literal: key)
        beginObject()
        try body(&self)
        endObject()
        endObject()
    }

    /// A case holding a message id and one value, `key`, which `value` writes; the two members
    /// in key order.
    @inline(__always)
    mutating func enumCase(
        _ name: StaticString, id: UInt64, _ key: StaticString, _ value: (inout JSONWriter) throws -> Void
    ) rethrows {
        try enumCase(name) { writer in
            let idFirst = key.withUTF8Buffer { "id".utf8.lexicographicallyPrecedes($0) }
            if idFirst { writer.member("id", number: id) }
            try writer.member(key, value)
            if !idFirst { writer.member("id", number: id) }
        }
    }

    /// An enum case without values: `{"case":{}}`.
    @inline(__always)
    mutating func enumCase(_ key: StaticString) {
        enumCase(key) { _ in }
    }
}
