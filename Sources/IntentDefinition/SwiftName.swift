/// Swift spelling rules the reader and the generator share.
public enum SwiftName {
    /// Whether `name` is a plain Swift identifier: ASCII letters, digits and underscores, not
    /// starting with a digit, not empty, and not `_`, `self` or `Self` (which no declaration can be
    /// named). Xcode allows no more than that in definition names.
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), !["_", "self", "Self"].contains(name)
        else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// Words Swift reserves in declarations and expressions; names spelled like them are escaped
    /// with backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch",
        "where", "while", "as", "Any", "catch", "false", "is", "nil", "super", "self", "Self", "throw",
        "throws", "true", "try", "await", "async", "some", "any", "consume", "copy", "discard", "each",
        "borrowing", "consuming", "Type", "Protocol", "actor", "package", "sending",
    ]

    /// The name as it must be written in Swift code (`default` → `` `default` ``).
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The name as an argument label at a call site, where Swift accepts keywords as they are
    /// (and warns when they are escaped) except `inout`, `var` and `let`.
    public static func argumentLabel(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }

    /// The name with its first letter upper-cased (`hydrationType` → `HydrationType`), as Xcode
    /// forms `resolveHydrationType`.
    public static func capitalized(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// `name` as a Swift string literal, with quotes, backslashes, interpolation and control
    /// characters escaped, so any text from a file is safe in generated code.
    public static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
                    || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator
                {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
