import Assistant
import SceneIntents
import Testing

/// A small deterministic generator, so the cross-check sees the same cases on every run.
private struct VocabularyTestRandom {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// The restricted Damerau–Levenshtein distance, computed in full.
private func referenceDistance(_ a: [Character], _ b: [Character]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
        for j in stride(from: 1, through: b.count, by: 1) {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
            }
        }
    }
    return table[a.count][b.count]
}

/// What the documented rules say `spoken` resolves to among `entities`.
private func referenceValue(_ spoken: String, _ entities: [Entity]) -> SlotValue {
    if let exact = entities.first(where: { $0.name == spoken }) {
        return SlotValue(spoken: spoken, entity: exact)
    }
    let spokenCharacters = Array(spoken)
    var best = Int.max
    var closest: [Entity] = []
    for entity in entities {
        let name = Array(entity.name)
        let distance = referenceDistance(spokenCharacters, name)
        guard distance <= name.count / 4 else { continue }
        if distance < best {
            best = distance
            closest = [entity]
        } else if distance == best {
            closest.append(entity)
        }
    }
    switch closest.count {
    case 0: return SlotValue(spoken: spoken)
    case 1: return SlotValue(spoken: spoken, entity: closest[0], editDistance: best)
    default: return SlotValue(spoken: spoken, editDistance: best, candidates: closest)
    }
}

@Suite("Vocabulary fuzzy lookup")
struct VocabularyFuzzyReferenceTests {
    @Test func agreesWithABruteForceReference() throws {
        var random = VocabularyTestRandom(state: 2_024)
        let syllables = ["ba", "na", "pan", "cake", "to", "ma", "ri", "so", "let", "chi", "ken", "cur", "ry", "lo", "mi"]
        func word() -> String {
            (0..<(1 + random.next(3))).map { _ in syllables[random.next(syllables.count)] }.joined()
        }
        var names: Set<String> = []
        while names.count < 200 {
            names.insert((0..<(1 + random.next(3))).map { _ in word() }.joined(separator: " "))
        }
        let entities = names.sorted().enumerated().map { Entity(identifier: "e\($0.offset)", name: $0.element) }
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("find ${thing}", intent: "FindIntent")
        vocabulary.setEntities(entities, forSlot: "thing")

        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var resolved = 0
        for _ in 0..<250 {
            var spoken = Array(entities[random.next(entities.count)].name)
            for _ in 0..<random.next(4) {
                let position = random.next(spoken.count)
                switch random.next(4) {
                case 0: spoken[position] = letters[random.next(letters.count)]
                case 1: spoken.insert(letters[random.next(letters.count)], at: position)
                case 2 where spoken.count > 1: spoken.remove(at: position)
                default:
                    if position + 1 < spoken.count { spoken.swapAt(position, position + 1) }
                }
            }
            let text = String(spoken).split(separator: " ").joined(separator: " ")
            guard !text.isEmpty else { continue }
            let expected = referenceValue(text, entities)
            guard case .matched(let interpretation) = vocabulary.match("find \(text)") else {
                Issue.record("no match for \"find \(text)\"")
                continue
            }
            #expect(interpretation.slots["thing"] == expected, "spoken: \(text)")
            if expected.entity != nil { resolved += 1 }
        }
        // Guards against a generator that never exercises the tolerant path.
        #expect(resolved > 60)
    }
}
