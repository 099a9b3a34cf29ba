import SceneIntents

/// Turns text into the normalised words vocabulary matching works on.
///
/// Normalising lowercases, folds the accents of Latin-1 and Latin Extended-A letters
/// (`é` → `e`, `ß` → `ss`, `Œ` → `oe`), drops combining marks (so decomposed accents fold
/// too), drops apostrophes inside or around words (`don't` → `dont`, `chef’s` → `chefs`),
/// keeps a minus sign (`-` or `−`) that starts a word of digits (`-5` stays `-5`, so a negative
/// number is not read as a positive one; `3-4` is still two words), and treats every other
/// non-letter, non-digit character as a word break. Words come out
/// as Unicode scalar values, separated by single spaces (U+0020) in one buffer, so that any
/// run of consecutive words is a contiguous slice comparable to a normalised entity name.
enum VocabularyNormalizer {
    /// The scalar value separating words in a normalised buffer.
    static let space: UInt32 = 0x20
    /// The scalar value a minus sign starting a number is kept as.
    static let minus: UInt32 = 0x2D

    /// A normalised text: its scalars, and where each word starts and ends in them.
    struct Words: Sendable {
        /// The normalised words separated by single spaces.
        var scalars: [UInt32] = []
        /// The start of each word in ``scalars``.
        var starts: [Int] = []
        /// The end (exclusive) of each word in ``scalars``.
        var ends: [Int] = []
        /// Where each word starts in the text it was read from, in scalars (a kept minus sign
        /// included).
        var sourceStarts: [Int] = []
        /// Where each word ends (exclusive) in the text it was read from, in scalars.
        var sourceEnds: [Int] = []

        /// The number of words.
        var count: Int { starts.count }

        /// The scalars of words `first..<last` with their separating spaces.
        func span(_ first: Int, _ last: Int) -> ArraySlice<UInt32> {
            scalars[starts[first]..<ends[last - 1]]
        }

        /// The scalars of word `index`.
        func word(_ index: Int) -> ArraySlice<UInt32> {
            scalars[starts[index]..<ends[index]]
        }

        /// Each word as its own array.
        var arrays: [[UInt32]] {
            (0..<count).map { Array(word($0)) }
        }

        /// Appends one scalar of the current word (read at `source`), opening a word if none is
        /// open.
        fileprivate mutating func append(_ value: UInt32, wordOpen: inout Bool, at source: Int) {
            if !wordOpen {
                sourceStarts.append(source)
                if !scalars.isEmpty {
                    scalars.append(VocabularyNormalizer.space)
                }
                starts.append(scalars.count)
                wordOpen = true
            }
            scalars.append(value)
        }

        /// Closes the current word, if one is open, before the scalar at `source`.
        fileprivate mutating func close(wordOpen: inout Bool, at source: Int) {
            if wordOpen {
                ends.append(scalars.count)
                sourceEnds.append(source)
                wordOpen = false
            }
        }
    }

    /// Normalises `text` into words.
    static func words<S: Sequence<Unicode.Scalar>>(of text: S, reservingCapacity capacity: Int = 0) -> Words {
        var words = Words()
        words.scalars.reserveCapacity(capacity)
        words.starts.reserveCapacity(capacity / 4 + 1)
        words.ends.reserveCapacity(capacity / 4 + 1)
        var wordOpen = false
        // A minus sign seen between words, kept only if a digit follows it at once.
        var minusPending = false
        var source = 0
        for scalar in text {
            let value = scalar.value
            let betweenWords = !wordOpen
            defer {
                minusPending = betweenWords && (value == minus || value == 0x2212)
                source += 1
            }
            if value < 0x80 {
                switch value {
                case 0x30...0x39:  // 0-9
                    if minusPending { words.append(minus, wordOpen: &wordOpen, at: source - 1) }
                    words.append(value, wordOpen: &wordOpen, at: source)
                case 0x61...0x7A:  // a-z
                    words.append(value, wordOpen: &wordOpen, at: source)
                case 0x41...0x5A:  // A-Z
                    words.append(value + 0x20, wordOpen: &wordOpen, at: source)
                case 0x27:  // '
                    continue
                default:
                    words.close(wordOpen: &wordOpen, at: source)
                }
                continue
            }
            switch AccentFolding.fold(scalar) {
            case .skip:
                continue
            case .wordBreak:
                words.close(wordOpen: &wordOpen, at: source)
            case .scalars(let folded):
                for value in folded {
                    words.append(value, wordOpen: &wordOpen, at: source)
                }
            }
        }
        words.close(wordOpen: &wordOpen, at: source)
        return words
    }

    /// The words of `utterance` as typed (case, accents and inner punctuation kept) whose
    /// normalised form is `spoken`: the first run of as many words that normalises to it.
    static func said(_ spoken: String, in utterance: String) -> String? {
        let scalars = Array(utterance.unicodeScalars)
        let words = Self.words(of: scalars)
        let target = Self.words(of: spoken.unicodeScalars)
        guard target.count > 0, target.count <= words.count else { return nil }
        for first in 0...(words.count - target.count) where words.span(first, first + target.count).elementsEqual(target.scalars) {
            let said = scalars[words.sourceStarts[first]..<words.sourceEnds[first + target.count - 1]]
            return String(String.UnicodeScalarView(said))
        }
        return nil
    }
}
