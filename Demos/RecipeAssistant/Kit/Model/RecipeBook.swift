import Foundation
import Synchronization

/// The recipes the app knows, with a search index.
///
/// The demo's recipes are held as values; a synthetic catalog (`catalogSize`) is made on demand
/// from its numbers, so a book of a million recipes holds only its search index. Search is by
/// word prefix over titles (`RecipeSearchIndex`), so a search term answers in logarithmic time
/// whatever the book's size.
///
/// Making a book is immediate: the index is built on first use, or in the background when
/// `buildIndexInBackground` is called (the shell does, for `--catalog-size`); a search that
/// comes before it is ready waits for it.
public final class RecipeBook: Sendable {
    /// The recipes written for the demo, in order (the list screen shows these).
    public let featured: [Recipe]
    /// How many synthetic recipes follow them.
    public let catalogSize: Int
    private let byIdentifier: [String: Int]
    private let lazyIndex: LazyIndex

    /// A book of recipes and `catalogSize` synthetic ones after them.
    public init(_ recipes: [Recipe], catalogSize: Int = 0) {
        featured = recipes
        let catalogSize = max(0, catalogSize)
        self.catalogSize = catalogSize
        var byIdentifier: [String: Int] = [:]
        for (position, recipe) in recipes.enumerated() where byIdentifier[recipe.identifier] == nil {
            byIdentifier[recipe.identifier] = position
        }
        self.byIdentifier = byIdentifier
        lazyIndex = LazyIndex { progress in
            let featuredCount = recipes.count
            return RecipeSearchIndex(count: featuredCount + catalogSize, progress: progress) { number, read in
                if number < featuredCount {
                    var title = RecipeSearchIndex.folded(recipes[number].title)
                    title.withUTF8(read)
                } else {
                    SyntheticCatalog.withTitleUTF8(number - featuredCount, read)
                }
            }
        }
    }

    /// The demo's book, plus `catalogSize` synthetic recipes for searching at scale.
    public static func demo(catalogSize: Int = 0) -> RecipeBook {
        RecipeBook(demoRecipes, catalogSize: catalogSize)
    }

    /// How many recipes the book holds.
    public var count: Int { featured.count + catalogSize }

    /// The search index over every title; built now (or waited for) if it is not ready.
    public var index: RecipeSearchIndex { lazyIndex.value }

    /// Whether the index is built.
    public var isIndexReady: Bool { lazyIndex.isReady }

    /// Starts building the index on a thread of its own, telling `progress` how far it is (one
    /// sentence each time). Does nothing when it is built or being built.
    public func buildIndexInBackground(progress: @escaping @Sendable (String) -> Void) {
        lazyIndex.startInBackground(progress: progress)
    }

    /// Recipe number `position` (featured first, then the catalog).
    public func recipe(at position: Int) -> Recipe {
        position < featured.count ? featured[position] : SyntheticCatalog.recipe(position - featured.count)
    }

    /// The recipe with this identifier.
    public func recipe(identifier: String) -> Recipe? {
        if let position = byIdentifier[identifier] { return featured[position] }
        guard identifier.hasPrefix("catalog-"), let number = Int(identifier.dropFirst(8)),
            number >= 1, number <= catalogSize
        else { return nil }
        return SyntheticCatalog.recipe(number - 1)
    }

    /// The recipe whose title is exactly these words (ignoring case and punctuation), if any.
    public func recipe(titled words: String) -> Recipe? {
        let wanted = RecipeSearchIndex.normalized(words)
        let index = index
        return index.search(words, limit: 50).first { RecipeSearchIndex.normalized(index.title($0)) == wanted }
            .map(recipe(at:))
    }

    /// Recipes whose title has a word (or run of words) starting with the term, titles that
    /// start with it first, each group in natural order ("No. 2" before "No. 10"). At most
    /// `limit`.
    public func search(_ term: String, limit: Int = 25) -> [Recipe] {
        index.search(term, limit: limit).map(recipe(at:))
    }
}

/// An index built once, by whoever needs it first or by a background thread; anyone else who
/// needs it meanwhile waits for that build instead of starting another.
private final class LazyIndex: Sendable {
    private enum State {
        case pending
        case building(DispatchGroup)
        case ready(RecipeSearchIndex)
    }

    private let state = Mutex(State.pending)
    private let build: @Sendable (((String) -> Void)?) -> RecipeSearchIndex

    init(build: @escaping @Sendable (((String) -> Void)?) -> RecipeSearchIndex) {
        self.build = build
    }

    var isReady: Bool {
        state.withLock { if case .ready = $0 { true } else { false } }
    }

    var value: RecipeSearchIndex {
        switch claim() {
        case .ready(let index): return index
        case .building(let group):
            group.wait()
            return self.value
        case .pending: return run(progress: nil)
        }
    }

    func startInBackground(progress: @escaping @Sendable (String) -> Void) {
        guard case .pending = claim() else { return }
        Thread { [self] in _ = run(progress: progress) }.start()
    }

    /// The state as it was; when it was pending, it is now building and the caller must build.
    private func claim() -> State {
        state.withLock { state in
            let before = state
            if case .pending = state {
                let group = DispatchGroup()
                group.enter()
                state = .building(group)
            }
            return before
        }
    }

    private func run(progress: ((String) -> Void)?) -> RecipeSearchIndex {
        let index = build(progress)
        // Said before anyone can see the index ready, so the last progress line comes first.
        progress?("The search index of \(index.count) recipes is ready.")
        let group = state.withLock { state -> DispatchGroup? in
            defer { state = .ready(index) }
            if case .building(let group) = state { return group }
            return nil
        }
        group?.leave()
        return index
    }
}
