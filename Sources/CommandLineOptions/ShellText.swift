/// How a command line shows text: what the user typed, messages, and aligned tables.
public enum ShellText {
    /// The text with every control character shown as an escape (`\u{1B}`), so typed input can
    /// never move the cursor, clear the screen or ring the bell; everything else, accents
    /// included, is shown as typed.
    public static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A message as a sentence: a capital first letter and a full stop (kept when it already
    /// ends in ".", "!" or "?").
    public static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capitalized = first.uppercased() + text.dropFirst()
        return capitalized.last.map { ".!?".contains($0) } == true ? capitalized : capitalized + "."
    }

    /// Rows of help: each term indented by two spaces and padded so that every explanation
    /// starts in the same column, two spaces after the longest term; an explanation's further
    /// lines (after "\n") start in that column too.
    public static func table(_ rows: [(term: String, explanation: String)]) -> [String] {
        let width = rows.map(\.term.count).max() ?? 0
        return rows.flatMap { term, explanation in
            explanation.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                let left = index == 0 ? term : ""
                return "  " + left + String(repeating: " ", count: width + 2 - left.count) + line
            }
        }
    }

    /// Names joined as a person lists them: "a", "a and b", "a, b and c".
    public static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        let rest = names.dropLast()
        return rest.isEmpty ? last : rest.joined(separator: ", ") + " and " + last
    }
}
