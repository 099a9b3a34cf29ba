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
        let names = ["StartTimerIntent", "StopTimersIntent", "ShowTimersIntent", "OpenTimerIntent", "AddPresetIntent", "SetSoundIntent"]
        #expect(app.intents.intentNames == names)
        #expect(app.application.manifest.intentsSupported == names)
        #expect(app.application.manifest.userActivityTypes == names)
        #expect(app.intents.catalog.typeNames == names.sorted())
        #expect(app.intents.catalog.problems == [])
    }

    /// Hydrator's App Intent (`LogDrinkIntent`) is migrated from the definition file's
    /// `TrackIntakeIntent`, and its `Drink` keeps `HydrationType`'s name: the manifest, the
    /// catalog and the assistant know them by those names, with the generated intent's parameters.
    @Test func aMigratedIntentIsKnownByItsCustomIntentsName() throws {
        let intents = AppIntentsCatalog([ExportIntent.self, MigratedExport.self])
        #expect(intents.intentNames == ["ExportIntent", "ExportNotesIntent"])
        #expect(intents.catalog.typeNames == ["ExportIntent", "ExportNotesIntent"])
        #expect(intents.problems == [])
        #expect(HydratorIntentsApp.manifest.intentsSupported == ["TrackIntakeIntent"])
        #expect(HydratorIntentsApp.manifest.userActivityTypes == ["TrackIntakeIntent"])
        let migrated = try #require(HydratorIntentsApp.catalog.descriptor(named: "TrackIntakeIntent"))
        let generated = HydratorKit.TrackIntakeIntent.schema.parameters.map(\.descriptor.name)
        #expect(migrated.parameters.map(\.name) == generated)
        #expect(migrated.parameters.map(\.valueTypeName) == HydratorKit.TrackIntakeIntent.schema.parameters.map(\.descriptor.valueTypeName))
        #expect(migrated.parameters.map(\.valueTypeName) == ["Int", "HydrationType"])
    }

    /// Two intents migrated from one custom intent: the first listed keeps the name, the second
    /// is left out of every list and named in the problems.
    /// A name a manifest, a bundle or a terminal cannot carry is a problem naming it, and its
    /// intent is left out; the others stay.
    @Test func anIntentOrValueTypeNameThatCannotBeCarriedIsAProblem() {
        let intents = AppIntentsCatalog([
            NamedExport<EmptyName>.self, NamedExport<LongName>.self, NamedExport<EscapeName>.self, FormatExport.self, ExportIntent.self,
        ])
        #expect(intents.catalog.typeNames == ["ExportIntent"])
        #expect(intents.intentNames == ["ExportIntent"])
        #expect(intents.problems.map(\.description) == [
            "\"\" cannot be a name: it is empty",
            "\(String(repeating: "x", count: 300).debugDescription) cannot be a name: it is 300 bytes long, over the limit of 255",
            "\"Export\\u{1B}[2J\" cannot be a name: it holds a control character",
            "\"Format\\nName\" cannot be a name: it holds a control character",
        ])
    }

    @Test func twoIntentsClaimingOneCustomIntentAreAProblemNamingIt() {
        let intents = AppIntentsCatalog([MigratedExport.self, ExportIntent.self, AlsoMigratedExport.self, MigratedExport.self])
        #expect(intents.intentNames == ["ExportNotesIntent", "ExportIntent"])
        #expect(intents.intentTypes.map { ObjectIdentifier($0) } == [ObjectIdentifier(MigratedExport.self), ObjectIdentifier(ExportIntent.self)])
        #expect(intents.catalog.typeNames == ["ExportIntent", "ExportNotesIntent"])
        #expect(intents.problems.map(\.description) == ["two intent types are named 'ExportNotesIntent'"])
    }
}

/// An intent migrated from a custom intent whose name the tests choose.
struct NamedExport<Name: ExportName>: AppIntent, CustomIntentMigratedAppIntent {
    static var intentClassName: String { Name.value }
    static var title: LocalizedStringResource { "Export" }
    func perform() async throws -> some IntentResult { .result() }
}

/// A name for `NamedExport`.
protocol ExportName: Sendable { static var value: String { get } }
enum EmptyName: ExportName { static let value = "" }
enum LongName: ExportName { static let value = String(repeating: "x", count: 300) }
enum EscapeName: ExportName { static let value = "Export\u{1B}[2J" }

/// A format whose type name holds a newline.
enum BadFormat: String, AppEnum {
    case pdf
    static let persistentIdentifier = "Format\nName"
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Format"
    static let caseDisplayRepresentations: [BadFormat: DisplayRepresentation] = [.pdf: "PDF"]
}

/// An export in a format of that type.
struct FormatExport: AppIntent {
    static let title: LocalizedStringResource = "Export As"
    @Parameter(title: "Format") var format: BadFormat
    func perform() async throws -> some IntentResult { .result() }
}

/// An intent known by its type's name.
struct ExportIntent: AppIntent {
    static let title: LocalizedStringResource = "Export"
    func perform() async throws -> some IntentResult { .result() }
}

/// An intent migrated from the custom intent `ExportNotesIntent`.
struct MigratedExport: AppIntent, CustomIntentMigratedAppIntent {
    static let intentClassName = "ExportNotesIntent"
    static let title: LocalizedStringResource = "Export Notes"
    func perform() async throws -> some IntentResult { .result() }
}

/// A second intent claiming the same custom intent.
struct AlsoMigratedExport: AppIntent, CustomIntentMigratedAppIntent {
    static let intentClassName = "ExportNotesIntent"
    static let title: LocalizedStringResource = "Export Notes Again"
    func perform() async throws -> some IntentResult { .result() }
}

/// Counts how many times it was made.
final class Counter: Sendable {
    private let made = Mutex(0)
    var count: Int { made.withLock { $0 } }
    func increment() -> Int { made.withLock { $0 += 1; return $0 } }
}
