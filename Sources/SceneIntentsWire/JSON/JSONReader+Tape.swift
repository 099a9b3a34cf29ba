import SceneIntents

// Reading a whole value at once: into a tape, for `Codable`, or past it, checking it.

extension JSONReader {
    /// The value the reader is at, read into a tape of its own (its bytes are copied, so the tape
    /// outlives the document).
    mutating func tape() throws -> JSONTape {
        _ = try kind()
        let start = offset
        var tape: TapeBuilder? = TapeBuilder(base: start)
        try scan(into: &tape)
        return JSONTape(bytes: Array(bytes[start..<offset]), tokens: tape?.tokens ?? [], strings: tape?.strings ?? [])
    }

    /// Reads past the value the reader is at, checking it as closely as reading it would.
    mutating func skip() throws {
        var nothing: TapeBuilder?
        try scan(into: &nothing)
    }

    /// Reads the value the reader is at, adding its tokens to `tape` when there is one.
    private mutating func scan(into tape: inout TapeBuilder?) throws {
        switch try kind() {
        case .object:
            let index = tape?.open(.object)
            var count = 0
            try members { key, reader in
                tape?.append(key.text, in: reader.bytes)
                try reader.scan(into: &tape)
                count += 1
            }
            if let index { tape?.close(index, count: count) }
        case .array:
            let index = tape?.open(.array)
            var count = 0
            try elements { _, reader in
                try reader.scan(into: &tape)
                count += 1
            }
            if let index { tape?.close(index, count: count) }
        case .string:
            // Read first: `tape?.append(…)` would not evaluate its argument without a tape.
            let text = try scanString()
            tape?.append(text, in: bytes)
        case .number:
            let text = try scanNumber()
            tape?.append(.number, bytes: text)
        case .true:
            try literal("true")
            tape?.append(.true)
        case .false:
            try literal("false")
            tape?.append(.false)
        case .null:
            try literal("null")
            tape?.append(.null)
        }
    }
}

/// The tokens of a tape as the reader finds them.
private struct TapeBuilder {
    /// Where the value starts in the document: the tape's byte offsets count from there.
    let base: Int
    var tokens: [JSONToken] = []
    var strings: [String] = []

    init(base: Int) {
        self.base = base
        // An intent or a parameter value is a handful of tokens: one allocation.
        tokens.reserveCapacity(16)
    }

    /// Adds a token for a value that holds no other (it ends where the next token starts);
    /// `bytes` are where a number's or a string's text is in the document.
    mutating func append(_ kind: JSONToken.Kind, bytes: Range<Int>? = nil) {
        let start = bytes.map { $0.lowerBound - base } ?? 0
        tokens.append(JSONToken(kind: kind, start: start, count: bytes?.count ?? 0, end: tokens.count + 1))
    }

    /// Adds a string's token; its text is kept when its bytes are not it.
    mutating func append(_ text: JSONReader.Text, in document: UnsafeBufferPointer<UInt8>) {
        guard text.isEscaped else { return append(.string, bytes: text.start..<text.start + text.count) }
        tokens.append(JSONToken(kind: .string, isStored: true, start: strings.count, end: tokens.count + 1))
        strings.append(text.string(in: document))
    }

    /// Adds the token of an array or object, whose count and end `close` fills in.
    mutating func open(_ kind: JSONToken.Kind) -> Int {
        tokens.append(JSONToken(kind: kind, end: 0))
        return tokens.count - 1
    }

    mutating func close(_ index: Int, count: Int) {
        tokens[index].count = count
        tokens[index].end = tokens.count
    }
}
