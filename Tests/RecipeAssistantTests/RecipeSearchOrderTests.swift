@testable import RecipeAssistantKit
import Testing

/// The index's arrays against ones made the plain way: every word start sorted by the bytes from
/// it to its title's end, equal texts in title order. What a search returns, and in which order,
/// is read from these arrays alone, so a build that reads, ranks or sorts differently fails here.
struct RecipeSearchOrderTests {
    /// Titles that tie deep (more shared words than a sort key holds), repeat, or hold numbers
    /// of every kind (leading zeros, more digits than a number id or a length byte takes).
    static let awkward = [
        "Grandma's Secret Stew", "Stir-Fry", "crème brûlée", "Soup No. 10", "Soup No. 2", "Soup No. 007", "Soup No. 3d",
        "", "!!!", "  Spaced   out  ", "'Quoted' words", "Tart No. 1", "Tart No. 1", "tart no 1",
        "a a a a a a a a a a b", "A a a a a a a a a a", "a a a a a a a a a a a", "a a a a a a a a a a b", "a a a",
        "Pie 123456789012345678 slices", "Pie 12345678901234567 slices", "Pie \(String(repeating: "9", count: 40)) x",
        "Pie \(String(repeating: "9", count: 39)) x", "Pie 0", "Pie 00", "Pie 1", "3 2 1", "1 2 3", "No. 1 No. 1 No. 1",
    ]

    static let titles = RecipeBook.demoRecipes.map(\.title) + awkward + (0..<3_000).map(SyntheticCatalog.title)

    @Test(arguments: [1, 2, 3])
    func theIndexIsInPlainOrder(parts: Int) {
        let titles = Self.titles
        let index = RecipeSearchIndex(count: titles.count, progress: nil, parts: parts) { number, read in
            // The byte reader takes titles with their accents folded, as its callers pass them.
            var title = RecipeSearchIndex.folded(titles[number])
            title.withUTF8(read)
        }
        let plain = PlainIndex(titles)
        #expect(index.bytes == plain.bytes)
        #expect(index.starts == plain.starts)
        #expect(index.entries == plain.entries)
        #expect(index.owners == plain.owners)
    }

    /// Searches answer as a plain walk of the sorted word starts does: the first `limit` titles
    /// met with a word run starting with the term, those starting with it first.
    @Test func searchesAnswerAsAPlainWalk() {
        let index = RecipeSearchIndex(titles: Self.titles)
        let plain = PlainIndex(Self.titles)
        for term in ["a", "a a a a a a a a a a", "tart no 1", "pie 9", "soup no", "no 1", "smoky", "s", "pie 1", "3"] {
            for limit in [3, 40, Int.max] {
                #expect(index.search(term, limit: limit) == plain.search(term, limit: limit), "\(term), \(limit)")
            }
        }
    }
}

/// The index's arrays made the plain way: titles encoded word by word, word starts sorted by
/// comparing their bytes.
private struct PlainIndex {
    var bytes: [UInt8] = []
    var starts: [UInt32] = []
    var entries: [UInt32] = []
    var owners: [UInt32] = []

    init(_ titles: [String]) {
        var wordStarts: [(start: Int, owner: Int)] = []
        for (owner, title) in titles.enumerated() {
            starts.append(UInt32(bytes.count))
            for (position, word) in RecipeSearchIndex.normalized(title).split(separator: 32).enumerated() {
                if position > 0 { bytes.append(32) }
                wordStarts.append((bytes.count, owner))
                // A word of digits is stored after its length (at most 31), for natural order.
                if word.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                    bytes.append(UInt8(min(word.count, 31)))
                }
                bytes += word
            }
        }
        starts.append(UInt32(bytes.count))
        let text = bytes
        let ends = starts
        wordStarts.sort { a, b in
            let left = text[a.start..<Int(ends[a.owner + 1])]
            let right = text[b.start..<Int(ends[b.owner + 1])]
            return left.elementsEqual(right) ? (a.owner, a.start) < (b.owner, b.start) : left.lexicographicallyPrecedes(right)
        }
        entries = wordStarts.map { UInt32($0.start) }
        owners = wordStarts.map { UInt32($0.owner) }
    }

    /// The titles met first, at most `limit`, walking every word start whose text starts with
    /// one of the term's keys; titles starting with it before the others.
    func search(_ term: String, limit: Int) -> [Int] {
        let keys = RecipeSearchIndex.keys(for: term)
        var leading: [Int] = []
        var inner: [Int] = []
        var seen = Set<UInt32>()
        for (entry, owner) in zip(entries, owners) where leading.count + inner.count < limit {
            let text = bytes[Int(entry)..<Int(starts[Int(owner) + 1])]
            guard keys.contains(where: { text.starts(with: $0) }), seen.insert(owner).inserted else { continue }
            if entry == starts[Int(owner)] { leading.append(Int(owner)) } else { inner.append(Int(owner)) }
        }
        return leading + inner
    }
}
