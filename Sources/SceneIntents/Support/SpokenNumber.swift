import Foundation

/// Whole numbers as people say them: digits ("8", "-3"), or English words ("eight", "twenty-four",
/// "a hundred and twenty", "minus five"). `Int.fromSpoken` and the assistant's reading of a
/// number answer both use it, so a number is understood the same way in an utterance and at a
/// question.
public enum SpokenNumber {
    /// The words for 0 to 19, by value.
    public static let units = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let tens = ["twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90]
    private static let scales = ["hundred": 100, "thousand": 1_000, "million": 1_000_000]
    /// More words than any number below a billion takes: longer text is not read as a number.
    private static let longestNumber = 16

    /// The whole number `text` says and nothing else, if it says one: digits with an optional
    /// sign, or number words (hyphens, "and" and a leading "a" allowed; "minus" or "negative"
    /// before them). Nil for anything else, or a number that does not fit an `Int`.
    public static func value(of text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed) { return number }
        let spaced = trimmed.lowercased().replacingOccurrences(of: "-", with: " ")
        var words = spaced.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty, words.count <= longestNumber else { return nil }
        var sign = 1
        if ["minus", "negative"].contains(words[0]) {
            sign = -1
            words.removeFirst()
        }
        if words.count == 1, let number = Int(words[0]), number >= 0 { return sign * number }
        return fromWords(words).map { sign * $0 }
    }

    /// Reads number words in the usual order: at most one unit or teen after a ten, "hundred"
    /// after 1 to 99, "thousand" and "million" after 1 to 999 ("a" counts as one before them).
    private static func fromWords(_ words: [String]) -> Int? {
        var total = 0
        var group = 0
        var previous = ""
        for word in words {
            defer { previous = word }
            if let unit = units.firstIndex(of: word) {
                let afterTen = tens[previous] != nil && unit < 10 && unit > 0
                guard afterTen || (group % 100 == 0 && units.firstIndex(of: previous) == nil && previous != "a") else { return nil }
                guard unit > 0 || words.count == 1 else { return nil }
                group += unit
            } else if let ten = tens[word] {
                guard group % 100 == 0, units.firstIndex(of: previous) == nil, tens[previous] == nil, previous != "a" else { return nil }
                group += ten
            } else if let scale = scales[word] {
                if previous == "a" { group = 1 }
                guard group > 0, group < (scale == 100 ? 100 : 1_000), scales[previous] == nil || scale > 100 else { return nil }
                group *= scale
                if scale > 100 {
                    guard total == 0 || total > group else { return nil }
                    total += group
                    group = 0
                }
            } else if word == "a" && previous.isEmpty {
                continue
            } else if word == "and" && !previous.isEmpty && previous != "a" && previous != "and" {
                continue
            } else {
                return nil
            }
        }
        guard previous != "a" && previous != "and" else { return nil }
        return total + group
    }
}
