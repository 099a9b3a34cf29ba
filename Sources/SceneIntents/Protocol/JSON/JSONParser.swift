/// Why bytes are not a JSON document: the byte offset and what was wrong there.
struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the bytes.
    var offset: Int
    /// What was found there.
    var problem: String

    var description: String { "not valid JSON: \(problem) at byte \(offset)" }
}

/// Parses one JSON document (RFC 8259, UTF-8) into a `JSONValue`.
///
/// Never traps on any input: every read is bounds-checked, strings must be valid UTF-8, and
/// nesting deeper than `maximumDepth` is an error rather than a deep recursion.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted: far beyond any message, far below
    /// what the stack of a reader thread holds.
    static let maximumDepth = 128

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The document these bytes hold.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw parser.unexpected("after the document") }
        return value
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func unexpected(_ context: String = "") -> JSONSyntaxError {
        let found: String
        if let byte = current {
            found = byte >= 0x20 && byte < 0x7F ? "unexpected '\(Character(Unicode.Scalar(byte)))'" : "unexpected byte \(byte)"
        } else {
            found = "unexpected end"
        }
        return JSONSyntaxError(offset: offset, problem: context.isEmpty ? found : "\(found) \(context)")
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ context: String) throws(JSONSyntaxError) {
        guard current == byte else { throw unexpected(context) }
        offset += 1
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw unexpected("where a value should start") }
        switch byte {
        case UInt8(ascii: "{"): return try nested { (parser) throws(JSONSyntaxError) in try parser.parseObject() }
        case UInt8(ascii: "["): return try nested { (parser) throws(JSONSyntaxError) in try parser.parseArray() }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw unexpected("where a value should start")
        }
    }

    private mutating func nested(_ parse: (inout JSONParser) throws(JSONSyntaxError) -> JSONValue) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else {
            throw JSONSyntaxError(offset: offset, problem: "nesting deeper than \(Self.maximumDepth) levels")
        }
        depth += 1
        defer { depth -= 1 }
        return try parse(&self)
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        for index in 0..<word.utf8CodeUnitCount {
            guard current == word.utf8Start[index] else {
                throw JSONSyntaxError(offset: start, problem: "unknown literal (not \(word))")
            }
            offset += 1
        }
        return value
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        offset += 1
        var members: [JSONMember] = []
        // A message's objects are small: one allocation instead of growing from one member.
        members.reserveCapacity(4)
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw unexpected("where a key should start") }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "after a key")
            skipWhitespace()
            members.append(JSONMember(key, try parseValue()))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
            } else {
                try expect(UInt8(ascii: "}"), "in an object")
                return .object(members)
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        offset += 1
        var elements: [JSONValue] = []
        elements.reserveCapacity(4)
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
            } else {
                try expect(UInt8(ascii: "]"), "in an array")
                return .array(elements)
            }
        }
    }

    private mutating func digits() -> Int {
        let start = offset
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
        return offset - start
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
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
        // ASCII only, so this cannot fail or repair anything.
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        offset += 1
        let start = offset
        // The common case: no escapes, so the bytes are the string; ASCII needs no validation.
        var isASCII = true
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            isASCII = isASCII && byte < 0x80
            offset += 1
        }
        if current == UInt8(ascii: "\"") {
            offset += 1
            let utf8 = UnsafeBufferPointer(rebasing: bytes[start..<offset - 1])
            return isASCII ? String(decoding: utf8, as: UTF8.self) : try validated(utf8, at: start)
        }
        var buffer = Array(bytes[start..<offset])
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
