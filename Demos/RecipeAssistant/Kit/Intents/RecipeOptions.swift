import SceneIntents

/// The recipe parameter's options, a page at a time: the provider behind "Which recipe?".
///
/// An empty term offers the recently viewed recipes, then the book's own (a short list). A term
/// offers every title with a word starting with it, those starting with the term first, in the
/// order of `RecipeBook.search`; the matches of the last term are kept, so reading a catalog of a
/// million recipes page by page searches it once, not once per page.
@MainActor
public final class RecipeOptions {
    private let model: RecipeModel
    private var cached: (term: String, matches: [Recipe])?

    /// Options over a model.
    public init(model: RecipeModel) {
        self.model = model
    }

    /// The page `page` of the options for `term`, with `nextOffset` set when more follow.
    public func page(for term: String?, _ page: OptionsPage) -> ObjectCollection<Recipe> {
        let trimmed = (term ?? "").trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return model.options(for: "").page(page) }
        let matches = self.matches(for: trimmed)
        let start = min(max(0, page.offset), matches.count)
        let end = start + min(max(0, page.limit), matches.count - start)
        let key = RecipeSearchIndex.normalized(trimmed)
        var leading: [Recipe] = []
        var others: [Recipe] = []
        for recipe in matches[start..<end] {
            if RecipeSearchIndex.normalized(recipe.title).starts(with: key) {
                leading.append(recipe)
            } else {
                others.append(recipe)
            }
        }
        var sections: [ObjectSection<Recipe>] = []
        if !leading.isEmpty { sections.append(ObjectSection(title: "Starting with \"\(trimmed)\"", items: leading)) }
        if !others.isEmpty { sections.append(ObjectSection(title: "Containing \"\(trimmed)\"", items: others)) }
        return ObjectCollection(sections: sections, nextOffset: end < matches.count ? end : nil)
    }

    private func matches(for term: String) -> [Recipe] {
        if let cached, cached.term == term { return cached.matches }
        let matches = model.book.search(term, limit: .max)
        cached = (term, matches)
        return matches
    }
}
