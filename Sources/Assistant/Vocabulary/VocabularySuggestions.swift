/// Picks the phrase templates to suggest when nothing matched an utterance.
enum VocabularySuggestions {
    /// The most suggestions returned.
    static let limit = 3

    /// Up to ``limit`` distinct templates sharing a literal word with `words`, closest first.
    ///
    /// Closeness is a word-level edit distance: each literal word of the template costs 1
    /// to insert, delete or replace (a word equal to it, or one edit from it when it has
    /// 5+ letters, costs 0), and a slot absorbs one or more words for free or costs 1 if it
    /// absorbs none. Equal distances keep the order the phrases were added in.
    static func closest(to words: VocabularyNormalizer.Words, in phrases: [VocabularyPhrase]) -> [String] {
        var ranked: [(distance: Int, order: Int, template: String)] = []
        for (order, phrase) in phrases.enumerated() {
            guard let distance = distance(from: words, to: phrase) else { continue }
            ranked.append((distance, order, phrase.template))
        }
        ranked.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
        var templates: [String] = []
        for entry in ranked where !templates.contains(entry.template) {
            templates.append(entry.template)
            if templates.count == limit {
                break
            }
        }
        return templates
    }

    /// The word edit distance from `words` to `phrase`, or nil when they share no literal word.
    private static func distance(from words: VocabularyNormalizer.Words, to phrase: VocabularyPhrase) -> Int? {
        let m = words.count
        let elements = phrase.elements
        var sharesWord = false
        // previous[i]: cost of the first i words against the elements before the current one.
        var previous = Array(0...m)
        var current = [Int](repeating: 0, count: m + 1)
        for (position, element) in elements.enumerated() {
            current[0] = position + 1
            for i in stride(from: 1, through: m, by: 1) {
                var cost = previous[i] + 1
                if element.isSlot {
                    cost = min(cost, previous[i - 1], current[i - 1])
                } else {
                    let same = isSameWord(words.word(i - 1), element.word)
                    sharesWord = sharesWord || same
                    cost = min(cost, current[i - 1] + 1, previous[i - 1] + (same ? 0 : 1))
                }
                current[i] = cost
            }
            swap(&previous, &current)
        }
        return sharesWord ? previous[m] : nil
    }

    /// Whether a spoken word reads as a literal word, allowing a one-edit misspelling of
    /// literals with 5+ letters as matching does.
    private static func isSameWord(_ spoken: ArraySlice<UInt32>, _ literal: [UInt32]) -> Bool {
        spoken.elementsEqual(literal)
            || (literal.count >= 5 && VocabularyEditDistance.isWithinOneEdit(spoken, literal))
    }
}
