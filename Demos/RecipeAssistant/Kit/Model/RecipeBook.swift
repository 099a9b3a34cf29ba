/// The recipes the app knows, with a search index.
///
/// The demo's recipes are held as values; a synthetic catalog (`catalogSize`) is made on demand
/// from its numbers, so a book of a million recipes holds only its search index. Search is by
/// word prefix over titles (`RecipeSearchIndex`), so a search term answers in logarithmic time
/// whatever the book's size.
public final class RecipeBook: Sendable {
    /// The recipes written for the demo, in order (the list screen shows these).
    public let featured: [Recipe]
    /// How many synthetic recipes follow them.
    public let catalogSize: Int
    private let byIdentifier: [String: Int]
    /// The search index over every title.
    public let index: RecipeSearchIndex

    /// A book of recipes and `catalogSize` synthetic ones after them.
    public init(_ recipes: [Recipe], catalogSize: Int = 0) {
        featured = recipes
        self.catalogSize = max(0, catalogSize)
        var byIdentifier: [String: Int] = [:]
        for (position, recipe) in recipes.enumerated() where byIdentifier[recipe.identifier] == nil {
            byIdentifier[recipe.identifier] = position
        }
        self.byIdentifier = byIdentifier
        let featuredCount = recipes.count
        index = RecipeSearchIndex(count: featuredCount + self.catalogSize) { number in
            number < featuredCount ? recipes[number].title : SyntheticCatalog.title(number - featuredCount)
        }
    }

    /// The demo's book, plus `catalogSize` synthetic recipes for searching at scale.
    public static func demo(catalogSize: Int = 0) -> RecipeBook {
        RecipeBook(demoRecipes, catalogSize: catalogSize)
    }

    /// How many recipes the book holds.
    public var count: Int { featured.count + catalogSize }

    /// Recipe number `position` (featured first, then the catalog).
    public func recipe(at position: Int) -> Recipe {
        position < featured.count ? featured[position] : SyntheticCatalog.recipe(position - featured.count)
    }

    /// The recipe with this identifier.
    public func recipe(identifier: String) -> Recipe? {
        if let position = byIdentifier[identifier] { return featured[position] }
        guard identifier.hasPrefix("catalog-"), let number = Int(identifier.dropFirst(8)),
            (1...catalogSize).contains(number)
        else { return nil }
        return SyntheticCatalog.recipe(number - 1)
    }

    /// The recipe whose title is exactly these words (ignoring case and punctuation), if any.
    public func recipe(titled words: String) -> Recipe? {
        let wanted = RecipeSearchIndex.normalized(words)
        return index.search(words, limit: 50).first { RecipeSearchIndex.normalized(index.title($0)) == wanted }
            .map(recipe(at:))
    }

    /// Recipes whose title has a word (or run of words) starting with the term, titles that
    /// start with it first. At most `limit`.
    public func search(_ term: String, limit: Int = 25) -> [Recipe] {
        index.search(term, limit: limit).map(recipe(at:))
    }
}
