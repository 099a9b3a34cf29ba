import SceneIntents

extension Vocabulary {
    /// Adds a phrase for intent type `I`, checking each `${slot}` against `I`'s parameters.
    ///
    /// The same as ``addPhrase(_:intent:)`` with `I.typeName`, and more: a slot that names no
    /// parameter of `I` (`${ounce}` for a parameter named `ounces`) would silently drop the
    /// user's words, so it is refused here, naming the phrase, the slot and the parameters there
    /// are. The vocabulary is then unchanged.
    ///
    /// - Throws: ``VocabularyError`` with ``VocabularyError/Code/unknownSlot``, or any error of
    ///   ``addPhrase(_:intent:)``.
    public mutating func addPhrase<I: Intent>(_ template: String, for type: I.Type) throws(VocabularyError) {
        try addPhrase(template, intent: I.typeName, parameters: I.schema.parameters.map(\.descriptor.name.rawValue))
    }
}
