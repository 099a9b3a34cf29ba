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
        let parameters = I.schema.parameters.map(\.descriptor.name.rawValue)
        let phrase = try VocabularyPhrase(template: template, intent: I.typeName)
        if let unknown = phrase.slotNames.first(where: { !parameters.contains($0) }) {
            let known = parameters.isEmpty ? "it has no parameters" : "its parameters are \(parameters.joined(separator: ", "))"
            throw VocabularyError(
                code: .unknownSlot, template: template,
                message: "the slot ${\(unknown)} names no parameter of \(I.typeName): \(known)")
        }
        try addPhrase(template, intent: I.typeName)
    }
}
