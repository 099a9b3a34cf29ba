import Foundation
import RecipeAssistantKit

/// `search.keystroke`: typing into the recipe search over a large catalog.
@MainActor
func searchMetrics(_ plan: Plan) -> [Metric] {
    let before = heapBytes()
    let start = now()
    let book = RecipeBook.demo(catalogSize: plan.catalogSize)
    // The index is built on first use: build it now, inside the measured span.
    _ = book.index
    let buildMilliseconds = Double(now() - start) / 1e6
    let heapPerItem = Double(heapBytes() - before) / Double(book.count)
    let indexPerItem = Double(book.index.byteSize) / Double(book.count)
    let model = RecipeModel(book: book)
    let words = ["pumpkin pancakes", "smoky lemon soup", "banana bread", "crispy", "fennel tart no. 2"]
    var samples: [Double] = []
    for word in words {
        for length in 1...word.count {
            let term = String(word.prefix(length))
            for round in 0..<(plan.quick ? 3 : 10) {
                let begin = now()
                let options = model.options(for: term)
                let elapsed = Double(now() - begin) / 1000
                if round > 0 { samples.append(elapsed) }
                if options.allItems.isEmpty && !term.hasSuffix(" ") { benchLog("no match for '\(term)'") }
            }
        }
    }
    let stats = Stats(samples)
    return [
        Metric(
            "search.keystroke", stats, unit: "µs", goal: "median ≤ 1000", met: stats.median <= 1000,
            note: "\(book.count) recipes; index built in \(Int(buildMilliseconds)) ms"),
        Metric(
            "search.bytes-per-item", Stats(median: heapPerItem, p99: heapPerItem), unit: "B", goal: "≤ 200",
            met: heapPerItem <= 200, note: "resident memory growth while building; the index itself holds \(Int(indexPerItem)) B per item"),
    ]
}

/// `search.index-build`: building the search index of a million-recipe catalog, per item.
func indexBuildMetrics(_ plan: Plan) -> [Metric] {
    let items = 1_000_000
    var samples: [Double] = []
    for _ in 0..<(plan.quick ? 3 : 7) {
        let book = RecipeBook.demo(catalogSize: items - RecipeBook.demoRecipes.count)
        let start = now()
        let index = book.index
        samples.append(Double(now() - start) / 1000 / Double(index.count))
    }
    let stats = Stats(samples)
    let total = stats.median * Double(items) / 1e6
    return [
        Metric(
            "search.index-build", stats, unit: "µs", goal: "1,000,000 items < 1 s (median ≤ 1 µs)", met: stats.median < 1,
            note: String(format: "%d titles, word-rank radix sort; %.2f s for the whole catalog", items, total)),
    ]
}
