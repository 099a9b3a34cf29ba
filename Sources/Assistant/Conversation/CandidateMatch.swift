import SceneIntents

/// What a reply to a pick names among the candidates read so far.
enum CandidateMatch: Equatable {
    /// A number, as said (it may be out of range).
    case number(Int)
    /// The candidate at this index, named by its whole title or identifier.
    case exact(Int)
    /// The candidate at this index, named by part of its title or misspelt.
    case one(Int)
    /// Several candidates, by index.
    case several([Int])
    /// An empty answer.
    case nothing
    /// None of them.
    case none

    /// Reads a reply: a number or an ordinal; else a title or identifier; else the candidates
    /// whose title has the words at a word start ("scallion"); else those whose title (or one of
    /// its words) is a few edits from them (a misspelling), the closest only.
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

    /// Whether the reply named a candidate by its whole title or identifier.
    var isExact: Bool {
        if case .exact = self { true } else { false }
    }

    private static func byName(_ words: String, among candidates: ArraySlice<AnyParameterValue>) -> CandidateMatch {
        let titles = candidates.map { Spoken.normalized($0.displayItem.title) }
        if let exact = exactIndex(words, among: candidates) { return .exact(exact) }
        let partial = candidates.indices.filter { (" " + titles[$0 - candidates.startIndex]).contains(" " + words) }
        if !partial.isEmpty { return partial.count == 1 ? .one(partial[0]) : .several(partial) }
        // A misspelling names the candidates it is closest to ("Zesty Lemon Pancaks No. 2" is one
        // edit from No. 2 and five from No. 1): not every one within the bound. Letters are
        // misspelt, numbers are not: a title whose numbers differ from the words' is not close.
        let numbers = Spoken.numbers(in: words)
        let distances = candidates.indices.map { index -> (index: Int, distance: Int)? in
            let title = titles[index - candidates.startIndex]
            let whole = Spoken.numbers(in: title) == numbers ? Spoken.distance(words, to: title) : nil
            let byWord = numbers.isEmpty ? title.split(separator: " ").map { Spoken.distance(words, to: String($0)) } : []
            return ([whole] + byWord).compactMap { $0 }.min().map { (index, $0) }
        }.compactMap { $0 }
        guard let closest = distances.map(\.distance).min() else { return .none }
        let close = distances.filter { $0.distance == closest }.map(\.index)
        return close.count == 1 ? .one(close[0]) : .several(close)
    }

    /// The candidate whose whole title or identifier is the words (normalized), if one is.
    static func exactIndex(_ words: String, among candidates: ArraySlice<AnyParameterValue>) -> Int? {
        candidates.indices.first { index in
            let item = candidates[index].displayItem
            return Spoken.normalized(item.title) == words || Spoken.normalized(item.identifier) == words
        }
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

    /// The words of `words` (normalized) that are numbers, in order.
    static func numbers(in words: String) -> [Substring] {
        words.split(separator: " ").filter { $0.allSatisfy(\.isNumber) }
    }

    /// The edits between `words` and `name` (both normalized) if within what a name of
    /// `name`'s length tolerates, else nil.
    static func distance(_ words: String, to name: String) -> Int? {
        let a = Array(words.unicodeScalars.map(\.value))
        let b = Array(name.unicodeScalars.map(\.value))
        let limit = VocabularyEditDistance.allowedEdits(forLength: b.count)
        guard limit > 0 else { return nil }
        var rows = [Int](repeating: 0, count: VocabularyEditDistance.scratchCount(forLength: b.count))
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                rows.withUnsafeMutableBufferPointer { VocabularyEditDistance.bounded(a, b, limit: limit, rows: $0) }
            }
        }
    }
}
