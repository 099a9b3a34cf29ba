import HydratorKit
import SceneAppIntents

// Hydrator's intent declared as App Intents declares it: the README's "Hydrator's intent, three
// ways" counts these lines against the definition file (+ handler) and the hand-written glue
// (+ handler). `perform()` is the handler. It is migrated from the definition file's intent, as
// Apple's migration path has it: the assistant knows it by that intent's name
// (`TrackIntakeIntent`), so what was made with the old intent reaches this one.

/// The drinks: the definition file's `HydrationType`, renamed, its cases named as there.
enum Drink: Int, AppEnum {
    case water = 1, coffee, tea, juice, soda, milk

    static let persistentIdentifier = "HydrationType"
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Drink"
    static let caseDisplayRepresentations: [Drink: DisplayRepresentation] = [
        .water: DisplayRepresentation(title: "Water", synonyms: ["H2O", "aqua"]),
        .coffee: DisplayRepresentation(title: "Coffee", synonyms: ["espresso", "latte"]),
        .tea: DisplayRepresentation(title: "Tea", synonyms: ["chai"]),
        .juice: DisplayRepresentation(title: "Juice", synonyms: ["orange juice", "apple juice"]),
        .soda: DisplayRepresentation(title: "Soda", synonyms: ["pop", "soft drink", "cola"]),
        .milk: "Milk",
    ]
}

/// "Log 8 ounces of water": how much, of which drink.
struct LogDrinkIntent: AppIntent, CustomIntentMigratedAppIntent {
    static let intentClassName = "TrackIntakeIntent"
    static let title: LocalizedStringResource = "Log a Drink"

    @Parameter(title: "Ounces", inclusiveRange: (1, 128), requestValueDialog: "How many ounces?") var ounces: Int
    @Parameter(title: "Drink") var hydrationType: Drink
    @Dependency var model: HydrationModel

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let type = HydrationType(rawValue: hydrationType.rawValue) ?? .unknown
        do { try await model.append(LogEntry(id: UUID().uuidString, type: type, ounces: ounces, date: model.now())) } catch {
            throw NotAdded()
        }
        return .result(dialog: "Item Added!")
    }
}

/// The failure's dialog.
struct NotAdded: Error, CustomLocalizedStringResourceConvertible {
    var localizedStringResource: LocalizedStringResource { "Sorry, but I couldn't add your item." }
}

/// What users say.
struct HydratorShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: LogDrinkIntent(),
            phrases: [
                "Log \(\.$ounces) ounces of \(\.$hydrationType) in \(.applicationName)", "Log \(\.$hydrationType) in \(.applicationName)",
                "Track my water intake in \(.applicationName)",
            ],
            shortTitle: "Log a Drink", systemImageName: "drop")
    }
}
