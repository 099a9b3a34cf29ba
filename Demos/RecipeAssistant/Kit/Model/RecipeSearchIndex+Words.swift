/// The distinct words of the titles other than numbers, each with an id (in order of first
/// appearance), found by open addressing on a hash of the word's bytes. Each distinct word's
/// bytes are kept once, here.
struct WordTable: Sendable {
    private var slots = [UInt32](repeating: 0, count: 1 << 10)
    private var hashes: [UInt64] = []
    private var bounds: [(start: UInt32, end: UInt32)] = []
    private var storage: [UInt8] = []

    /// How many distinct words.
    var count: Int { bounds.count }

    /// The id of the word, new if it was not seen.
    mutating func id(of word: UnsafeBufferPointer<UInt8>) -> UInt32 {
        id(of: word, hash: word.reduce(Self.seed, Self.mix))
    }

    /// The id of the word whose `mix`ed hash (from `seed`) is `hash`, new if it was not seen.
    mutating func id(of word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> UInt32 {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot] != 0 {
            let id = Int(slots[slot] - 1)
            if hashes[id] == hash, holds(id, word) { return UInt32(id) }
            slot = (slot + 1) & mask
        }
        let id = bounds.count
        let kept = UInt32(storage.count)
        storage.append(contentsOf: word)
        bounds.append((kept, UInt32(storage.count)))
        hashes.append(hash)
        slots[slot] = UInt32(id + 1)
        if bounds.count * 2 > slots.count { grow() }
        return UInt32(id)
    }

    /// The hash of no bytes (FNV-1a).
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of bytes hashed to `hash` and then `byte`.
    @inline(__always)
    static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }

    /// Whether word `id` is these bytes.
    private func holds(_ id: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let (start, end) = bounds[id]
        guard Int(end - start) == word.count else { return false }
        return storage.withUnsafeBufferPointer { storage in
            for offset in word.indices where storage[Int(start) + offset] != word[offset] { return false }
            return true
        }
    }

    /// Adds another table's words; answers each of its ids' id here.
    mutating func merge(_ other: WordTable) -> [UInt32] {
        other.bounds.map { start, end in
            other.storage[Int(start)..<Int(end)].withUnsafeBufferPointer { id(of: $0) }
        }
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
    func ranks() -> [UInt32] {
        var keys = bounds.map { start, end -> UInt64 in
            var key: UInt64 = 0
            for offset in 0..<8 {
                let index = Int(start) + offset
                key = key << 8 | UInt64(index < Int(end) ? storage[index] : 0)
            }
            return key
        }
        var order = (0..<UInt32(bounds.count)).map { $0 }
        RecipeSearchIndex.radixSort(&keys, &order)
        RecipeSearchIndex.sortTies(keys, &order) { left, right in
            let a = bounds[Int(left)]
            let b = bounds[Int(right)]
            return storage[Int(a.start + 8)..<Int(a.end)].lexicographicallyPrecedes(storage[Int(b.start + 8)..<Int(b.end)])
        }
        var ranks = [UInt32](repeating: 0, count: bounds.count)
        for (position, id) in order.enumerated() { ranks[Int(id)] = UInt32(position + 1) }
        return ranks
    }
}

/// The all-digit words of up to 17 digits, ranked by (length, value) without hashing: a
/// catalog's numbers are mostly distinct, so a table would only grow. Byte order of the stored
/// form (length byte, then digits) is this order.
struct NumberWords: Sendable {
    /// Marks an id as a number's (an index into the occurrences kept here).
    static let tag: UInt32 = 1 << 31
    private var keys: [UInt64] = []

    /// An id for an occurrence of a number of `digits` digits (at least one) worth `value`;
    /// nil when it has more than 17.
    mutating func id(digits: Int, value: UInt64) -> UInt32? {
        guard digits <= 17 else { return nil }
        keys.append(UInt64(digits) << 59 | value)
        return Self.tag | UInt32(keys.count - 1)
    }

    /// How many number occurrences.
    var count: Int { keys.count }

    /// Adds another run's occurrences after these (its ids shift by this `count`).
    mutating func append(_ other: NumberWords) {
        keys += other.keys
    }

    /// Each occurrence's rank (from 1) among the distinct numbers, and how many there are.
    func ranks() -> (ranks: [UInt32], distinct: Int) {
        var sorted = keys
        var order = (0..<UInt32(keys.count)).map { $0 }
        RecipeSearchIndex.radixSort(&sorted, &order)
        var ranks = [UInt32](repeating: 0, count: keys.count)
        var rank: UInt32 = 0
        for position in sorted.indices {
            if position == 0 || sorted[position] != sorted[position - 1] { rank += 1 }
            ranks[Int(order[position])] = rank
        }
        return (ranks, Int(rank))
    }
}
