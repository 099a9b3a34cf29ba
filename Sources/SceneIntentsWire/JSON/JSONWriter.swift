import SceneIntents

/// Writes compact UTF-8 JSON, from a `JSONValue` or as it goes (`beginObject`, `member`, …):
/// members sorted by the UTF-8 bytes of their keys, no slash escaped, non-ASCII text as is. These
/// are the bytes `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]`, so both
/// coders agree byte for byte. The package's one JSON writer: the wire's messages, and what the
/// shells print (`JSONScalar`).
///
/// Not copyable: it owns the memory it writes into (`JSONWriter+Storage.swift`), so an append is
/// a bounds test and a copy, with none of an array's checks for a shared buffer.
package struct JSONWriter: ~Copyable {
    /// The bytes written, `count` of them, in `capacity` allocated.
    var start: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    package internal(set) var count = 0
    var capacity: Int

    package init(capacity: Int = 512) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    // MARK: Written as it goes (the messages' `JSONConvertible.write`): no tree is built, so the
    // caller writes an object's keys in the order the bytes of their UTF-8 sort.

    /// Whether the next member or element needs a comma before it.
    var needsComma = false

    /// Drops what was written after the first `count` bytes (a value that could not be written
    /// whole, or all of it to write again in the same storage); what follows is written with a
    /// comma before it when `needsComma`.
    package mutating func removeAll(after count: Int, needsComma: Bool) {
        self.count = min(self.count, count)
        self.needsComma = needsComma
    }

    /// Starts an object; its members follow, each a `key` and a value, keys in sorted order.
    @inline(__always)
    package mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// Ends the object begun last.
    @inline(__always)
    package mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Starts an array; each element follows an `element()`.
    @inline(__always)
    package mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Ends the array begun last.
    @inline(__always)
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    @inline(__always)
    private mutating func open(_ bracket: UInt8) {
        append(bracket)
        needsComma = false
    }

    @inline(__always)
    private mutating func close(_ bracket: UInt8) {
        append(bracket)
        needsComma = true
    }

    /// Starts the next member of an object: its key; its value follows.
    package mutating func key(_ key: String) {
        element()
        write(string: key)
        append(UInt8(ascii: ":"))
    }

    /// Starts the next element of an array.
    @inline(__always)
    package mutating func element() {
        if needsComma { append(UInt8(ascii: ",")) }
        needsComma = false
    }

    /// A string value.
    @inline(__always)
    package mutating func string(_ text: String) {
        write(string: text)
        needsComma = true
    }

    /// An integer value.
    package mutating func number(_ value: some BinaryInteger) {
        if let magnitude = UInt64(exactly: value.magnitude) {
            if value < 0 { append(UInt8(ascii: "-")) }
            digits(magnitude)
        } else {
            append(utf8: String(value))
        }
        needsComma = true
    }

    /// The decimal digits of `value`, written straight into the bytes: a message's ids and codes
    /// are written on every call, and a `String` for each was an allocation.
    private mutating func digits(_ value: UInt64) {
        var value = value
        var reversed: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &reversed) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0
            for index in stride(from: count - 1, through: 0, by: -1) { append(buffer[index]) }
        }
    }

    /// A value given as a tree (what `Codable` values become).
    package mutating func value(_ value: JSONValue) {
        write(value)
        needsComma = true
    }

    package mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append(utf8: "null")
        case .bool(let flag): append(utf8: flag ? "true" : "false")
        case .number(let text): append(utf8: text)
        case .string(let text): write(string: text)
        case .array(let elements):
            append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                write(element)
            }
            append(UInt8(ascii: "]"))
        case .object(let members):
            append(UInt8(ascii: "{"))
            for (index, member) in Self.sorted(members).enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                write(string: member.key)
                append(UInt8(ascii: ":"))
                write(member.value)
            }
            append(UInt8(ascii: "}"))
        }
    }

    /// The members in key order; most objects arrive sorted already (the message encoders write
    /// their keys in order), so sorting is skipped when it would change nothing.
    private static func sorted(_ members: [JSONMember]) -> [JSONMember] {
        func precedes(_ left: JSONMember, _ right: JSONMember) -> Bool { JSONValue.keyPrecedes(left.key, right.key) }
        var index = 1
        while index < members.count, !precedes(members[index], members[index - 1]) { index += 1 }
        return index >= members.count ? members : members.sorted(by: precedes)
    }

    /// A string, quoted: most text holds nothing to escape, so one scan and one copy. Its bytes
    /// are lent where they lie (a native string's, or a small one's copied to the stack); only a
    /// string bridged from elsewhere is copied first.
    private mutating func write(string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ write(utf8: $0) }) == nil {
            var string = string
            string.withUTF8 { write(utf8: $0) }
        }
    }

    private mutating func write(utf8: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        append(UInt8(ascii: "\""))
        if index == utf8.count { append(contentsOf: utf8) } else { writeEscaped(utf8) }
        append(UInt8(ascii: "\""))
    }

    /// The bytes of a string that holds a quote, a backslash or a control character, escaped.
    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for (index, byte) in utf8.enumerated() where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
            append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            runStart = index + 1
            append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
            case 0x08: append(UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "f"))
            case 0x0A: append(UInt8(ascii: "n"))
            case 0x0D: append(UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "t"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                for escaped in [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]] { append(escaped) }
            }
        }
        append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
}
