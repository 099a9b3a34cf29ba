import SceneAppIntents

// A notes app's intents, written as App Intents code usually is in Swift 5 mode: mutable
// `static var` declarations, a nested query, `@Property`, a value asked for in perform(), a
// confirmation, an intent that opens the app, shortcuts under `if #available`.

struct NoteEntity: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Note"
    static var defaultQuery = Query()

    let id: UUID

    @Property(title: "Title")
    var title: String

    @Property(title: "Created")
    var created: Date

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(title)", subtitle: "\(created.formatted(date: .abbreviated, time: .omitted))")
    }

    init(_ note: Note) {
        id = note.id
        title = note.title
        created = note.created
    }

    struct Query: EntityStringQuery {
        func entities(for identifiers: [UUID]) async throws -> [NoteEntity] {
            await NoteStore.shared.notes.filter { identifiers.contains($0.id) }.map(NoteEntity.init)
        }

        func entities(matching string: String) async throws -> [NoteEntity] {
            await NoteStore.shared.notes.filter { $0.title.localizedCaseInsensitiveContains(string) }.map(NoteEntity.init)
        }

        func suggestedEntities() async throws -> [NoteEntity] {
            await NoteStore.shared.notes.prefix(5).map(NoteEntity.init)
        }
    }
}

struct CreateNoteIntent: AppIntent {
    static var title: LocalizedStringResource = "Create Note"
    static var description = IntentDescription("Creates a note with a title and some text.", categoryName: "Notes")

    @Parameter(title: "Title", requestValueDialog: IntentDialog("What should the note be called?"))
    var noteTitle: String

    @Parameter(title: "Text")
    var text: String?

    static var parameterSummary: some ParameterSummary {
        Summary("Create \(\.$noteTitle) with \(\.$text)")
    }

    func perform() async throws -> some IntentResult & ReturnsValue<NoteEntity> & ProvidesDialog {
        var body = text
        if body == nil || body?.isEmpty == true {
            body = try await $text.requestValue("What should it say?")
        }
        let note = await NoteStore.shared.add(title: noteTitle, text: body ?? "")
        return .result(value: NoteEntity(note), dialog: "Created \(noteTitle).")
    }
}

struct DeleteNoteIntent: AppIntent {
    static var title: LocalizedStringResource = "Delete Note"

    @Parameter(title: "Note")
    var note: NoteEntity

    func perform() async throws -> some IntentResult & ProvidesDialog {
        try await requestConfirmation(result: .result(dialog: "Delete \(note.title)?"), confirmationActionName: .do)
        await NoteStore.shared.remove(note.id)
        return .result(dialog: "Deleted.")
    }
}

struct OpenNoteIntent: AppIntent {
    static var title: LocalizedStringResource = "Open Note"
    static var openAppWhenRun: Bool = true

    @Parameter(title: "Note")
    var note: NoteEntity?

    @MainActor
    func perform() async throws -> some IntentResult {
        guard let note = note else { throw $note.needsValueError("Which note?") }
        NoteStore.shared.opened = note.id
        return .result()
    }
}

struct NotesShortcuts: AppShortcutsProvider {
    static var shortcutTileColor = ShortcutTileColor.yellow

    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: CreateNoteIntent(),
            phrases: ["Create a note in \(.applicationName)", "New \(.applicationName) note"],
            shortTitle: "New Note",
            systemImageName: "square.and.pencil"
        )
        AppShortcut(intent: OpenNoteIntent(), phrases: ["Open \(\.$note) in \(.applicationName)"], shortTitle: "Open Note", systemImageName: "doc")
        if #available(iOS 17.0, *) {
            AppShortcut(intent: DeleteNoteIntent(), phrases: ["Delete \(\.$note) in \(.applicationName)"], shortTitle: "Delete", systemImageName: "trash")
        }
    }
}
