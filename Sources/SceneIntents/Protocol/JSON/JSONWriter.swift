/// Writes a `JSONValue` as compact UTF-8 JSON: members sorted by the UTF-8 bytes of their keys,
/// no slash escaped, non-ASCII text as is. These are the bytes `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]`, so both coders agree byte for byte.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// The bytes of one value.
    static func bytes(of value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        return writer.bytes
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): write(string: text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in Self.sorted(members).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The members in key order; most objects arrive sorted already (the message encoders write
    /// their keys in order), so sorting is skipped when it would change nothing.
    private static func sorted(_ members: [JSONMember]) -> [JSONMember] {
        func precedes(_ left: JSONMember, _ right: JSONMember) -> Bool { left.key.utf8.lexicographicallyPrecedes(right.key.utf8) }
        var index = 1
        while index < members.count, !precedes(members[index], members[index - 1]) { index += 1 }
        return index >= members.count ? members : members.sorted(by: precedes)
    }

    private mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// A floating-point number as `JSONEncoder` writes it (`2` for 2.0, `1e-05`), or nil when it
    /// is not finite (JSON has no infinity or NaN).
    static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> JSONValue? {
        guard value.isFinite else { return nil }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }
}
