/// A value a vocabulary slot can take, such as one recipe, with the names it is spoken by.
///
/// Matching compares utterances with the normalised ``name`` and ``synonyms`` (lowercased,
/// punctuation and accents folded), so `"Crème Brûlée!"` and `"creme brulee"` are the same
/// name. ``identifier`` is never matched; it is handed back so the app can find its object.
public struct Entity: Sendable, Hashable, Codable {
    /// The app's stable identifier for the object, returned untouched in matches.
    public var identifier: String
    /// The display name, also matched against utterances.
    public var name: String
    /// Other ways users say the name; matched exactly like ``name``.
    public var synonyms: [String]

    /// Creates an entity; `synonyms` may be empty.
    public init(identifier: String, name: String, synonyms: [String] = []) {
        self.identifier = identifier
        self.name = name
        self.synonyms = synonyms
    }
}
