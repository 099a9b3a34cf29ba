@testable import SceneIntentsFeatures
import Testing

/// An app performing for days holds a bounded timeline: the newest `entryLimit` entries at
/// least, the older half let go once twice as many are kept, numbered as in the whole run.
struct TimelineLimitTests {
    static func entry(_ number: Int) -> TimelineEntry {
        TimelineEntry(
            sequence: 0, action: "Insult\(number)", feature: "Insults", entryPoint: .userInterface, input: "any style",
            outcome: .completed(ActionCompletion(summary: "goat")), donation: .notDonated, start: .zero, duration: .zero)
    }

    @Test func theNewestEntriesAreKeptAndNumberedAsInTheWholeRun() {
        let timeline = ActionTimeline()
        let limit = ActionTimeline.entryLimit
        let total = 2 * limit + 5
        var answered: [Int] = []
        for number in 1...total { answered.append(timeline.append(Self.entry(number)).sequence) }
        #expect(answered == Array(1...total))
        // At 2 × limit, the older half went: limit + 5 are kept.
        #expect(timeline.entriesLetGo == limit)
        #expect(timeline.entries.map(\.sequence) == Array((limit + 1)...total))
        #expect(timeline.entries.map(\.action) == ((limit + 1)...total).map { "Insult\($0)" })
        // Reading on from an absolute count: past what was let go, and from within it.
        #expect(timeline.entries(after: total - 2).map(\.sequence) == [total - 1, total])
        #expect(timeline.entries(after: 3).map(\.sequence) == Array((limit + 1)...total))
        #expect(timeline.entries(after: total).isEmpty)
    }
}
