import SceneIntents

/// What an utterance said for one slot of a phrase, and the entity it was resolved to.
///
/// - ``entity`` is set when exactly one entity is closest: an exact name or synonym
///   (``editDistance`` 0) or, failing that, the unique nearest one within the misspelling
///   bound (``editDistance`` > 0).
/// - When several entities are equally close, ``entity`` is nil and ``candidates`` lists
///   them (in the order they were given to ``Vocabulary/setEntities(_:forSlot:)``) so the
///   app can disambiguate; ``editDistance`` is their shared distance.
/// - When the slot has no entities, or none is within the bound, ``entity`` is nil,
///   ``candidates`` is empty and ``editDistance`` is 0: the spoken text is free text for
///   the app's own resolver.
public struct SlotValue: Sendable, Equatable, Codable {
    /// The words the slot captured, normalised (lowercase, single spaces, no punctuation).
    public var spoken: String
    /// The entity the words resolved to, if exactly one is closest.
    public var entity: Entity?
    /// Edits (insertions, deletions, substitutions, adjacent swaps) between ``spoken`` and
    /// the matched name or synonym of ``entity`` or ``candidates``; 0 for free text.
    public var editDistance: Int
    /// The entities tied for closest when ``entity`` is nil; otherwise empty.
    public var candidates: [Entity]

    /// Creates a slot value; used by the vocabulary and by tests comparing matches.
    public init(spoken: String, entity: Entity? = nil, editDistance: Int = 0, candidates: [Entity] = []) {
        self.spoken = spoken
        self.entity = entity
        self.editDistance = editDistance
        self.candidates = candidates
    }
}
