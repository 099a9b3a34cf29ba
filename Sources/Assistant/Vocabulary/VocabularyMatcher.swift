import SceneIntents

/// Matches one normalised utterance against a vocabulary's compiled phrases.
///
/// For every phrase it enumerates the ways the utterance's words can be split over the
/// phrase's elements (each literal word takes one word, each slot one or more), checks the
/// literal words first and only then resolves slot words against the slot's entities, with
/// resolutions cached per (slot, word span) for the whole utterance. Each phrase keeps its
/// best split; the best phrases decide the ``VocabularyMatch``.
struct VocabularyMatcher {
    /// A complete split of the utterance over one phrase, with its ranking.
    private struct Candidate {
        /// The phrase's index.
        var phrase: Int
        /// Total edits: the misspelt literal plus the slots' distances.
        var edits: Int
        /// The phrase's literal word count.
        var literals: Int
        /// How many slots resolved to an entity.
        var entities: Int
        /// For slot `s`, its words are `spans[2s]..<spans[2s + 1]`.
        var spans: [Int]

        /// Whether `self` ranks strictly before `other`: fewer edits, then more literal
        /// words, then more slots resolved to entities.
        func ranks(before other: Candidate) -> Bool {
            (edits, -literals, -entities) < (other.edits, -other.literals, -other.entities)
        }

        /// Whether `self` and `other` rank equally.
        func ranksEqually(to other: Candidate) -> Bool {
            (edits, literals, entities) == (other.edits, other.literals, other.entities)
        }
    }

    /// Which slot resolution a cache entry holds: a slot and its words `first..<last`.
    private struct SpanKey: Hashable {
        var slotID: Int
        var first: Int
        var last: Int
    }

    private let phrases: [VocabularyPhrase]
    private let indexes: [VocabularyEntityIndex?]
    private let words: VocabularyNormalizer.Words
    /// Hashed, so a lookup costs the same however many spans a long utterance has resolved.
    private var cache: [SpanKey: VocabularyEntityIndex.Resolution] = [:]
    private var spans: [Int] = []

    /// Prepares to match `words` against `phrases`, resolving slots with `indexes` (by slot id).
    init(phrases: [VocabularyPhrase], indexes: [VocabularyEntityIndex?], words: VocabularyNormalizer.Words) {
        self.phrases = phrases
        self.indexes = indexes
        self.words = words
    }

    /// Matches the utterance.
    mutating func match() -> VocabularyMatch {
        guard words.count > 0 else {
            return .noMatch(suggestions: [])
        }
        var best: [Candidate] = []
        for index in phrases.indices {
            let phrase = phrases[index]
            if spans.count < 2 * phrase.slotNames.count {
                spans = [Int](repeating: 0, count: 2 * phrase.slotNames.count)
            }
            var phraseBest: Candidate?
            split(phrase, index, element: 0, word: 0, literalEdits: 0, best: &phraseBest)
            guard let candidate = phraseBest else { continue }
            if best.isEmpty || candidate.ranks(before: best[0]) {
                best = [candidate]
            } else if candidate.ranksEqually(to: best[0]) {
                best.append(candidate)
            }
        }
        guard let first = best.first else {
            return .noMatch(suggestions: VocabularySuggestions.closest(to: words, in: phrases))
        }
        var perIntent: [Candidate] = []
        for candidate in best where !perIntent.contains(where: { phrases[$0.phrase].intent == phrases[candidate.phrase].intent }) {
            perIntent.append(candidate)
        }
        if perIntent.count == 1 {
            return .matched(interpretation(first))
        }
        var interpretations: [Interpretation] = []
        for candidate in perIntent {
            interpretations.append(interpretation(candidate))
        }
        return .ambiguous(interpretations)
    }

