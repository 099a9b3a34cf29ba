import Foundation
import IntentGenFixtures
import SceneIntents
import Testing

/// The value types definitions map to, as SceneIntents reads them from spoken words.
struct ValueTypeTests {
    @Test func dateComponentsReadDatesTimesAndBoth() {
        #expect(DateComponents.fromSpoken("2026-12-01", identifier: nil) == DateComponents(year: 2026, month: 12, day: 1))
        #expect(DateComponents.fromSpoken(" 14:30 ", identifier: nil) == DateComponents(hour: 14, minute: 30))
        #expect(DateComponents.fromSpoken("2026-12-01T09:05", identifier: nil) == DateComponents(year: 2026, month: 12, day: 1, hour: 9, minute: 5))
        #expect(["", "tomorrow", "2026-13-01", "25:00", "2026-12-01 10:00 11:00", "10:00 11:00"].map {
            DateComponents.fromSpoken($0, identifier: nil)
        } == [nil, nil, nil, nil, nil, nil])
        #expect(DateComponents(year: 2026, month: 2, day: 3, hour: 4, minute: 5).displayItem.title == "2026-02-03 04:05")
        #expect(DateComponents().displayItem.title == "no date")
    }

    @Test func urlsNeedAScheme() {
        #expect(URL.fromSpoken("https://example.com/a", identifier: nil) == URL(string: "https://example.com/a"))
        #expect(URL.fromSpoken("example dot com", identifier: nil) == nil)
    }

    @Test func displayItemsTakeTheWordsAndTheMatchedIdentifier() {
        #expect(DisplayItem.fromSpoken(" Ana ", identifier: "p1") == DisplayItem(identifier: "p1", title: "Ana"))
        #expect(DisplayItem.fromSpoken("Ana", identifier: nil) == DisplayItem(identifier: "Ana", title: "Ana"))
        #expect(DisplayItem.fromSpoken("  ", identifier: nil) == nil)
    }

    @Test func enumsMatchDisplayNamesSynonymsAndCaseNamesAndOtherWordsMakeUnknown() {
        #expect(["Coffee", "SPARKLING WATER", "sparklingWater", "unknown", "", "tea"].map { HydrationType.fromSpoken($0, identifier: nil) }
            == [.coffee, .sparklingWater, .sparklingWater, .unknown, nil, .unknown])
        #expect(Pace.fromSpoken("first floor", identifier: nil) == .First_Floor && Pace.First_Floor.synonyms == [])
        #expect(Enum.allCases.map(\.synonyms) == [[], [], ["mpr"], []])
        #expect(Enum.fromSpoken("mpr", identifier: nil) == .MPR && Enum.fromSpoken("multipurpose room", identifier: nil) == .MPR)
        #expect(HydrationType.allCases.map(\.displayItem) == [
            DisplayItem(identifier: "unknown", title: "unknown"), DisplayItem(identifier: "water", title: "Water"),
            DisplayItem(identifier: "sparklingWater", title: "Sparkling water"), DisplayItem(identifier: "coffee", title: "Coffee"),
        ])
    }
}
