import SceneIntents

/// What a reply to a pick names among the candidates read so far.
enum CandidateMatch: Equatable {
    /// A number, as said (it may be out of range).
    case number(Int)
    /// The candidate at this index.
    case one(Int)
    /// Several candidates, by index.
    case several([Int])
    /// An empty answer.
    case nothing
    /// None of them.
    case none

    /// Reads a reply: a number or an ordinal; else a title or identifier; else the candidates
    /// whose title has the words at a word start ("scallion"); else those whose title (or one of
    /// its words) is a few edits from them (a misspelling).
    init(_ reply: Reply, among candidates: ArraySlice<AnyParameterValue>) {
        switch reply {
        case .pick(let number):
            self = .number(number)
            return
        case .text(let text):
            let words = Spoken.normalized(text)
            if words.isEmpty {
                self = .nothing
                return
            }
            if let number = Ordinal.number(in: text) {
                self = .number(number)
                return
            }
            self = Self.byName(words, among: candidates)
        default:
            self = .none
        }
    }

    private static func byName(_ words: String, among candidates: ArraySlice<AnyParameterValue>) -> CandidateMatch {
        let titles = candidates.map { Spoken.normalized($0.displayItem.title) }
        let exact = candidates.indices.filter {
            titles[$0 - candidates.startIndex] == words || Spoken.normalized(candidates[$0].displayItem.identifier) == words
        }
        if let only = exact.first { return .one(only) }
        let partial = candidates.indices.filter { (" " + titles[$0 - candidates.startIndex]).contains(" " + words) }
        if !partial.isEmpty { return partial.count == 1 ? .one(partial[0]) : .several(partial) }
        let close = candidates.indices.filter { index in
            let title = titles[index - candidates.startIndex]
            return Spoken.isClose(words, to: title)
                || title.split(separator: " ").contains { Spoken.isClose(words, to: String($0)) }
        }
        if !close.isEmpty { return close.count == 1 ? .one(close[0]) : .several(close) }
        return .none
    }
}

/// Numbers said as digits or words: "3", "3.", "3rd", "#3", "three", "third", "the third one",
/// "number three".
enum Ordinal {
    private static let ordinals = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
        "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
        "twentieth",
    ]

    /// The number the words say, if they say one and nothing else.
    static func number(in text: String) -> Int? {
        var words = text.lowercased().split { $0 == " " || $0 == "\t" }.map(String.init)
        if words.first == "the" || words.first == "number" { words.removeFirst() }
        if words.count == 2 && words[1] == "one" { words.removeLast() }
        guard words.count == 1 else { return nil }
        var word = words[0]
        if word.hasPrefix("#") { word.removeFirst() }
        while let last = word.last, last == "." || last == ")" { word.removeLast() }
        if let number = SpokenNumber.value(of: word) { return number }
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            if let number = Int(word.dropLast(2)) { return number }
        }
        if let index = ordinals.firstIndex(of: word) { return index + 1 }
        return nil
    }
}

/// Spoken words compared the vocabulary's way: folded, letters and digits, single spaces.
enum Spoken {
    static func normalized(_ text: String) -> String {
        let scalars = VocabularyNormalizer.words(of: text.unicodeScalars).scalars.compactMap(Unicode.Scalar.init)
        return String(String.UnicodeScalarView(scalars))
    }

    /// Whether `words` is within the edits a name of `name`'s length tolerates (both normalized).
    static func isClose(_ words: String, to name: String) -> Bool {
        let a = Array(words.unicodeScalars.map(\.value))
        let b = Array(name.unicodeScalars.map(\.value))
        let limit = VocabularyEditDistance.allowedEdits(forLength: b.count)
        guard limit > 0 else { return false }
        var rows = [Int](repeating: 0, count: VocabularyEditDistance.scratchCount(forLength: b.count))
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                rows.withUnsafeMutableBufferPointer { VocabularyEditDistance.bounded(a, b, limit: limit, rows: $0) != nil }
            }
        }
    }
}
