import SceneIntents

/// The entities of one slot, indexed for exact and misspelling-tolerant lookup.
///
/// Built once by ``Vocabulary/setEntities(_:forSlot:)``: every normalised name and synonym
/// goes into a dictionary for exact lookup and into one flat scalar array sorted by length,
/// with its letter counts. A tolerant lookup only visits names whose length could be within
/// the edit bound, discards those whose letter counts already rule them out, and computes
/// bounded edit distances in order of increasing lower bound, so that once a close name is
/// found every name that cannot tie with it is skipped.
struct VocabularyEntityIndex: Sendable {
    /// How spoken words resolved against the entities.
    struct Resolution: Sendable, Equatable {
        /// The unique closest entity's index, if there is one.
        var entity: Int?
        /// The indices of the entities tied for closest when ``entity`` is nil, ascending.
        var candidates: [Int]
        /// The edits to the closest name; 0 when nothing matched (free text).
        var distance: Int

        /// Free text: no entity is close enough.
        static let freeText = Resolution(entity: nil, candidates: [], distance: 0)
    }

    /// The entities, in the order given.
    let entities: [Entity]
    /// Entity indices by normalised name or synonym.
    private let exact: [[UInt32]: [Int]]
    /// Every distinct (name, entity) pair's normalised name, concatenated, shortest first.
    private let keyScalars: [UInt32]
    /// Where each name starts in ``keyScalars``, plus the end of the last one.
    private let keyStarts: [Int]
    /// The entity index of each name.
    private let keyEntities: [Int]
    /// The letter counts of each name, ``VocabularyLetterCounts/bucketCount`` bytes each.
    private let keyCounts: [UInt8]
    /// For each length `L` in `0...longest + 1`, the first name at least `L` scalars long.
    private let firstKeyOfLength: [Int]
    /// The length of the longest name.
    private let longest: Int

    /// Indexes `entities`; names and synonyms that normalise to nothing are ignored.
    init(entities: [Entity]) {
        self.entities = entities
        var exact: [[UInt32]: [Int]] = [:]
        var keys: [(key: [UInt32], entity: Int)] = []
        for (index, entity) in entities.enumerated() {
            for spelling in [entity.name] + entity.synonyms {
                let key = VocabularyNormalizer.words(of: spelling.unicodeScalars).scalars
                guard !key.isEmpty, !(exact[key]?.contains(index) ?? false) else { continue }
                exact[key, default: []].append(index)
                if key.count <= VocabularyLetterCounts.maximumLength {
                    keys.append((key, index))
                }
            }
        }
        // Stable: equal lengths keep entity order, so ties list entities as given.
        let sorted = keys.enumerated().sorted {
            ($0.element.key.count, $0.offset) < ($1.element.key.count, $1.offset)
        }.map(\.element)
        let longest = sorted.last?.key.count ?? 0
        var scalars: [UInt32] = []
        var starts: [Int] = [0]
        var firstOfLength = [Int](repeating: sorted.count, count: longest + 2)
        for (position, entry) in sorted.enumerated().reversed() {
            for length in 0...entry.key.count {
                firstOfLength[length] = position
            }
        }
        for entry in sorted {
            scalars.append(contentsOf: entry.key)
            starts.append(scalars.count)
        }
        self.exact = exact
        self.keyScalars = scalars
        self.keyStarts = starts
        self.keyEntities = sorted.map(\.entity)
        var counts: [UInt8] = []
        counts.reserveCapacity(sorted.count * VocabularyLetterCounts.bucketCount)
        for entry in sorted {
            VocabularyLetterCounts.append(entry.key, to: &counts)
        }
        self.keyCounts = counts
        self.firstKeyOfLength = firstOfLength
        self.longest = longest
    }

