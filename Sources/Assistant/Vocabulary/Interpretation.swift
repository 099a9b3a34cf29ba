import SceneIntents

/// One reading of an utterance: the intent, the phrase that matched and the slot values.
public struct Interpretation: Sendable, Equatable {
    /// The intent type name the phrase was added for.
    public var intent: String
    /// The phrase template exactly as it was added, e.g. `"show directions for ${recipe}"`.
    public var phrase: String
    /// The value of every slot of the phrase, keyed by slot name (case-sensitive, as in
    /// the template): a slot names the intent's parameter it fills.
    public var slots: [ParameterName: SlotValue]
    /// Total edits needed to read the utterance this way: the misspelt literal word (0 or
    /// 1) plus every slot's ``SlotValue/editDistance``. Lower is better; 0 is exact.
    public var score: Int

    /// Creates an interpretation; used by the vocabulary and by tests comparing matches.
    public init(intent: String, phrase: String, slots: [ParameterName: SlotValue] = [:], score: Int = 0) {
        self.intent = intent
        self.phrase = phrase
        self.slots = slots
        self.score = score
    }
}

extension Interpretation {
    /// What `words` said for `slot` as the app receives it: the entity's name when one was
    /// resolved, else the words as the user wrote them ("crème brûlée", not the folded "creme
    /// brulee" matching compares).
    public func said(_ slot: SlotValue, in words: String) -> String {
        slot.entity?.name ?? VocabularyNormalizer.said(slot.spoken, in: words) ?? slot.spoken
    }
}
