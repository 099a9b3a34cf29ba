/// What the assistant accepts as words to interpret, checked before any work is done on them:
/// the one rule every front door (the REPL, a script, `assistant`, `assistantd`, a voice
/// shortcut's phrase) goes through.
///
/// An utterance is a spoken sentence. Words beyond ``characterLimit`` are refused with a
/// sentence saying so, before any app is chosen or any phrase matched: a megabyte "utterance"
/// would otherwise hold the matcher for seconds (its cost grows with the words, times the
/// phrases) and be carried in traces and frames.
///
/// Characters are counted as Unicode scalars (what a user types one key at a time), so a
/// "character" built of thousands of combining marks counts as thousands.
public enum Admission {
    /// The most characters an utterance (or a voice shortcut's phrase) may have: 1,000.
    public static let characterLimit = 1_000

    /// Why `words` cannot be interpreted, as a sentence for the user; nil when they can.
    ///
    /// Linear in the words' length and cheap (a count of bytes, then of scalars).
    public static func refusal(of words: String) -> String? {
        // Each scalar takes 1 to 4 bytes of UTF-8: short enough in bytes is short enough.
        guard words.utf8.count > characterLimit else { return nil }
        let count = words.unicodeScalars.count
        guard count > characterLimit else { return nil }
        return "That's too long for me: I take at most \(limitText) characters at a time, and that was \(grouped(count))."
    }

    /// The limit as said to the user ("1,000").
    public static var limitText: String { grouped(characterLimit) }

    /// `words` cut to the limit, marked as cut: what a trace keeps of words refused.
    public static func shortened(_ words: String) -> String {
        guard words.utf8.count > characterLimit else { return words }
        let scalars = words.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: characterLimit, limitedBy: scalars.endIndex),
            end != scalars.endIndex
        else { return words }
        return String(scalars[..<end]) + "… (\(grouped(scalars.count)) characters)"
    }

    /// A count with thousands separated by commas, as the sentences say it.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([Substring(digits)] + groups).joined(separator: ",")
    }
}
