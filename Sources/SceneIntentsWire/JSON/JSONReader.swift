import SceneIntents

/// Why bytes are not a JSON document: the byte offset and what was wrong there.
struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the bytes.
    var offset: Int
    /// What was found there.
    var problem: String

    var description: String { "not valid JSON: \(problem) at byte \(offset)" }
}

/// Reads one JSON document (RFC 8259, UTF-8) straight from its bytes, value by value. The
/// messages read themselves through it (`JSONConvertible`, `JSONReader+Values.swift`); a value
/// that goes through `Codable` is read into a `JSONTape` by the same code (`JSONReader+Tape.swift`).
/// Nothing is built for a value but what its reader asks for.
///
/// Never traps on any input: every read is bounds-checked, strings must be valid UTF-8, and
/// nesting deeper than `maximumDepth` is an error rather than a deep recursion.
struct JSONReader {
    /// The deepest nesting of arrays and objects accepted: far beyond any message, far below
    /// what the stack of a reader thread holds.
    static let maximumDepth = 128

    /// The document.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next read starts.
    var offset = 0
    /// How many arrays and objects the next read is inside.
    var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// A string the reader passed: where its bytes are (inside the quotes), and whether they hold
    /// escapes or non-ASCII bytes (checked when read, and unescaped again if asked for: rare, and
    /// so a `Text` holds no `String` to count references to).
    struct Text {
        var start: Int
        var count: Int
        var isEscaped = false

        /// The text, from the bytes of `document`, the one it was read from.
        func string(in document: UnsafeBufferPointer<UInt8>) -> String {
            // Unescaped, the bytes are ASCII: nothing to repair.
            guard isEscaped else { return String(decoding: document[start..<start + count], as: UTF8.self) }
            var reader = JSONReader(document)
            reader.offset = start
            // It was read without error once, so it is read without error again.
            return (try? reader.unescaped(from: start)) ?? ""
        }
    }

    /// The byte the reader is at; nil at the end.
    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// The syntax error for what the reader is at, `context` saying where in the syntax.
    func unexpected(_ context: String = "") -> JSONSyntaxError {
        let found: String
        if let byte = current {
            found = byte >= 0x20 && byte < 0x7F ? "unexpected '\(Character(Unicode.Scalar(byte)))'" : "unexpected byte \(byte)"
        } else {
            found = "unexpected end"
        }
        return JSONSyntaxError(offset: offset, problem: context.isEmpty ? found : "\(found) \(context)")
    }

    /// Passes spaces, tabs and line breaks (inlined: a message has none, so this is one test).
    @inline(__always)
    mutating func skipWhitespace() {
        while let byte = current, byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    /// What kind of value comes next (whitespace is passed over); anything else is a syntax error.
    mutating func kind() throws(JSONSyntaxError) -> JSONToken.Kind {
        skipWhitespace()
        guard let byte = current else { throw unexpected("where a value should start") }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"): return .true
        case UInt8(ascii: "f"): return .false
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw unexpected("where a value should start")
        }
    }

    /// Reads the object the reader is at (at its `{`): `member` reads each member's value, given
    /// its key.
    @inline(__always)
    mutating func members(_ member: (JSONName, inout JSONReader) throws -> Void) throws {
        try items(closedBy: UInt8(ascii: "}"), "in an object") { _, reader in
            reader.skipWhitespace()
            guard reader.current == UInt8(ascii: "\"") else { throw reader.unexpected("where a key should start") }
            let key = JSONName(text: try reader.scanString(), document: reader.bytes)
            reader.skipWhitespace()
            guard reader.current == UInt8(ascii: ":") else { throw reader.unexpected("after a key") }
            reader.offset += 1
            try member(key, &reader)
        }
    }

    /// Reads the array the reader is at (at its `[`): `element` reads each element, given its
    /// index.
    mutating func elements(_ element: (Int, inout JSONReader) throws -> Void) throws {
        try items(closedBy: UInt8(ascii: "]"), "in an array", element)
    }