    /// Tries every split of words `word...` over elements `element...` of `phrase`.
    private mutating func split(
        _ phrase: VocabularyPhrase, _ phraseIndex: Int, element: Int, word: Int, literalEdits: Int,
        best: inout Candidate?
    ) {
        let remainingWords = words.count - word
        let remainingElements = phrase.remainingElements[element]
        guard remainingWords >= remainingElements else { return }
        guard phrase.slotFollows[element] || remainingWords == remainingElements else { return }
        if element == phrase.elements.count {
            evaluate(phrase, phraseIndex, literalEdits: literalEdits, best: &best)
            return
        }
        let current = phrase.elements[element]
        guard current.isSlot else {
            if let edits = literalEditsFor(word: word, literal: current.word, mayMisspell: literalEdits == 0) {
                split(phrase, phraseIndex, element: element + 1, word: word + 1, literalEdits: literalEdits + edits, best: &best)
            }
            return
        }
        spans[2 * current.slot] = word
        // The slot takes at least one word and leaves one for each later element. The
        // element after a slot is always a literal word, checked by the recursive call.
        let lastEnd = words.count - phrase.remainingElements[element + 1]
        guard word < lastEnd else { return }
        let firstEnd = element + 1 == phrase.elements.count ? lastEnd : word + 1
        for end in firstEnd...lastEnd {
            spans[2 * current.slot + 1] = end
            split(phrase, phraseIndex, element: element + 1, word: end, literalEdits: literalEdits, best: &best)
        }
    }

    /// The edits needed to read utterance word `word` as `literal`: 0 when equal, 1 when
    /// `mayMisspell` and a 5+ letter literal is one edit away, else nil.
    private func literalEditsFor(word: Int, literal: [UInt32], mayMisspell: Bool) -> Int? {
        let spoken = words.word(word)
        if spoken.count == literal.count, spoken.elementsEqual(literal) {
            return 0
        }
        if mayMisspell, literal.count >= 5, VocabularyEditDistance.isWithinOneEdit(spoken, literal) {
            return 1
        }
        return nil
    }

    /// Resolves the slots of a complete split and keeps it if it beats `best`.
    private mutating func evaluate(
        _ phrase: VocabularyPhrase, _ phraseIndex: Int, literalEdits: Int, best: inout Candidate?
    ) {
        var edits = literalEdits
        var entities = 0
        for slot in phrase.slotNames.indices {
            let resolution = resolve(slotID: phrase.slotIDs[slot], first: spans[2 * slot], last: spans[2 * slot + 1])
            edits += resolution.distance
            if resolution.entity != nil {
                entities += 1
            }
        }
        let candidate = Candidate(
            phrase: phraseIndex, edits: edits, literals: phrase.literalCount, entities: entities,
            spans: Array(spans.prefix(2 * phrase.slotNames.count)))
        if best.map({ candidate.ranks(before: $0) }) ?? true {
            best = candidate
        }
    }

    /// Resolves words `first..<last` for a slot, once per utterance.
    private mutating func resolve(slotID: Int, first: Int, last: Int) -> VocabularyEntityIndex.Resolution {
        guard let index = indexes[slotID] else { return .freeText }
        let key = SpanKey(slotID: slotID, first: first, last: last)
        if let cached = cache[key] { return cached }
        let resolution = index.resolve(words.span(first, last))
        cache[key] = resolution
        return resolution
    }

    /// Builds the public interpretation of a candidate.
    private mutating func interpretation(_ candidate: Candidate) -> Interpretation {
        let phrase = phrases[candidate.phrase]
        var slots: [ParameterName: SlotValue] = [:]
        for (slot, name) in phrase.slotNames.enumerated() {
            let first = candidate.spans[2 * slot]
            let last = candidate.spans[2 * slot + 1]
            let resolution = resolve(slotID: phrase.slotIDs[slot], first: first, last: last)
            let entities = indexes[phrase.slotIDs[slot]]?.entities ?? []
            let spoken = String(String.UnicodeScalarView(words.span(first, last).compactMap(Unicode.Scalar.init)))
            slots[ParameterName(name)] = SlotValue(
                spoken: spoken, entity: resolution.entity.map { entities[$0] },
                editDistance: resolution.distance, candidates: resolution.candidates.map { entities[$0] })
        }
        return Interpretation(intent: phrase.intent, phrase: phrase.template, slots: slots, score: candidate.edits)
    }
}
