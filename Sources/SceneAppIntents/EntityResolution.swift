import SceneIntents

/// An engine value that a query resolves: what the adapter asks of every entity parameter, whatever
/// its entity type.
protocol QueriedValue: ParameterValue {
    /// The value resolved: an entity stays; an identifier is fetched; words are matched (one
    /// match succeeds, as does the one of several whose title the words are; several are
    /// offered; none is refused with `EntityLookup.notFound`).
    func resolution() async throws -> ResolutionResult<Self>
    /// The entities to offer for a search term (nil or empty: the suggestions).
    static func options(searchTerm: String?) async throws -> [Self]
    /// The value holding the entity itself (fetched by identifier when it held one); nil when
    /// it names none the query finds.
    func fetched() async throws -> Self?
}

/// What the adapter says of an entity the query did not find.
enum EntityLookup {
    /// The unsupported reason of words or an identifier that name no entity.
    static let notFound = "notFound"
}

extension _AppEntityValue: QueriedValue {
    private static var query: Entity.DefaultQuery { Entity.defaultQuery }

    func resolution() async throws -> ResolutionResult<_AppEntityValue> {
        switch content {
        case .entity:
            return .success(self)
        case .reference:
            guard let found = try await fetched() else { return .unsupported(reason: EntityLookup.notFound) }
            return .success(found)
        case .spoken(let words):
            let matches = try await Self.matching(words)
            // Of several matches, the one whose title the words are wins ("tea" over "Green Tea").
            let exact = matches.filter { Self.folded($0.displayItem.title) == Self.folded(words) }
            switch (matches.count, exact.count) {
            case (0, _): return .unsupported(reason: EntityLookup.notFound)
            case (1, _): return .success(matches[0])
            case (_, 1): return .success(exact[0])
            default: return .disambiguation(matches)
            }
        }
    }

    static func options(searchTerm: String?) async throws -> [_AppEntityValue] {
        guard let term = searchTerm?.trimmingCharacters(in: .whitespaces), !term.isEmpty else {
            return try await query.suggestedEntities().items.map(_AppEntityValue.init(entity:))
        }
        return try await matching(term)
    }

    func fetched() async throws -> _AppEntityValue? {
        switch content {
        case .entity: return self
        case .spoken: return nil
        case .reference(let text, _):
            guard let identifier = Entity.ID.entityIdentifier(for: text) else { return nil }
            return try await Self.query.entities(for: [identifier]).first { $0.id == identifier }.map(_AppEntityValue.init(entity:))
        }
    }

    /// The entities `words` name: the string query's answer, else the listed (or suggested)
    /// entities whose title or a synonym contains the words, ignoring case and accents.
    private static func matching(_ words: String) async throws -> [_AppEntityValue] {
        let found: [Entity]
        if let strings = query as? any EntityStringQuery {
            found = try await matches(strings, words)
        } else {
            let known: [Entity]
            if let enumerable = query as? any EnumerableEntityQuery {
                known = try await all(enumerable)
            } else {
                known = try await query.suggestedEntities().items
            }
            let wanted = folded(words)
            found = known.filter { entity in
                let representation = entity.displayRepresentation
                return ([representation.title] + representation.synonyms).contains { folded($0.description).contains(wanted) }
            }
        }
        return found.map(_AppEntityValue.init(entity:))
    }

    private static func matches(_ query: some EntityStringQuery, _ words: String) async throws -> [Entity] {
        try await query.entities(matching: words).items.compactMap { $0 as? Entity }
    }

    private static func all(_ query: some EnumerableEntityQuery) async throws -> [Entity] {
        try await query.allEntities().compactMap { $0 as? Entity }
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
