import Dispatch
import Synchronization

/// Building the index fast: a million synthetic titles in well under a second (release).
///
/// Sorting word starts by their bytes compares long shared runs ("smoky lemon pancakes no …")
/// again and again. Instead every distinct word gets a rank (its place in byte order), and a
/// word start is sorted by the ranks of the words from it to the end of its title: as many
/// ranks as fit are packed into one 64-bit key and sorted by radix (stable, linear), and only
/// keys that tie are compared further. Since a word's bytes are all above the space, the order
/// of rank sequences is the byte order of the text, which the binary search relies on.
extension RecipeSearchIndex {
    /// An index over `count` titles, each lent as UTF-8 by `withTitle` (title number, then what
    /// to do with its bytes) with its accents already folded (`folded`); `progress` is told how far the build is (for a large catalog built
    /// in the background). Large sets are read in two halves at once, one per core, unless
    /// `parts` says how many (tests read small sets in parts too).
    init(
        count: Int, progress: ((String) -> Void)?, parts: Int? = nil,
        withTitle: @Sendable (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) {
        progress?("Indexing the recipes: reading \(count) titles.")
        let parts = max(1, parts ?? (count >= 100_000 ? 2 : 1))
        let chunks = Mutex<[TitleChunk?]>(Array(repeating: nil, count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let chunk = TitleChunk(titles: (count * part / parts)..<(count * (part + 1) / parts), withTitle: withTitle)
            chunks.withLock { $0[part] = chunk }
        }
        // The first half is kept as it is (moved, not copied); the second is appended to it.
        let read = chunks.withLock { chunks in chunks.map { $0 ?? TitleChunk() } }
        var all = read[0]
        for chunk in read.dropFirst() { all.append(chunk) }
        all.starts.append(UInt32(all.bytes.count))
        all.firstWords.append(UInt32(all.wordStarts.count))
        progress?("Indexing the recipes: sorting \(all.wordStarts.count) word starts.")
        // Numbers come first in byte order (their length byte is below every other byte).
        let (numberRanks, distinctNumbers) = all.numbers.ranks()
        let wordRanks = all.words.ranks()
        all.wordIDs.withUnsafeMutableBufferPointer { ids in
            for index in ids.indices {
                let id = ids[index]
                ids[index] = id & NumberWords.tag != 0
                    ? numberRanks[Int(id & ~NumberWords.tag)] : UInt32(distinctNumbers) + wordRanks[Int(id)]
            }
        }
        // The owner of an occurrence: the title whose word range holds it.
        var ownerOf = [UInt32](repeating: 0, count: all.wordStarts.count)
        all.firstWords.withUnsafeBufferPointer { firstWords in
            ownerOf.withUnsafeMutableBufferPointer { ownerOf in
                for title in 0..<count {
                    for occurrence in Int(firstWords[title])..<Int(firstWords[title + 1]) { ownerOf[occurrence] = UInt32(title) }
                }
            }
        }
        let order = Self.sortedSuffixes(
            ranks: all.wordIDs, ownerOf: ownerOf, firstWords: all.firstWords,
            distinctWords: distinctNumbers + all.words.count)
        var entries = [UInt32](repeating: 0, count: order.count)
        var owners = [UInt32](repeating: 0, count: order.count)
        order.withUnsafeBufferPointer { order in
            all.wordStarts.withUnsafeBufferPointer { wordStarts in
                ownerOf.withUnsafeBufferPointer { ownerOf in
                    entries.withUnsafeMutableBufferPointer { entries in
                        owners.withUnsafeMutableBufferPointer { owners in
                            for position in order.indices {
                                let occurrence = Int(order[position])
                                entries[position] = wordStarts[occurrence]
                                owners[position] = ownerOf[occurrence]
                            }
                        }
                    }
                }
            }
        }
        self.bytes = all.bytes
        self.starts = all.starts
        self.entries = entries
        self.owners = owners
    }

    /// Word occurrences in the order of the rank sequences from each to its title's end.
    private static func sortedSuffixes(
        ranks: [UInt32], ownerOf: [UInt32], firstWords: [UInt32], distinctWords: Int
    ) -> [UInt32] {
        let bits = max(1, UInt64.bitWidth - UInt64(distinctWords + 1).leadingZeroBitCount)
        let perKey = max(1, 64 / bits)
        var keys = [UInt64](repeating: 0, count: ranks.count)
        var order = [UInt32](repeating: 0, count: ranks.count)
        ranks.withUnsafeBufferPointer { ranks in
            firstWords.withUnsafeBufferPointer { firstWords in
                keys.withUnsafeMutableBufferPointer { keys in
                    order.withUnsafeMutableBufferPointer { order in
                        for title in 0..<(firstWords.count - 1) {
                            let end = Int(firstWords[title + 1])
                            for occurrence in Int(firstWords[title])..<end {
                                keys[occurrence] = packedRanks(ranks, from: occurrence, to: end, count: perKey, bits: bits)
                                order[occurrence] = UInt32(occurrence)
                            }
                        }
                    }
                }
            }
        }
        radixSort(&keys, &order)
        orderTies(keys: keys, order: &order, ranks: ranks, ownerOf: ownerOf, firstWords: firstWords, perKey: perKey, bits: bits)
        return order
    }

    /// Puts in order each run of occurrences whose first `perKey` ranks tie. Their next `perKey`
    /// ranks make a second key, read for the whole run in one pass (so that the reads, scattered
    /// over the catalog, overlap instead of waiting on one another in a sort's comparisons). A
    /// run already in order by it, as runs of titles made in order are, is left as it is; only
    /// second keys that tie again are compared further, then title order decides.
    private static func orderTies(
        keys: [UInt64], order: inout [UInt32], ranks: [UInt32], ownerOf: [UInt32], firstWords: [UInt32], perKey: Int, bits: Int
    ) {
        ranks.withUnsafeBufferPointer { ranks in
            ownerOf.withUnsafeBufferPointer { ownerOf in
                firstWords.withUnsafeBufferPointer { firstWords in
                    let precedes = { (left: (key: UInt64, occurrence: UInt32), right: (key: UInt64, occurrence: UInt32)) -> Bool in
                        if left.key != right.key { return left.key < right.key }
                        var a = Int(left.occurrence) + 2 * perKey
                        var b = Int(right.occurrence) + 2 * perKey
                        let aEnd = Int(firstWords[Int(ownerOf[Int(left.occurrence)]) + 1])
                        let bEnd = Int(firstWords[Int(ownerOf[Int(right.occurrence)]) + 1])
                        while a < aEnd || b < bEnd {
                            let x = a < aEnd ? ranks[a] : 0
                            let y = b < bEnd ? ranks[b] : 0
                            if x != y { return x < y }
                            a += 1
                            b += 1
                        }
                        return left.occurrence < right.occurrence
                    }
                    var run: [(key: UInt64, occurrence: UInt32)] = []
                    var start = 0
                    while start < keys.count {
                        var end = start + 1
                        while end < keys.count && keys[end] == keys[start] { end += 1 }
                        if end - start > 1 {
                            run.removeAll(keepingCapacity: true)
                            for occurrence in order[start..<end] {
                                let titleEnd = Int(firstWords[Int(ownerOf[Int(occurrence)]) + 1])
                                let next = packedRanks(ranks, from: Int(occurrence) + perKey, to: titleEnd, count: perKey, bits: bits)
                                run.append((next, occurrence))
                            }
                            if !(1..<run.count).allSatisfy({ precedes(run[$0 - 1], run[$0]) }) {
                                run.sort(by: precedes)
                                for (offset, tie) in run.enumerated() { order[start + offset] = tie.occurrence }
                            }
                        }
                        start = end
                    }
                }
            }
        }
    }

    /// `count` ranks from occurrence `start` on, those from `end` on (past the title) as 0,
    /// packed `bits` apart, the first highest, so that keys compare as the rank sequences do.
    @inline(__always)
    private static func packedRanks(_ ranks: UnsafeBufferPointer<UInt32>, from start: Int, to end: Int, count: Int, bits: Int) -> UInt64 {
        var key: UInt64 = 0
        for word in start..<start + count { key = key << UInt64(bits) | UInt64(word < end ? ranks[word] : 0) }
        return key
    }

    /// Sorts values by their keys: least significant 16 bits first, each pass a stable counting
    /// sort, skipping passes where every key has the same digit.
    static func radixSort(_ keys: inout [UInt64], _ values: inout [UInt32]) {
        let count = keys.count
        guard count > 1 else { return }
        var counts = [Int](repeating: 0, count: 4 << 16)
        var keyScratch = [UInt64](repeating: 0, count: count)
        var valueScratch = [UInt32](repeating: 0, count: count)
        counts.withUnsafeMutableBufferPointer { counts in
            keys.withUnsafeBufferPointer { keys in
                for key in keys {
                    for pass in 0..<4 { counts[pass << 16 | Int((key >> UInt64(16 * pass)) & 0xFFFF)] += 1 }
                }
            }
            for pass in 0..<4 {
                let base = pass << 16
                let shift = UInt64(16 * pass)
                if counts[base | Int((keys[0] >> shift) & 0xFFFF)] == count { continue }
                var total = 0
                for digit in 0..<(1 << 16) {
                    let here = counts[base | digit]
                    counts[base | digit] = total
                    total += here
                }
                keys.withUnsafeBufferPointer { keys in
                    values.withUnsafeBufferPointer { values in
                        keyScratch.withUnsafeMutableBufferPointer { keyScratch in
                            valueScratch.withUnsafeMutableBufferPointer { valueScratch in
                                for index in 0..<count {
                                    let digit = base | Int((keys[index] >> shift) & 0xFFFF)
                                    let target = counts[digit]
                                    counts[digit] = target + 1
                                    keyScratch[target] = keys[index]
                                    valueScratch[target] = values[index]
                                }
                            }
                        }
                    }
                }
                swap(&keys, &keyScratch)
                swap(&values, &valueScratch)
            }
        }
    }

    /// Sorts each run of equal keys by `areInIncreasingOrder`.
    static func sortTies(_ keys: [UInt64], _ values: inout [UInt32], by areInIncreasingOrder: (UInt32, UInt32) -> Bool) {
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count && keys[end] == keys[start] { end += 1 }
            if end - start > 1 { values[start..<end].sort(by: areInIncreasingOrder) }
            start = end
        }
    }
}
