/// A word-prefix index over recipe titles, built once, answering each keystroke in logarithmic
/// time.
///
/// Titles are kept lowercased in one byte buffer; the index is every word start, sorted by the
/// text from that word to the end of its title. A search term (one or more words) is then a
/// prefix of a contiguous run of entries, found by binary search: "pan" finds every title with
/// a word starting "pan", "banana pan" every title containing "banana pan…". About
/// 30 bytes of title text plus 8 bytes per word per title.
public struct RecipeSearchIndex: Sendable {
    private let bytes: [UInt8]
    private let starts: [UInt32]
    private let entries: [UInt32]
    private let owners: [UInt32]

    /// An index over titles; title `i` is answered as `i`.
    public init(titles: [String]) {
        self.init(count: titles.count) { titles[$0] }
    }

    /// An index over `count` titles made one at a time by `title`, so no array of them is held.
    public init(count: Int, title: (Int) -> String) {
        var bytes: [UInt8] = []
        var starts: [UInt32] = []
        starts.reserveCapacity(count + 1)
        var wordStarts: [(offset: UInt32, owner: UInt32)] = []
        wordStarts.reserveCapacity(count * 4)
        for number in 0..<count {
            let title = title(number)
            starts.append(UInt32(bytes.count))
            var previous: UInt8 = 32
            for byte in Self.normalized(title) {
                if previous == 32 && byte != 32 {
                    wordStarts.append((UInt32(bytes.count), UInt32(number)))
                }
                bytes.append(byte)
                previous = byte
            }
        }
        starts.append(UInt32(bytes.count))
        let ends = Self.endsTable(starts: starts, wordStarts: wordStarts)
        let buffer = bytes
        var order = Array(wordStarts.indices)
        order.sort { left, right in
            let order = Self.compare(
                buffer, from: wordStarts[left].offset, to: ends[left],
                with: buffer, from: wordStarts[right].offset, to: ends[right])
            return order != 0 ? order < 0 : wordStarts[left].owner < wordStarts[right].owner
        }
        self.bytes = bytes
        self.starts = starts
        entries = order.map { wordStarts[$0].offset }
        owners = order.map { wordStarts[$0].owner }
    }

    /// How many titles are indexed.
    public var count: Int { starts.count - 1 }

    /// The bytes the index holds (text, offsets and entries).
    public var byteSize: Int { bytes.count + (starts.count + entries.count + owners.count) * 4 }

    /// The (lowercased) title of entry `i`.
    public func title(_ number: Int) -> String {
        String(decoding: bytes[Int(starts[number])..<Int(starts[number + 1])], as: UTF8.self)
    }

    /// The titles matching every word of `term` as a phrase prefix, those starting with the
    /// term first, at most `limit`.
    public func search(_ term: String, limit: Int) -> [Int] {
        let key = Self.normalized(term)
        guard !key.isEmpty, limit > 0 else { return [] }
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if comparePrefix(entry: middle, key) < 0 { low = middle + 1 } else { high = middle }
        }
        var leading: [Int] = []
        var inner: [Int] = []
        var seen = Set<UInt32>()
        var position = low
        while position < entries.count, leading.count + inner.count < limit,
            comparePrefix(entry: position, key) == 0
        {
            let owner = owners[position]
            if seen.insert(owner).inserted {
                if entries[position] == starts[Int(owner)] { leading.append(Int(owner)) } else { inner.append(Int(owner)) }
            }
            position += 1
        }
        return leading + inner
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

    private static func compare(
        _ left: [UInt8], from leftStart: UInt32, to leftEnd: UInt32,
        with right: [UInt8], from rightStart: UInt32, to rightEnd: UInt32
    ) -> Int {
        var i = Int(leftStart)
        var j = Int(rightStart)
        while i < Int(leftEnd) && j < Int(rightEnd) {
            if left[i] != right[j] { return left[i] < right[j] ? -1 : 1 }
            i += 1
            j += 1
        }
        let leftRest = Int(leftEnd) - i
        let rightRest = Int(rightEnd) - j
        return leftRest == rightRest ? 0 : (leftRest < rightRest ? -1 : 1)
    }

    private static func endsTable(starts: [UInt32], wordStarts: [(offset: UInt32, owner: UInt32)]) -> [UInt32] {
        wordStarts.map { starts[Int($0.owner) + 1] }
    }

    /// Lowercase, letters and digits kept, everything else one space, no leading or trailing space.
    static func normalized(_ text: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            let folded: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): folded = byte + 32
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...: folded = byte
            case UInt8(ascii: "'"): continue
            default:
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(32) }
            pendingSpace = false
            result.append(folded)
        }
        return result
    }
}
