import RecipeAssistantKit
import SceneIntents
import Synchronization
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

/// The index's build: order, equivalence with a plain scan, laziness.
struct RecipeIndexBuildTests {
    @Test func numbersSortInNaturalOrder() {
        let index = RecipeSearchIndex(titles: ["Soup No. 10", "Soup No. 2", "Soup No. 1", "Soup No. 007", "Soup No. 3d"])
        #expect(index.search("soup", limit: 10) == [2, 1, 0, 3, 4])
        #expect(index.search("soup no 1", limit: 10) == [2, 0])
        #expect(index.search("no 3", limit: 10) == [4])
        #expect(index.search("7", limit: 10) == [], "007 is a word of three digits")
        #expect(index.search("007", limit: 10) == [3])
        #expect(index.title(3) == "soup no 007")
        let book = RecipeBook.demo(catalogSize: 30)
        #expect(book.search("no", limit: 12).map(\.title) == (1...12).map { SyntheticCatalog.title($0 - 1) })
        #expect(book.search("no 1", limit: 4).map { $0.title.split(separator: " ").last } == ["1", "10", "11", "12"])
    }

    /// The fast build finds exactly what a scan of every title finds, in the same groups.
    @Test func theIndexFindsWhatAScanFinds() {
        let book = RecipeBook.demo(catalogSize: 3_000)
        let titles = (0..<book.count).map { book.recipe(at: $0).title }
        for term in ["pan", "banana pan", "smoky lemon", "no 2", "no 29", "2", "curry", "zzz", "grandmas", "s", "tart no 1"] {
            let key = RecipeSearchIndex.normalized(term)
            let expected = titles.indices.filter { number in
                let words = RecipeSearchIndex.normalized(titles[number])
                return words.starts(with: key) || words.indices.contains { $0 > 0 && words[$0 - 1] == 32 && words[$0...].starts(with: key) }
            }
            let found = book.index.search(term, limit: Int.max)
            #expect(Set(found) == Set(expected), "\(term)")
            #expect(found.count == expected.count, "\(term): each title once")
        }
    }

    @Test func aBookIsMadeAtOnceAndIndexedInTheBackgroundWithProgress() {
        let book = RecipeBook.demo(catalogSize: 200_000)
        #expect(!book.isIndexReady, "nothing is built when the book is made")
        let messages = Mutex<[String]>([])
        book.buildIndexInBackground { message in messages.withLock { $0.append(message) } }
        #expect(book.search("smoky lemon pancakes no 12001").map(\.identifier) == ["catalog-12001"])
        #expect(book.isIndexReady)
        #expect(messages.withLock { $0 } == [
            "Indexing the recipes: reading 200022 titles.",
            "Indexing the recipes: sorting 1000044 word starts.",
            "The search index of 200022 recipes is ready.",
        ])
    }
}
