/// A run of titles read into the index's form: their encoded bytes, and each word's start
/// and id (a number's, or a word table's).
///
/// Each title is read in one pass over its UTF-8: every byte is folded, written in its encoded
/// place and hashed at once, so a word is looked up without being copied or hashed again, and
/// the title's bytes are appended once.
struct TitleChunk: Sendable {
    var bytes: [UInt8] = []
    var starts: [UInt32] = []
    var firstWords: [UInt32] = []
    var wordStarts: [UInt32] = []
    var wordIDs: [UInt32] = []
    var words = WordTable()
    var numbers = NumberWords()

    init() {}

    /// Reads titles `titles`, each lent by `withTitle` (see `RecipeSearchIndex.init(count:progress:parts:withTitle:)`).
    init(titles: Range<Int>, withTitle: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        bytes.reserveCapacity(titles.count * 28)
        starts.reserveCapacity(titles.count + 1)
        firstWords.reserveCapacity(titles.count + 1)
        wordStarts.reserveCapacity(titles.count * 5)
        wordIDs.reserveCapacity(titles.count * 5)
        var encoded: [UInt8] = []
        for number in titles {
            withTitle(number) { raw in
                starts.append(UInt32(bytes.count))
                firstWords.append(UInt32(wordStarts.count))
                // Encoded, a title is at most twice its length (a length byte per one-digit number).
                if encoded.count < 2 * raw.count { encoded = [UInt8](repeating: 0, count: 2 * raw.count) }
                let length = encoded.withUnsafeMutableBufferPointer { encoded in read(raw, into: encoded) }
                encoded.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<length])) }
            }
        }
    }

    /// Reads one title's UTF-8: writes it encoded (`RecipeSearchIndex.normalized`, numbers after
    /// their length byte) to `out`, notes each word's start and id, and answers the length.
    private mutating func read(_ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let titleStart = UInt32(bytes.count)
        var length = 0
        var index = 0
        while true {
            // Separators and apostrophes before a word are skipped alike.
            while index < raw.count && RecipeSearchIndex.fold(raw[index]) <= RecipeSearchIndex.dropped { index += 1 }
            if index == raw.count { return length }
            if length > 0 {
                out[length] = 32
                length += 1
            }
            let start = length
            var hash = WordTable.seed
            var value: UInt64 = 0
            var isNumber = true
            while index < raw.count {
                let byte = RecipeSearchIndex.fold(raw[index])
                if byte == RecipeSearchIndex.separator { break }
                index += 1
                if byte == RecipeSearchIndex.dropped { continue }
                out[length] = byte
                length += 1
                hash = WordTable.mix(hash, byte)
                let digit = byte &- UInt8(ascii: "0")
                if digit < 10 { value = value &* 10 &+ UInt64(digit) } else { isNumber = false }
            }
            wordStarts.append(titleStart + UInt32(start))
            guard isNumber else {
                wordIDs.append(words.id(of: UnsafeBufferPointer(rebasing: out[start..<length]), hash: hash))
                continue
            }
            // A number's digits move one place on, after its length byte.
            let digits = length - start
            for position in stride(from: length, to: start, by: -1) { out[position] = out[position - 1] }
            out[start] = UInt8(min(digits, RecipeSearchIndex.longestNumber))
            length += 1
            wordIDs.append(numbers.id(digits: digits, value: value)
                ?? words.id(of: UnsafeBufferPointer(rebasing: out[start..<length])))
        }
    }

    /// Appends the next chunk's titles, moving its offsets and ids into this one's.
    mutating func append(_ next: TitleChunk) {
        let byteBase = UInt32(bytes.count)
        let wordBase = UInt32(wordStarts.count)
        let numberBase = UInt32(numbers.count)
        let wordMap = words.merge(next.words)
        bytes += next.bytes
        Self.append(next.starts, to: &starts) { $0 + byteBase }
        Self.append(next.firstWords, to: &firstWords) { $0 + wordBase }
        Self.append(next.wordStarts, to: &wordStarts) { $0 + byteBase }
        Self.append(next.wordIDs, to: &wordIDs) { id in
            id & NumberWords.tag != 0 ? id + numberBase : wordMap[Int(id)]
        }
        numbers.append(next.numbers)
    }

    /// Appends each value, changed, without an intermediate array.
    private static func append(_ values: [UInt32], to array: inout [UInt32], _ change: (UInt32) -> UInt32) {
        array.reserveCapacity(array.count + values.count)
        for value in values { array.append(change(value)) }
    }
}
