/// Edit distances between normalised scalar strings, bounded so hopeless pairs exit early.
///
/// The distance is the optimal string alignment distance (restricted Damerau–Levenshtein):
/// insertions, deletions, substitutions and swaps of two adjacent scalars each cost 1.
enum VocabularyEditDistance {
    /// The most edits a name of `length` scalars tolerates: one per four scalars, so 0 for
    /// names shorter than 4, 1 from 4, 2 from 8, 3 from 12.
    @inline(__always)
    static func allowedEdits(forLength length: Int) -> Int {
        length / 4
    }

    /// The number of `Int`s of scratch ``bounded(_:_:limit:rows:)`` needs for a `b` of `length`.
    @inline(__always)
    static func scratchCount(forLength length: Int) -> Int {
        3 * (length + 2)
    }

    /// The distance between `a` and `b` if it is at most `limit`, else nil.
    ///
    /// Only the diagonal band of width `2 × limit + 1` is computed and the computation stops
    /// as soon as a whole row exceeds `limit`, so a call costs about
    /// `min(a.count, rows until hopeless) × (2 × limit + 1)` steps.
    /// `rows` must hold at least ``scratchCount(forLength:)`` of `b.count` initialised `Int`s.
    static func bounded(
        _ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, limit: Int,
        rows: UnsafeMutableBufferPointer<Int>
    ) -> Int? {
        let m = a.count
        let n = b.count
        guard abs(m - n) <= limit else { return nil }
        if m == 0 || n == 0 { return max(m, n) }
        let big = limit + 1
        let width = n + 2
        guard let base = rows.baseAddress, rows.count >= 3 * width else {
            preconditionFailure("edit distance scratch too small")
        }
        var beforePrevious = base
        var previous = base + width
        var current = base + 2 * width
        for j in 0...n {
            previous[j] = min(j, big)
        }
        for i in 1...m {
            let low = max(1, i - limit)
            let high = min(n, i + limit)
            current[low - 1] = low == 1 ? min(i, big) : big
            var rowMinimum = current[low - 1]
            let ai = a[i - 1]
            for j in low...high {
                let bj = b[j - 1]
                var value = previous[j - 1] + (ai == bj ? 0 : 1)
                value = min(value, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, ai == b[j - 2], a[i - 2] == bj {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                value = min(value, big)
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if high < n {
                current[high + 1] = big
            }
            if rowMinimum > limit {
                return nil
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        let distance = previous[n]
        return distance <= limit ? distance : nil
    }

    /// Whether `a` and `b` differ by at most one edit (equal strings included).
    static func isWithinOneEdit(_ a: ArraySlice<UInt32>, _ b: [UInt32]) -> Bool {
        let m = a.count
        let n = b.count
        guard abs(m - n) <= 1 else { return false }
        let origin = a.startIndex
        let common = min(m, n)
        var i = 0
        while i < common, a[origin + i] == b[i] {
            i += 1
        }
        if i == common {
            return true
        }
        /// Whether `a` from `aFrom` equals `b` from `bFrom`, both to their ends.
        func tailsEqual(_ aFrom: Int, _ bFrom: Int) -> Bool {
            guard m - aFrom == n - bFrom else { return false }
            var k = 0
            while aFrom + k < m {
                if a[origin + aFrom + k] != b[bFrom + k] {
                    return false
                }
                k += 1
            }
            return true
        }
        if m == n {
            return tailsEqual(i + 1, i + 1)
                || (i + 1 < m && a[origin + i] == b[i + 1] && a[origin + i + 1] == b[i] && tailsEqual(i + 2, i + 2))
        }
        return m < n ? tailsEqual(i, i + 1) : tailsEqual(i + 1, i)
    }
}
