import SceneIntents

extension Vocabulary {
    /// The vocabulary of an app's words (`AppVocabulary`), each phrase's slots checked against its
    /// intent's parameters in `catalog`; slots named like an enum parameter take the enum's cases
    /// (see `setEnumEntities(from:)`) unless the app gives entities of its own.
    ///
    /// - Throws: ``VocabularyError`` for the first phrase that is malformed, is for an intent
    ///   the catalog does not have, or has a slot naming no parameter of its intent.
    public init(_ words: AppVocabulary, catalog: IntentCatalog) throws(VocabularyError) {
        self.init()
        for phrase in words.phrases {
            guard let descriptor = catalog.descriptor(named: phrase.intent) else {
                throw VocabularyError(
                    code: .unknownIntent, template: phrase.template,
                    message: "the phrase is for \(phrase.intent), which the app's catalog does not define")
            }
            try addPhrase(phrase.template, intent: phrase.intent, parameters: descriptor.parameters.map(\.name.rawValue))
        }
        setEnumEntities(from: catalog)
        for (slot, entities) in words.entities.sorted(by: { $0.key < $1.key }) { setEntities(entities, forSlot: slot) }
    }

    /// Adds a phrase for `intent` whose slots must each name one of `parameters`: a slot that
    /// names none (`${ounce}` for a parameter named `ounces`) would silently drop the user's
    /// words, so it is refused, naming the phrase, the slot and the parameters there are.
    mutating func addPhrase(_ template: String, intent: String, parameters: [String]) throws(VocabularyError) {
        let phrase = try VocabularyPhrase(template: template, intent: intent)
        if let unknown = phrase.slotNames.first(where: { !parameters.contains($0) }) {
            let known = parameters.isEmpty ? "it has no parameters" : "its parameters are \(parameters.joined(separator: ", "))"
            throw VocabularyError(
                code: .unknownSlot, template: template, message: "the slot ${\(unknown)} names no parameter of \(intent): \(known)")
        }
        try addPhrase(template, intent: intent)
    }
}
