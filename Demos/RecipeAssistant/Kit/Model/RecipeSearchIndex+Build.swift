/// Building the index fast: a million synthetic titles in well under a second (release).
///
/// Sorting word starts by their bytes compares long shared runs ("smoky lemon pancakes no …")
/// again and again. Instead every distinct word gets a rank (its place in byte order), and a
/// word start is sorted by the ranks of the words from it to the end of its title: as many
/// ranks as fit are packed into one 64-bit key and sorted by radix (stable, linear), and only
/// keys that tie are compared further. Since a word's bytes are all above the space, the order
/// of rank sequences is the byte order of the text, which the binary search relies on.
extension RecipeSearchIndex {
    /// An index over `count` titles, each appended as UTF-8 by `appendTitle`; `progress` is told
    /// how far the build is (for a large catalog built in the background).
    init(count: Int, progress: ((String) -> Void)?, appendTitle: (Int, inout [UInt8]) -> Void) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 28)
        var starts: [UInt32] = []
        starts.reserveCapacity(count + 1)
        var wordStarts: [UInt32] = []
        var wordRanks: [UInt32] = []
        var titleEnds: [UInt32] = []
        var owners: [UInt32] = []
        wordStarts.reserveCapacity(count * 5)
        wordRanks.reserveCapacity(count * 5)
        var words = WordTable()
        var raw: [UInt8] = []
        var normal: [UInt8] = []
        let step = max(1, count / 4)
        for number in 0..<count {
            raw.removeAll(keepingCapacity: true)
            appendTitle(number, &raw)
            normal.removeAll(keepingCapacity: true)
            Self.normalize(raw, into: &normal)
            let titleStart = bytes.count
            let firstWord = wordStarts.count
            starts.append(UInt32(titleStart))
            var cursor = 0
            while cursor < normal.count {
                var end = cursor
                while end < normal.count && normal[end] != 32 { end += 1 }
                if bytes.count > titleStart { bytes.append(32) }
                let wordStart = bytes.count
                let word = normal[cursor..<end]
                if Self.isNumber(word) { bytes.append(UInt8(min(word.count, Self.longestNumber))) }
                bytes += word
                wordStarts.append(UInt32(wordStart))
                wordRanks.append(words.id(of: bytes, from: wordStart, to: bytes.count))
                cursor = end + 1
            }
            for _ in firstWord..<wordStarts.count {
                titleEnds.append(UInt32(wordStarts.count))
                owners.append(UInt32(number))
            }
            if (number + 1) % step == 0 { progress?("Indexing the recipes: \(number + 1) of \(count) titles read.") }
        }
        starts.append(UInt32(bytes.count))
        let rankOfID = words.ranks(in: bytes)
        for index in wordRanks.indices { wordRanks[index] = rankOfID[Int(wordRanks[index])] }
        progress?("Indexing the recipes: sorting \(wordStarts.count) word starts.")
        let order = Self.sortedSuffixes(ranks: wordRanks, titleEnds: titleEnds, distinctWords: words.count)
        self.bytes = bytes
        self.starts = starts
        entries = order.map { wordStarts[Int($0)] }
        self.owners = order.map { owners[Int($0)] }
    }

    /// Word occurrences in the order of the rank sequences from each to its title's end.
    private static func sortedSuffixes(ranks: [UInt32], titleEnds: [UInt32], distinctWords: Int) -> [UInt32] {
        let bits = max(1, UInt64.bitWidth - UInt64(distinctWords + 1).leadingZeroBitCount)
        let perKey = max(1, 64 / bits)
        var keys = [UInt64](repeating: 0, count: ranks.count)
        var order = (0..<UInt32(ranks.count)).map { $0 }
        for occurrence in ranks.indices {
            let end = Int(titleEnds[occurrence])
            var key: UInt64 = 0
            for offset in 0..<perKey {
                let word = occurrence + offset
                key = key << UInt64(bits) | UInt64(word < end ? ranks[word] : 0)
            }
            keys[occurrence] = key
        }
        radixSort(&keys, &order)
        sortTies(keys, &order) { left, right in
            // Equal for the first `perKey` words: compare the rest, then keep title order.
            var a = Int(left) + perKey
            var b = Int(right) + perKey
            let aEnd = Int(titleEnds[Int(left)])
            let bEnd = Int(titleEnds[Int(right)])
            while a < aEnd || b < bEnd {
                let x = a < aEnd ? ranks[a] : 0
                let y = b < bEnd ? ranks[b] : 0
                if x != y { return x < y }
                if x == 0 { break }
                a += 1
                b += 1
            }
            return left < right
        }
        return order
    }

    /// Sorts values by their keys: least significant 16 bits first, each pass a stable counting
    /// sort, skipping passes where every key has the same digit.
    static func radixSort(_ keys: inout [UInt64], _ values: inout [UInt32]) {
        let count = keys.count
        guard count > 1 else { return }
        var counts = [Int](repeating: 0, count: 4 << 16)
        for key in keys {
            for pass in 0..<4 { counts[pass << 16 | Int((key >> UInt64(16 * pass)) & 0xFFFF)] += 1 }
        }
        var keyScratch = [UInt64](repeating: 0, count: count)
        var valueScratch = [UInt32](repeating: 0, count: count)
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
            for index in 0..<count {
                let digit = base | Int((keys[index] >> shift) & 0xFFFF)
                let target = counts[digit]
                counts[digit] = target + 1
                keyScratch[target] = keys[index]
                valueScratch[target] = values[index]
            }
            swap(&keys, &keyScratch)
            swap(&values, &valueScratch)
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

/// The distinct words of the titles, each with an id (in order of first appearance), found by
/// open addressing on a hash of the word's bytes.
struct WordTable {
    private var slots = [UInt32](repeating: 0, count: 1 << 10)
    private var hashes: [UInt64] = []
    private var bounds: [(start: UInt32, end: UInt32)] = []

    /// How many distinct words.
    var count: Int { bounds.count }

    /// The id of the word at `bytes[start..<end]`, new if it was not seen.
    mutating func id(of bytes: [UInt8], from start: Int, to end: Int) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in start..<end { hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot] != 0 {
            let id = Int(slots[slot] - 1)
            if hashes[id] == hash, bytes[Int(bounds[id].start)..<Int(bounds[id].end)].elementsEqual(bytes[start..<end]) {
                return UInt32(id)
            }
            slot = (slot + 1) & mask
        }
        let id = bounds.count
        bounds.append((UInt32(start), UInt32(end)))
        hashes.append(hash)
        slots[slot] = UInt32(id + 1)
        if bounds.count * 2 > slots.count { grow() }
        return UInt32(id)
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(id + 1)
        }
    }

    /// Each id's rank (from 1) in the byte order of the words.
    func ranks(in bytes: [UInt8]) -> [UInt32] {
        var keys = bounds.map { start, end -> UInt64 in
            var key: UInt64 = 0
            for offset in 0..<8 {
                let index = Int(start) + offset
                key = key << 8 | UInt64(index < Int(end) ? bytes[index] : 0)
            }
            return key
        }
        var order = (0..<UInt32(bounds.count)).map { $0 }
        RecipeSearchIndex.radixSort(&keys, &order)
        RecipeSearchIndex.sortTies(keys, &order) { left, right in
            let a = bounds[Int(left)]
            let b = bounds[Int(right)]
            return bytes[Int(a.start + 8)..<Int(a.end)].lexicographicallyPrecedes(bytes[Int(b.start + 8)..<Int(b.end)])
        }
        var ranks = [UInt32](repeating: 0, count: bounds.count)
        for (position, id) in order.enumerated() { ranks[Int(id)] = UInt32(position + 1) }
        return ranks
    }
}
