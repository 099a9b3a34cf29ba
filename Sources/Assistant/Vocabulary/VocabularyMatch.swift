/// The outcome of ``Vocabulary/match(_:)``.
public enum VocabularyMatch: Sendable, Equatable {
    /// One interpretation is better than every other one, or all the best ones are
    /// phrases of the same intent (the earliest added phrase is reported).
    case matched(Interpretation)
    /// Several intents are equally good readings. Holds the best interpretation of each,
    /// in the order their phrases were added; ask the user which one was meant.
    case ambiguous([Interpretation])
    /// No phrase matches. `suggestions` holds up to three phrase templates (as added,
    /// with their `${slot}` placeholders) that share at least one word with the utterance,
    /// closest first by word edit distance; it is empty when none shares a word.
    case noMatch(suggestions: [String])
}
