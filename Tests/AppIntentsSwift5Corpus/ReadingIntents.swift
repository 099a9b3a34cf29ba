import SceneAppIntents

// A reading app moving from its definition file to App Intents, written in Swift 5 mode: an
// intent migrated from a custom one (its enum keeping its old name), an `OpenIntent`, options in
// sections, and a donation made when the user finishes a chapter in the app's interface.

enum ReadingPace: String, AppEnum {
    case skim, steady, slow

    static var persistentIdentifier: String = "Pace"
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Pace"
    static var caseDisplayRepresentations: [ReadingPace: DisplayRepresentation] = [.skim: "Skim", .steady: "Steady", .slow: "Slow"]
}

struct ShelfOptions: DynamicOptionsProvider {
    func results() async throws -> ItemCollection<String> {
        ItemCollection {
            ItemSection("Reading") { "Middlemarch" }
            ItemSection("Next", items: ["Dune", "Emma"])
        }
    }
}

struct StartReadingIntent: AppIntent, CustomIntentMigratedAppIntent {
    static var intentClassName = "StartReadingSessionIntent"
    static var title: LocalizedStringResource = "Start Reading"

    @Parameter(title: "Book", optionsProvider: ShelfOptions())
    var book: String

    @Parameter(title: "Pace", default: .steady)
    var pace: ReadingPace

    func perform() async throws -> some IntentResult & ProvidesDialog {
        return .result(dialog: "Reading \(book) at a \(pace.rawValue) pace.")
    }
}

struct OpenShelfBookIntent: OpenIntent {
    static var title: LocalizedStringResource = "Open Book"

    @Parameter(title: "Book")
    var target: NoteEntity

    func perform() async throws -> some IntentResult {
        return .result()
    }
}

/// What the app's interface calls when the user finishes a chapter.
@MainActor
func chapterFinished(_ book: String) {
    let intent = StartReadingIntent()
    intent.book = book
    IntentDonationManager.shared.donate(intent: intent)
}