    /// Reads the items of the array or object the reader is at, one level deeper, each through
    /// `item`, up to the `bracket` that closes it; `container` says which it is in an error.
    @inline(__always)
    private mutating func items(closedBy bracket: UInt8, _ container: StaticString, _ item: (Int, inout JSONReader) throws -> Void) throws {
        try enter()
        skipWhitespace()
        if current == bracket {
            return leave()
        }
        var index = 0
        while true {
            try item(index, &self)
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
            } else {
                guard current == bracket else { throw unexpected("\(container)") }
                return leave()
            }
        }
    }

    /// Goes into the array or object whose bracket the reader is at, one level deeper. Inlined
    /// where each container is read: two additions and a test; the error is made out of line.
    @inline(__always)
    private mutating func enter() throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else { throw tooDeep() }
        depth += 1
        offset += 1
    }

    @inline(never)
    private func tooDeep() -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, problem: "nesting deeper than \(Self.maximumDepth) levels")
    }

    /// Goes out of an array or object, past the bracket the reader is at.
    private mutating func leave() {
        depth -= 1
        offset += 1
    }

    /// Reads `true`, `false` or `null`, whichever `word` is.
    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = offset
        for index in 0..<word.utf8CodeUnitCount {
            guard current == word.utf8Start[index] else {
                throw JSONSyntaxError(offset: start, problem: "unknown literal (not \(word))")
            }
            offset += 1
        }
    }

    private mutating func digits() -> Int {
        let start = offset
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
        return offset - start
    }

    /// Reads a number: where its text is.
    mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        if current == UInt8(ascii: "0") {
            offset += 1
        } else if digits() == 0 {
            throw unexpected("in a number")
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw unexpected("after a decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw unexpected("in an exponent") }
        }
        return start..<offset
    }

    /// Reads a string (the reader is at its opening quote).
    mutating func scanString() throws(JSONSyntaxError) -> Text {
        let start = offset + 1
        // The common case: ASCII without escapes, so the bytes are the text, read only if asked.
        // This loop reads most of a message's bytes, most of them lowercase letters, which the
        // first test lets through. (A local copy of `bytes`, so the loop keeps it in registers.)
        let bytes = self.bytes
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte > UInt8(ascii: "\\") {
                guard byte < 0x80 else { break }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                break
            }
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            offset = end + 1
            return Text(start: start, count: end - start)
        }
        offset = start
        _ = try unescaped(from: start)
        return Text(start: start, count: offset - 1 - start, isEscaped: true)
    }

    /// Reads the rest of a string, from `start` (after its opening quote) to past its closing
    /// quote: its text, unescaped and checked to be UTF-8.
    private mutating func unescaped(from start: Int) throws(JSONSyntaxError) -> String {
        var buffer: [UInt8] = []
        while true {
            guard let byte = current else { throw unexpected("in a string") }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return try buffer.withUnsafeBufferPointer { (bytes) throws(JSONSyntaxError) in try validated(bytes, at: start) }
            case UInt8(ascii: "\\"):
                offset += 1
                try unescape(into: &buffer)
            case 0..<0x20:
                throw unexpected("(a control character must be escaped in a string)")
            default:
                buffer.append(byte)
                offset += 1
            }
        }
    }

    private func validated(_ utf8: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> String {
        guard let string = String(validating: utf8, as: UTF8.self) else {
            throw JSONSyntaxError(offset: start, problem: "a string that is not valid UTF-8")
        }
        return string
    }

    private mutating func unescape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw unexpected("in an escape") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try hex4())
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw unexpected("after a lone surrogate")
                }
                offset += 2
                let low = UInt32(try hex4())
                guard (0xDC00..<0xE000).contains(low) else { throw unexpected("after a lone surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw unexpected("after a lone surrogate") }
            buffer.append(contentsOf: UTF8.encode(unicode).map { Array($0) } ?? [])
        default:
            offset -= 1
            throw unexpected("after a backslash")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw unexpected("in a \\u escape") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected("in a \\u escape")
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }
}
