import Assistant
import SceneAppIntents
import SceneIntents
import SceneIntentsTesting
import Testing

/// A trail, found by a query that answers in sections.
struct Trail: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
    static let defaultQuery = TrailQuery()
    let id: String
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

/// Nearby and far trails; words are matched into one untitled section.
struct TrailQuery: EntityStringQuery {
    static let trails = ["River Loop", "Hill Climb", "Ridge Walk"].map(Trail.init(id:))

    func entities(for identifiers: [String]) async throws -> [Trail] { Self.trails.filter { identifiers.contains($0.id) } }

    func suggestedEntities() async throws -> ItemCollection<Trail> {
        ItemCollection {
            ItemSection("Nearby") {
                Self.trails[0]
                Self.trails[1]
            }
            ItemSection("Far", items: [Self.trails[2]])
        }
    }

    func entities(matching string: String) async throws -> ItemCollection<Trail> {
        ItemCollection(items: Self.trails.filter { $0.id.localizedCaseInsensitiveContains(string) })
    }
}

/// A peak, found among its query's suggestions (the query reads no words itself).
struct Peak: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Peak"
    static let defaultQuery = PeakQuery()
    var id: String
    var displayRepresentation: DisplayRepresentation { "\(id)" }
}

/// Alpine and coastal peaks, in sections.
struct PeakQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [Peak] { identifiers.map(Peak.init(id:)) }

    func suggestedEntities() async throws -> ItemCollection<Peak> {
        ItemCollection {
            ItemSection("Alpine") { Peak(id: "Mont Blanc") }
            ItemSection("Coastal") { Peak(id: "Mount Desert") }
        }
    }
}

/// A climb of a peak.
struct ClimbIntent: AppIntent {
    static let title: LocalizedStringResource = "Climb"
    @Parameter(title: "Peak") var peak: Peak

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "Climbing \(peak.id).")
    }
}

/// Snacks in sections built with `for` and `if`.
struct SnackOptions: DynamicOptionsProvider {
    var sweets = true

    func results() async throws -> ItemCollection<String> {
        ItemCollection(promptLabel: "Pick a snack") {
            ItemSection("Fruit") {
                for fruit in ["Apple", "Pear"] { fruit }
            }
            if sweets {
                ItemSection("Sweet") {
                    "Chocolate"
                    IntentItem("Toffee", subtitle: "chewy")
                }
            }
        }
    }
}

/// A hike on a trail with a snack.
struct HikeIntent: AppIntent {
    static let title: LocalizedStringResource = "Hike"
    @Parameter(title: "Trail") var trail: Trail
    @Parameter(title: "Snack", optionsProvider: SnackOptions()) var snack: String

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "Hiking \(trail.id) with \(snack).")
    }
}

@MainActor
struct ItemCollectionTests {
    @Test func aCollectionsItemsAreItsSectionsValuesInOrder() async throws {
        #expect(try await SnackOptions().results().items == ["Apple", "Pear", "Chocolate", "Toffee"])
        #expect(try await SnackOptions(sweets: false).results().items == ["Apple", "Pear"])
        let snacks = try await SnackOptions().results()
        #expect(snacks.sections.map { $0.title?.description } == ["Fruit", "Sweet"])
        #expect(snacks.promptLabel?.description == "Pick a snack")
        #expect(snacks.sections[1].items[1].subtitle?.description == "chewy")
        #expect(try await TrailQuery().suggestedEntities().items.map(\.id) == ["River Loop", "Hill Climb", "Ridge Walk"])
        #expect(IntentItemCollection<String>.empty.items == [])
        #expect(["a", "b"].items == ["a", "b"])
    }

    @Test func entitiesAndOptionsInSectionsAreFoundFromWordsAndHandedToPerform() async throws {
        let harness = AppIntentValueTests.harness([.text("ridge"), .text("toffee")], intents: [HikeIntent.self])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(HikeIntent())))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["What's the trail?", "What's the snack?", "Hiking Ridge Walk with Toffee."])
        #expect(harness.traceLines.filter { $0.hasPrefix("result:") } == [
            "result: resolve(trail) → needsValue", "result: provideOptions(trail, \"ridge\", from 0, 2) → options(1)",
            "result: resolve(trail) → success(Ridge Walk)",
            "result: resolve(snack) → needsValue", "result: provideOptions(snack, \"toffee\", from 0, 2) → options(1)",
            "result: resolve(snack) → success(Toffee)", "result: confirm → response(ready)", "result: handle → response(success)",
        ])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    @Test func wordsNamingSeveralEntitiesOfACollectionAreOfferedToPickFrom() async throws {
        let harness = AppIntentValueTests.harness([.text("i"), .pick(2), .text("pear")], intents: [HikeIntent.self])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(HikeIntent())))
        #expect(outcome.dialog == [
            "What's the trail?", "Which trail?\n1. River Loop\n2. Hill Climb\n3. Ridge Walk", "What's the snack?", "Hiking Hill Climb with Pear.",
        ])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    /// A query that reads no words: the words are matched against its suggestions, every
    /// section's.
    @Test func wordsAreMatchedAgainstSuggestionsInSections() async throws {
        let harness = AppIntentValueTests.harness([.text("desert")], intents: [ClimbIntent.self])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(ClimbIntent())))
        #expect(outcome.dialog == ["What's the peak?", "Climbing Mount Desert."])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }
}
