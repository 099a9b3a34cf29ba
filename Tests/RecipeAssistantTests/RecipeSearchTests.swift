import RecipeAssistantKit
import SceneIntents
import Testing

@MainActor
struct RecipeSearchTests {
    @Test func anEmptyTermOffersRecentsThenAll() {
        let model = RecipeModel(book: RecipeBook.demo())
        #expect(model.options(for: "").sections.map(\.title) == ["All Recipes"])
        model.viewed(model.book.featured[5])
        model.viewed(model.book.featured[1])
        let options = model.options(for: " ")
        #expect(options.sections.map(\.title) == ["Recent", "All Recipes"])
        #expect(options.sections[0].items.map(\.title) == ["Buttermilk Pancakes", "Tomato Soup"])
        #expect(options.sections[1].items.count == 22)
    }

    @Test func aTermOffersTitlesStartingWithItThenTitlesContainingIt() {
        let model = RecipeModel(book: RecipeBook.demo())
        let options = model.options(for: "Banana")
        #expect(options.sections.map(\.title) == ["Starting with \"Banana\""])
        #expect(options.allItems.map(\.title) == ["Banana Bread", "Banana Pancakes"])
        let soup = model.options(for: "sou")
        #expect(soup.sections.map(\.title) == ["Containing \"sou\""])
        #expect(Set(soup.allItems.map(\.title)) == ["Tomato Soup", "Lentil Soup"])
    }

    @Test func aLargeCatalogIsSearchedByWordPrefixAndPhrase() {
        let book = RecipeBook.demo(catalogSize: 50_000)
        #expect(book.count == 50_022)
        let hits = book.search("smoky lemon pan", limit: 10)
        #expect(!hits.isEmpty)
        #expect(hits.allSatisfy { $0.title.lowercased().hasPrefix("smoky lemon pancakes") })
        #expect(book.search("zzz", limit: 10).isEmpty)
        let synthetic = SyntheticCatalog.recipe(41)
        #expect(book.recipe(identifier: synthetic.identifier) == synthetic)
        #expect(book.recipe(titled: synthetic.title.uppercased()) == synthetic)
        #expect(book.recipe(identifier: "catalog-0") == nil)
        #expect(book.recipe(identifier: "catalog-50001") == nil)
    }

    @Test func theSearchIndexIgnoresCaseAndPunctuation() {
        let index = RecipeSearchIndex(titles: ["Grandma's Secret Stew", "Stir-Fry", "crème brûlée"])
        #expect(index.search("GRANDMAS", limit: 5) == [0])
        #expect(index.search("fry", limit: 5) == [1])
        #expect(index.search("stir fry", limit: 5) == [1])
        #expect(index.search("brû", limit: 5) == [2])
        #expect(index.search("", limit: 5).isEmpty)
    }
}
