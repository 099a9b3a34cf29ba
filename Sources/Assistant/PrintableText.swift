/// Text from outside (a bundle's `CFBundleName`, a folder's name, a voice shortcut's phrase, a
/// client's bytes) made safe to print on one line of a terminal or a log: the one escaping
/// function every listing and log uses.
///
/// Control characters (C0, DEL, C1), line and paragraph separators and bidirectional overrides
/// are written as Swift escapes (`\n`, `\t`, `\r`, `\u{1B}`), and a backslash as `\\`, so such
/// text can neither start a line of its own (forging a listing's or a log's lines) nor drive
/// the terminal (escape sequences), and what was printed says exactly what the text holds.
/// Anything else, accents and emoji included, is printed as it is.
public enum PrintableText {
    /// `text`, escaped (unchanged when it holds nothing to escape).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x5C, 0x00...0x1F, 0x7F...0x9F: true
        // Line and paragraph separators; bidirectional embeddings, overrides and isolates.
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