    /// Resolves normalised spoken words to the closest entity.
    ///
    /// An exact name or synonym wins outright. Otherwise the closest names within
    /// ``VocabularyEditDistance/allowedEdits(forLength:)`` of their own length are kept;
    /// if they all belong to one entity it is the match, else the entities tie.
    func resolve(_ spoken: ArraySlice<UInt32>) -> Resolution {
        let key = Array(spoken)
        if let matches = exact[key] {
            return matches.count == 1
                ? Resolution(entity: matches[0], candidates: [], distance: 0)
                : Resolution(entity: nil, candidates: matches, distance: 0)
        }
        // A name of length L tolerates L / 4 edits and needs |m − L| ≤ L / 4,
        // so only lengths in ⌈4m / 5⌉ ... ⌊4m / 3⌋ (and at least 4) can match.
        let m = key.count
        let lowest = max(4, (4 * m + 4) / 5)
        let highest = min(longest, 4 * m / 3)
        guard lowest <= highest, m <= VocabularyLetterCounts.maximumLength else { return .freeText }
        let plausible = plausibleNames(for: key, lengths: lowest...highest)
        guard !plausible.isEmpty else { return .freeText }
        return closestEntities(to: key, among: plausible, longestName: highest)
    }

    /// The names with a length in `lengths` that the letter counts of `key` do not rule out,
    /// each with that lower bound on its distance.
    private func plausibleNames(
        for key: [UInt32], lengths: ClosedRange<Int>
    ) -> [(minimumEdits: Int, position: Int)] {
        var spokenCounts: [UInt8] = []
        VocabularyLetterCounts.append(key, to: &spokenCounts)
        var plausible: [(minimumEdits: Int, position: Int)] = []
        spokenCounts.withUnsafeBufferPointer { spokenCounts in
            keyCounts.withUnsafeBufferPointer { counts in
                guard let spoken = spokenCounts.baseAddress, let names = counts.baseAddress else { return }
                for length in lengths {
                    let allowed = VocabularyEditDistance.allowedEdits(forLength: length)
                    guard abs(key.count - length) <= allowed else { continue }
                    for position in firstKeyOfLength[length]..<firstKeyOfLength[length + 1] {
                        let bound = VocabularyLetterCounts.minimumEdits(
                            spoken, length: key.count,
                            names + position * VocabularyLetterCounts.bucketCount, length: length)
                        if bound <= allowed {
                            plausible.append((bound, position))
                        }
                    }
                }
            }
        }
        return plausible
    }

    /// The entities whose names in `plausible` are closest to `key` within their bounds.
    ///
    /// Names are measured by increasing lower bound, so once the best distance found is
    /// below the next bound, no remaining name can beat or tie it and the search stops.
    private func closestEntities(
        to key: [UInt32], among plausible: [(minimumEdits: Int, position: Int)], longestName: Int
    ) -> Resolution {
        let bounds = plausible.lazy.map(\.minimumEdits)
        guard let smallestBound = bounds.min(), let largestBound = bounds.max() else { return .freeText }
        var best = Int.max
        var tied: [Int] = []
        key.withUnsafeBufferPointer { spoken in
            keyScalars.withUnsafeBufferPointer { names in
                withUnsafeTemporaryAllocation(
                    of: Int.self, capacity: VocabularyEditDistance.scratchCount(forLength: longestName)
                ) { rows in
                    rows.initialize(repeating: 0)
                    for bound in smallestBound...largestBound {
                        guard bound <= best else { break }
                        for entry in plausible where entry.minimumEdits == bound {
                            let start = keyStarts[entry.position]
                            let end = keyStarts[entry.position + 1]
                            let limit = min(VocabularyEditDistance.allowedEdits(forLength: end - start), best)
                            let name = UnsafeBufferPointer(rebasing: names[start..<end])
                            guard let distance = VocabularyEditDistance.bounded(spoken, name, limit: limit, rows: rows)
                            else { continue }
                            let entity = keyEntities[entry.position]
                            if distance < best {
                                best = distance
                                tied.removeAll(keepingCapacity: true)
                                tied.append(entity)
                            } else if !tied.contains(entity) {
                                tied.append(entity)
                            }
                        }
                    }
                }
            }
        }
        switch tied.count {
        case 0: return .freeText
        case 1: return Resolution(entity: tied[0], candidates: [], distance: best)
        default: return Resolution(entity: nil, candidates: tied.sorted(), distance: best)
        }
    }
}
