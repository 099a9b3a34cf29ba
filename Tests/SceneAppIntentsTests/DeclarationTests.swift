import AppIntentsFixtures
import TimersKit
import HydratorKit
import SceneAppIntents
import SceneIntents
import Synchronization
import Testing

/// What the declarations say beside a conversation: summaries, localizable strings, dialogs,
/// dependencies, the manifest and bundle data they make.
@MainActor
struct DeclarationTests {
    @Test func aSummaryIsRenderedForTheIntentsValuesAndWhenChoosesByOne() {
        let intent = StartTimerIntent()
        #expect(AppIntentsCatalog.summary(of: intent) == "Start ${preset}")
        intent.preset = TimerShelf.standard[0]
        #expect(AppIntentsCatalog.summary(of: intent) == "Start Tea")
        intent.label = "upstairs"
        #expect(AppIntentsCatalog.summary(of: intent) == "Start Tea labelled upstairs")
        #expect(AppIntentsCatalog.summary(of: StopTimersIntent()) == nil)
    }

    @Test func localizableStringsKeepTheirKeyAndSayTheirValuesAsDialogsDo() {
        let drink = TimerSound.silk
        let preset = TimerShelf.standard[1]
        let resource: LocalizedStringResource = "End \(preset) with \(drink) after \(3) minutes"
        #expect(resource.key == "End %@ with %@ after %@ minutes")
        #expect(resource.description == "End Green Tea with Silk after 3 minutes")
        #expect(String(localized: resource) == "End Green Tea with Silk after 3 minutes")
        #expect(String(localized: "\(2.5, specifier: "%.1f") cups, 100%") == "2.5 cups, 100%")
        let formatted: String.LocalizationValue = "\(2.5, specifier: "%.1f") cups, 100%"
        #expect(formatted.key == "%.1f cups, 100%%")
        #expect(IntentDialog(full: "Started your tea timer for 4 minutes.", supporting: "Tea, 4 min").description
            == "Started your tea timer for 4 minutes.")
    }

    @Test func dependenciesAreMadeOnceWhenFirstReadAndKeyedByTypeAndKey() {
        let manager = AppDependencyManager()
        let made = Counter()
        manager.add { made.increment() }
        manager.add(key: "other", dependency: "second")
        #expect(manager.value(of: Int.self) == 1)
        #expect(manager.value(of: Int.self) == 1)
        #expect(manager.value(of: String.self, key: "other") == "second")
        #expect(manager.value(of: String.self) == nil)
        #expect(made.count == 1)
    }

    @Test func theCatalogsManifestListsEveryIntentAsAnIntentAndAnActivity() {
        let app = TimersApp()
        let names = ["StartTimerIntent", "StopTimersIntent", "ShowTimersIntent", "AddPresetIntent", "SetSoundIntent"]
        #expect(app.intents.intentNames == names)
        #expect(app.application.manifest.intentsSupported == names)
        #expect(app.application.manifest.userActivityTypes == names)
        #expect(app.intents.catalog.typeNames == names.sorted())
        #expect(app.intents.catalog.problems == [])
    }

    /// The app's own `TrackIntakeIntent` (an App Intent) and HydratorKit's (generated from the
    /// definition file) are two types; in the fixtures' code its own wins, and the assistant
    /// knows both by one name, with the same parameters.
    @Test func anAppsOwnTypeWinsOverAnImportedOneOfTheSameName() throws {
        let appIntents = try #require(HydratorIntentsApp.catalog.descriptor(named: "TrackIntakeIntent"))
        let generated = HydratorKit.TrackIntakeIntent.schema.parameters.map(\.descriptor.name)
        #expect(appIntents.parameters.map(\.name) == generated)
        #expect(appIntents.parameters.map(\.valueTypeName) == ["Int", "Drink"])
    }
}

/// Counts how many times it was made.
final class Counter: Sendable {
    private let made = Mutex(0)
    var count: Int { made.withLock { $0 } }
    func increment() -> Int { made.withLock { $0 += 1; return $0 } }
}
