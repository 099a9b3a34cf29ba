/// Letter counts of normalised strings, giving a cheap lower bound on their edit distance.
///
/// Scalars are counted in 32 one-byte buckets (space, `a`–`z`, digits folded into five
/// buckets, anything else by its value modulo 32). One edit changes the counts by at most one
/// on each side (a swap not at all), so if `a` has `P` scalars more than `b` across buckets and
/// `b` has `N` more than `a`, at least `max(P, N)` edits separate them. Since `P + N` is the
/// sum of absolute count differences `D` and `P − N` is the length difference `Δ`, the bound
/// is `(D + |Δ|) / 2`. Merging scalars into shared buckets only lowers it, so it stays valid.
enum VocabularyLetterCounts {
    /// The number of buckets, and of bytes each counted string takes.
    static let bucketCount = 32

    /// The longest string counted, so that no bucket overflows a byte.
    static let maximumLength = 255

    /// Appends the ``bucketCount`` counts of `scalars`, at most ``maximumLength`` long, to `table`.
    static func append<C: Collection<UInt32>>(_ scalars: C, to table: inout [UInt8]) {
        precondition(scalars.count <= maximumLength, "string too long to count")
        let start = table.count
        table.append(contentsOf: repeatElement(0, count: bucketCount))
        for value in scalars {
            table[start + bucket(value)] += 1
        }
    }

    /// The bucket of one normalised scalar.
    @inline(__always)
    private static func bucket(_ value: UInt32) -> Int {
        switch value {
        case 0x61...0x7A: Int(value - 0x60)  // a-z → 1...26
        case 0x30...0x39: 27 + Int(value - 0x30) % 5  // digits → 27...31
        default: Int(value % 32)  // space → 0
        }
    }

    /// A lower bound on the edit distance between two counted strings of the given lengths.
    @inline(__always)
    static func minimumEdits(
        _ a: UnsafePointer<UInt8>, length aLength: Int, _ b: UnsafePointer<UInt8>, length bLength: Int
    ) -> Int {
        var difference: UInt32 = 0
        for bucket in 0..<bucketCount {
            let x = a[bucket]
            let y = b[bucket]
            difference &+= UInt32(x > y ? x &- y : y &- x)
        }
        return (Int(difference) + abs(aLength - bLength)) / 2
    }
}
