import SceneIntents

/// A protocol type that writes itself as JSON bytes and reads itself from them directly, writing
/// exactly the JSON its `Codable` conformance writes (`MessageCodecTests` compares the bytes with
/// `JSONEncoder`'s). The messages make up most of every frame; converting them by hand skips the
/// generic containers of `Codable` and the nested containers of synthesized enum conformances,
/// and neither direction builds a tree to tear down again.
protocol JSONConvertible {
    /// Writes this value as JSON, straight to bytes (keys in sorted order).
    func write(to writer: inout JSONWriter, _ context: JSONCoderContext) throws
    /// Reads the value the reader is at; a `DecodingError` has a coding path relative to it.
    init(reading reader: inout JSONReader, _ context: JSONCoderContext) throws
}

extension JSONConvertible {
    /// Reads the case a synthesized `Codable` enum wrote: one key, the case's name, holding an
    /// object of the case's values. `body` gets the name and reads the object; an error inside
    /// gets the name in front of its path.
    static func decodeCase(_ reader: inout JSONReader, _ body: (JSONName, inout JSONReader) throws -> Self) throws -> Self {
        try reader.expect(UInt8(ascii: "{"), Self.self)
        let start = reader
        var count = 0
        var value: Self?
        do {
            try reader.object { name, reader in
                count += 1
                if count == 1 { value = try body(name, &reader) } else { try reader.skip() }
            }
        } catch let error as DecodingError {
            // A wrong number of keys is the problem to name, not what the first one held: count
            // them from the start.
            reader = start
            count = 0
            try reader.object { _, reader in
                count += 1
                try reader.skip()
            }
            guard count == 1 else { throw caseCount(count) }
            throw error
        }
        guard count == 1, let value = value.take() else { throw caseCount(count) }
        return value
    }

    /// The error for a case name this type does not have.
    static func unknownCase(_ name: JSONName) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "'\(name.string)' is not a case of \(Self.self)"))
    }

    private static func caseCount(_ count: Int) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "\(count) keys where one naming a case of \(Self.self) belongs"))
    }
}
