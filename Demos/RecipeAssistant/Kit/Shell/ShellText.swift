/// How the shell shows what the user typed.
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
}
