import Foundation

/// Reads the XML property lists that Xcode, `PropertyListSerialization` and this package write,
/// straight into a `PropertyListValue`, or answers nil for anything else; `PropertyListValue.read`
/// then hands the bytes to Foundation, which reads them as before or names what is wrong.
///
/// Foundation builds an object graph (`NSDictionary`, `NSNumber`) that is then bridged and cast
/// value by value, and the first of each cast scans every conformance record in the process: a
/// 1.5 KB `Info.plist` cost an app 3.2 million instructions at launch. This reader takes the
/// common subset only: `<dict>`, `<key>`, `<array>`, `<string>`, `<integer>` (decimal), `<real>`
/// (decimal), `<true/>`, `<false/>`, the five named entities and character references, comments,
/// an XML declaration and a doctype. Anything else (`<data>`, `<date>`, CDATA, an attribute on a
/// value, a carriage return in text, a repeated key, bytes that are not UTF-8, a list nested past
/// `PropertyListValue.maximumDepth`) answers nil, never a guess. `XMLPropertyListTests` compares
/// it with Foundation's reading on every bundle file of the demos and on generated lists.
package struct XMLPropertyList {
    private let bytes: [UInt8]
    private var at = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The value these bytes hold, when they are a list of the subset; else nil.
    package static func parse(_ data: Data) -> PropertyListValue? {
        var reader = XMLPropertyList([UInt8](data))
        return reader.document()
    }

    private mutating func document() -> PropertyListValue? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
        guard skipMarkup(), take("<plist") else { return nil }
        // The root's attributes (`version="1.0"`) say nothing a reader needs.
        while at < bytes.count, bytes[at] != UInt8(ascii: ">") { at += 1 }
        guard take(">"), skipMarkup(), let value = value(depth: 0), skipMarkup(), take("</plist>"), skipMarkup() else { return nil }
        return at == bytes.count ? value : nil
    }

    private mutating func value(depth: Int) -> PropertyListValue? {
        guard depth < PropertyListValue.maximumDepth, let (name, isEmpty) = openTag() else { return nil }
        switch name {
        case "dict":
            var entries: [String: PropertyListValue] = [:]
            if isEmpty { return .dictionary(entries) }
            while true {
                guard skipMarkup() else { return nil }
                if take("</dict>") { return .dictionary(entries) }
                guard let (tag, emptyKey) = openTag(), tag == "key" else { return nil }
                guard let key = emptyKey ? "" : text(closing: "key"), skipMarkup(), entries[key] == nil,
                    let item = value(depth: depth + 1)
                else { return nil }
                entries[key] = item
            }
        case "array":
            var items: [PropertyListValue] = []
            if isEmpty { return .array(items) }
            while true {
                guard skipMarkup() else { return nil }
                if take("</array>") { return .array(items) }
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
            }
        case "string":
            return (isEmpty ? "" : text(closing: "string")).map { .string($0) }
        case "integer":
            guard !isEmpty, let digits = text(closing: "integer"), Self.isDecimal(digits, fraction: false) else { return nil }
            return Int(digits).map { .integer($0) }
        case "real":
            guard !isEmpty, let digits = text(closing: "real"), Self.isDecimal(digits, fraction: true) else { return nil }
            return Double(digits).map { .real($0) }
        case "true": return isEmpty ? .boolean(true) : nil
        case "false": return isEmpty ? .boolean(false) : nil
        default: return nil
        }
    }

    /// `<name>` or `<name/>`, with no attribute: its name, and whether it closed itself.
    private mutating func openTag() -> (String, Bool)? {
        guard take("<") else { return nil }
        let start = at
        while at < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[at]) { at += 1 }
        guard at > start, let name = String(validating: bytes[start..<at], as: UTF8.self) else { return nil }
        if take(">") { return (name, false) }
        return take("/>") ? (name, true) : nil
    }

    /// The text up to `</name>`, its references replaced; nil for markup inside it, an unknown
    /// entity, a carriage return or bytes that are not UTF-8.
    private mutating func text(closing name: String) -> String? {
        var text: [UInt8] = []
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "<") {
                guard take("</\(name)>") else { return nil }
                return String(validating: text, as: UTF8.self)
            }
            // XML turns a line's CR LF into LF; which reader does what with them is not worth a guess.
            if byte == UInt8(ascii: "\r") { return nil }
            if byte == UInt8(ascii: "&") {
                guard let scalar = reference() else { return nil }
                text.append(contentsOf: Array(String(scalar).utf8))
                continue
            }
            text.append(byte)
            at += 1
        }
        return nil
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#N;` `&#xH;`, from the `&`.
    private mutating func reference() -> Unicode.Scalar? {
        guard let end = bytes[at...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
            let body = String(validating: bytes[(at + 1)..<end], as: UTF8.self)
        else { return nil }
        at = end + 1
        switch body {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard body.hasPrefix("#") else { return nil }
            let number = body.dropFirst()
            let value = number.hasPrefix("x") ? UInt32(number.dropFirst(), radix: 16) : UInt32(number, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }

    /// Skips white space, comments, the XML declaration and a doctype; false at a comment or
    /// declaration that does not end.
    private mutating func skipMarkup() -> Bool {
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): at += 1
            case UInt8(ascii: "<") where starts("<!--"): guard skip(past: "-->") else { return false }
            case UInt8(ascii: "<") where starts("<?"): guard skip(past: "?>") else { return false }
            case UInt8(ascii: "<") where starts("<!DOCTYPE"):
                // Apple's doctype names a DTD by URL and has no internal subset.
                guard skip(past: ">") else { return false }
            default: return true
            }
        }
        return true
    }

    private func starts(_ literal: String) -> Bool { bytes[at...].starts(with: literal.utf8) }

    private mutating func take(_ literal: String) -> Bool {
        guard starts(literal) else { return false }
        at += literal.utf8.count
        return true
    }

    private mutating func skip(past literal: String) -> Bool {
        let pattern = Array(literal.utf8)
        while at + pattern.count <= bytes.count {
            if bytes[at..<(at + pattern.count)].elementsEqual(pattern) {
                at += pattern.count
                return true
            }
            at += 1
        }
        return false
    }

    /// An optional minus, digits, and for a real at most one point and an exponent: nothing
    /// Foundation might read another way (no hex, no "nan", no spaces).
    private static func isDecimal(_ text: String, fraction: Bool) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        guard let first = digits.first, first.isASCII, first.isNumber else { return false }
        if !fraction { return digits.allSatisfy { $0.isASCII && $0.isNumber } }
        let parts = digits.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard mantissa.allSatisfy(isDigits) else { return false }
        guard parts.count == 2 else { return true }
        var exponent = parts[1]
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        return isDigits(exponent)
    }
}
