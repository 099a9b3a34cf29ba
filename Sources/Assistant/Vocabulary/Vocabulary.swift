import SceneIntents

/// The phrases and slot entities a voice assistant uses to turn an utterance into an intent.
///
/// Add phrase templates such as `"show directions for ${recipe}"` for each intent, give the
/// slots their entities, then call ``match(_:)`` with what the user said:
///
/// ```swift
/// var vocabulary = Vocabulary()
/// try vocabulary.addPhrase("show directions for ${recipe}", intent: "ShowDirectionsIntent")
/// try vocabulary.addPhrase("next step", intent: "NextStepIntent")
/// vocabulary.setEntities([Entity(identifier: "r1", name: "Banana Pancakes")], forSlot: "recipe")
/// vocabulary.match("Show directions for banana pancaks")  // .matched, recipe = r1, editDistance 1
/// ```
///
/// Matching rules:
/// - Utterances and templates are normalised the same way: lowercase, accents of Latin
///   letters folded, apostrophes dropped (`don't` → `dont`), every other punctuation mark a
///   word break, whitespace collapsed. `"Next step!"` matches `"next step"`.
/// - Literal words must be equal after normalisation, except that one literal word of 5+
///   letters per reading may be misspelt by one edit (it costs 1 in the score).
/// - A slot captures one or more words. With entities, an exact name or synonym wins;
///   otherwise the closest name within one edit per four characters of the name (so none
///   for names under 4 characters) is taken; equally close entities leave the slot
///   unresolved with ``SlotValue/candidates``; with no entity close enough (or no entities
///   at all) the slot keeps the spoken words as free text. See ``SlotValue``. Names (and
///   spoken slot words) longer than 255 characters are matched exactly only.
/// - Readings rank by fewest edits, then most literal words, then most slots resolved to an
///   entity. Note that a free-text slot costs no edits, so a reading through a broad phrase
///   such as `"show ${recipe}"` with unresolved free text outranks a misspelt reading of a
///   longer phrase; avoid phrases that are mostly one slot if that matters.
/// - The best reading wins (``VocabularyMatch/matched(_:)``); equally good readings of
///   different intents are ``VocabularyMatch/ambiguous(_:)``; no reading gives
///   ``VocabularyMatch/noMatch(suggestions:)``.
///
/// The vocabulary is a value: build it, then share copies freely across tasks. Templates
/// and entities are normalised and indexed when added, so ``match(_:)`` does no set-up work.
public struct Vocabulary: Sendable {
    /// The compiled phrases in the order added.
    private var compiled: [VocabularyPhrase] = []
    /// The id of each slot name seen in a template or given entities.
    private var slotIDs: [String: Int] = [:]
    /// The entity index of each slot id; nil when the slot takes free text.
    private var entityIndexes: [VocabularyEntityIndex?] = []

    /// Creates an empty vocabulary, which matches nothing.
    public init() {}

    /// Every phrase template in the order added, as written, e.g. for help texts.
    public var phrases: [String] {
        compiled.map(\.template)
    }

    /// Adds a phrase template for an intent.
    ///
    /// A template is words plus `${slot}` placeholders, e.g. `"show directions for ${recipe}"`
    /// or `"next step"`. Slot names hold letters, digits and underscores and are
    /// case-sensitive; they key ``Interpretation/slots`` and ``setEntities(_:forSlot:)``.
    /// Punctuation in the words is ignored. The same template may be added for several
    /// intents, which makes utterances of it ambiguous; phrases added earlier win ties
    /// within one intent.
    ///
    /// - Throws: ``VocabularyError`` when the template has no words, a `${` is not closed,
    ///   a slot name is empty or invalid, two slots have no word between them, or a slot
    ///   name is repeated; or when `intent` is empty. The vocabulary is then unchanged.
    public mutating func addPhrase(_ template: String, intent: String) throws(VocabularyError) {
        var phrase = try VocabularyPhrase(template: template, intent: intent)
        phrase.slotIDs = phrase.slotNames.map { slotID(for: $0) }
        compiled.append(phrase)
    }

    /// Sets the entities a slot can take, replacing any given before; empty means free text.
    ///
    /// The slot is named as in the templates (case-sensitive) and may be set before or
    /// after its phrases are added; it applies to every phrase using that slot name. Names
    /// and synonyms are normalised and indexed here, so call this once per slot with the
    /// full list rather than entity by entity.
    public mutating func setEntities(_ entities: [Entity], forSlot slot: String) {
        let id = slotID(for: slot)
        entityIndexes[id] = entities.isEmpty ? nil : VocabularyEntityIndex(entities: entities)
    }

    /// Reads an utterance as one of the vocabulary's phrases.
    ///
    /// Never fails: an empty or unrecognised utterance gives
    /// ``VocabularyMatch/noMatch(suggestions:)``. See ``Vocabulary`` for the rules.
    public func match(_ utterance: String) -> VocabularyMatch {
        let words = VocabularyNormalizer.words(of: utterance.unicodeScalars, reservingCapacity: utterance.utf8.count)
        var matcher = VocabularyMatcher(phrases: compiled, indexes: entityIndexes, words: words)
        return matcher.match()
    }

    /// `text` with accents folded as matching folds them ("Crème Brûlée" → "Creme Brulee",
    /// "Straße" → "strasse"), so an app's own search can treat "creme brulee" and "crème
    /// brûlée" as the same words; characters that are not letters are kept.
    public static func foldingAccents(_ text: String) -> String {
        AccentFolding.folding(text)
    }

    /// The id of a slot name, registering it if new.
    private mutating func slotID(for name: String) -> Int {
        if let id = slotIDs[name] {
            return id
        }
        let id = entityIndexes.count
        slotIDs[name] = id
        entityIndexes.append(nil)
        return id
    }
}
