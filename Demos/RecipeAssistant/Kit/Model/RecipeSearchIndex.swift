import SceneIntents

/// A word-prefix index over recipe titles, answering each keystroke in logarithmic time.
///
/// Titles are kept normalized (`normalized`) in one byte buffer, with each all-digit word
/// stored after a byte giving its length, so that byte order is natural order ("no 2" before
/// "no 10"). The index is every word start, sorted by the text from that word to the end of its
/// title. A search term (one or more words) is then a prefix of a contiguous run of entries,
/// found by binary search: "pan" finds every title with a word starting "pan", "banana pan"
/// every title containing "banana pan…". About 30 bytes of title text plus 8 bytes per word
/// per title. Building sorts by word ranks (`RecipeSearchIndex+Build.swift`), not by bytes.
public struct RecipeSearchIndex: Sendable {
    let bytes: [UInt8]
    let starts: [UInt32]
    let entries: [UInt32]
    let owners: [UInt32]

    /// The length byte before an all-digit word is below this (and below the space).
    static let longestNumber = 31

    /// An index over titles; title `i` is answered as `i`.
    public init(titles: [String]) {
        self.init(count: titles.count) { titles[$0] }
    }

    /// An index over `count` titles made one at a time by `title`, so no array of them is held.
    public init(count: Int, title: @Sendable (Int) -> String) {
        self.init(count: count, progress: nil) { number, read in
            var title = Self.folded(title(number))
            title.withUTF8(read)
        }
    }

    /// `text` with its accents folded as the assistant folds words (`AccentFolding.folding`), so
    /// "creme brulee" finds "Crème Brûlée" and the other way round; ASCII text is itself, at no cost.
    public static func folded(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : AccentFolding.folding(text)
    }

    /// The (normalized) title of entry `number`, length bytes left out.
    public func title(_ number: Int) -> String {
        String(decoding: bytes[Int(starts[number])..<Int(starts[number + 1])].filter { $0 >= 32 }, as: UTF8.self)
    }

    /// How many titles are indexed.
    public var count: Int { starts.count - 1 }

    /// The bytes the index holds (text, offsets and entries).
    public var byteSize: Int { bytes.count + (starts.count + entries.count + owners.count) * 4 }

    /// The titles matching every word of `term` as a phrase prefix, those starting with the
    /// term first, each group in natural order, at most `limit`.
    public func search(_ term: String, limit: Int) -> [Int] {
        guard limit > 0 else { return [] }
        var leading: [Int] = []
        var inner: [Int] = []
        var seen = Set<UInt32>()
        for key in Self.keys(for: term) {
            var position = lowerBound(key)
            while position < entries.count, leading.count + inner.count < limit, comparePrefix(entry: position, key) == 0 {
                let owner = owners[position]
                if seen.insert(owner).inserted {
                    if entries[position] == starts[Int(owner)] { leading.append(Int(owner)) } else { inner.append(Int(owner)) }
                }
                position += 1
            }
        }
        return leading + inner
    }

    /// The encoded keys a term stands for, in natural order. A last word of digits may be the
    /// start of a longer number, so it stands for one key per possible length (and for a word
    /// that merely starts with digits, like "3d").
    static func keys(for term: String) -> [[UInt8]] {
        let words = normalized(term).split(separator: 32)
        guard let last = words.last else { return [] }
        var head: [UInt8] = []
        for word in words.dropLast() {
            head += encoded(word)
            head.append(32)
        }
        guard isNumber(last) else { return [head + last] }
        let lengths = last.count...max(last.count, longestNumber)
        return lengths.map { head + [UInt8(min($0, longestNumber))] + last } + [head + last]
    }

    /// A normalized word as stored: digits get their length byte first.
    static func encoded(_ word: ArraySlice<UInt8>) -> [UInt8] {
        isNumber(word) ? [UInt8(min(word.count, longestNumber))] + word : Array(word)
    }

    static func isNumber<Word: Collection<UInt8>>(_ word: Word) -> Bool {
        !word.isEmpty && word.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private func lowerBound(_ key: [UInt8]) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if comparePrefix(entry: middle, key) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Compares the text at an entry, cut to the key's length, with the key.
    private func comparePrefix(entry: Int, _ key: [UInt8]) -> Int {
        let start = Int(entries[entry])
        let end = Int(starts[Int(owners[entry]) + 1])
        let length = min(end - start, key.count)
        for offset in 0..<length {
            let left = bytes[start + offset]
            let right = key[offset]
            if left != right { return left < right ? -1 : 1 }
        }
        return length == key.count ? 0 : -1
    }

    /// A text as the index compares it: accents folded, lowercase, letters and digits kept,
    /// apostrophes dropped, everything else one space, no leading or trailing space.
    public static func normalized(_ text: String) -> [UInt8] {
        let text = folded(text)
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        normalize(text.utf8, into: &result)
        return result
    }

    /// Appends the normalized bytes of `text` (see `normalized`).
    static func normalize<Bytes: Sequence<UInt8>>(_ text: Bytes, into result: inout [UInt8]) {
        let begin = result.count
        var pendingSpace = false
        for byte in text {
            let folded = fold(byte)
            if folded == dropped { continue }
            if folded == separator {
                pendingSpace = result.count > begin
                continue
            }
            if pendingSpace { result.append(32) }
            pendingSpace = false
            result.append(folded)
        }
    }

    /// What normalizing makes of one byte: a capital lowercase, a letter, digit or non-ASCII
    /// byte itself, an apostrophe `dropped`, anything else a `separator` (both below every
    /// kept byte). The one statement of the rule, for `normalize` and the build's reader.
    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...: byte
        case UInt8(ascii: "'"): dropped
        default: separator
        }
    }

    /// `fold`'s answer for a byte that ends a word.
    static let separator: UInt8 = 0
    /// `fold`'s answer for a byte that is left out.
    static let dropped: UInt8 = 1
}
