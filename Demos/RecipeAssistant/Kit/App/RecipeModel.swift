import Foundation
import SceneIntents

/// The app's data while it runs: the book and the recipes viewed recently.
@MainActor
public final class RecipeModel {
    /// The recipes.
    public let book: RecipeBook
    /// Recently viewed recipes, the latest first (at most five).
    public private(set) var recents: [Recipe] = []

    /// A model over a book.
    public init(book: RecipeBook) {
        self.book = book
    }

    /// Notes that a recipe was viewed.
    public func viewed(_ recipe: Recipe) {
        recents.removeAll { $0.identifier == recipe.identifier }
        recents.insert(recipe, at: 0)
        if recents.count > 5 { recents.removeLast() }
    }

    /// The options to offer for a search term: an empty term offers recents, then all the
    /// featured recipes; a term offers titles starting with it, then other titles containing a
    /// word that starts with it.
    public func options(for term: String) -> ObjectCollection<Recipe> {
        let trimmed = term.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            var sections: [ObjectSection<Recipe>] = []
            if !recents.isEmpty { sections.append(ObjectSection(title: "Recent", items: recents)) }
            sections.append(ObjectSection(title: "All Recipes", items: book.featured))
            return ObjectCollection(sections: sections, usesIndexedCollation: recents.isEmpty)
        }
        let key = RecipeSearchIndex.normalized(trimmed)
        let matches = book.search(trimmed, limit: 25)
        let leading = matches.filter { RecipeSearchIndex.normalized($0.title).starts(with: key) }
        let others = matches.filter { !RecipeSearchIndex.normalized($0.title).starts(with: key) }
        var sections: [ObjectSection<Recipe>] = []
        if !leading.isEmpty { sections.append(ObjectSection(title: "Starting with \"\(trimmed)\"", items: leading)) }
        if !others.isEmpty { sections.append(ObjectSection(title: "Containing \"\(trimmed)\"", items: others)) }
        return ObjectCollection(sections: sections)
    }
}

/// Each run's model: a launch starts a fresh one (no recents), which the run's app delegate and
/// every scene delegate of the run share, each given it in its initialiser.
@MainActor
public final class RecipeModelRuns {
    /// The recipes every run's model is over.
    public let book: RecipeBook
    /// The model of the current (or last) run.
    public private(set) var current: RecipeModel

    /// Runs over a book.
    public init(book: RecipeBook) {
        self.book = book
        current = RecipeModel(book: book)
    }

    /// A fresh model for a new run, which becomes the current one.
    public func start() -> RecipeModel {
        current = RecipeModel(book: book)
        return current
    }
}
