import SceneAppIntents

// The apps' own model, which their intent files use (here only as much as they need).

struct Note {
    var id = UUID()
    var title: String
    var text: String
    var created = Date()
}

@MainActor
final class NoteStore {
    static let shared = NoteStore()
    var notes: [Note] = []
    var opened: UUID?

    func add(title: String, text: String) -> Note {
        let note = Note(title: title, text: text)
        notes.append(note)
        return note
    }

    func remove(_ id: UUID) {
        notes.removeAll { $0.id == id }
    }
}

final class WorkoutTracker: @unchecked Sendable {
    var current: WorkoutKind?
    private var logged: [Double] = []

    func log(_ kind: WorkoutKind, kilometers: Double, at date: Date) -> Summary {
        logged.append(kilometers)
        return Summary(workouts: logged.count, kilometers: logged.reduce(0, +))
    }
}

enum Bookmarks {
    static let all = [
        ("swift", "Swift", URL(string: "https://swift.org")!),
        ("forums", "Swift Forums", URL(string: "https://forums.swift.org")!),
    ]
}

/// The corpus's intents and shortcuts, for the tests that read them.
public enum Swift5Corpus {
    /// Every intent type the corpus declares.
    public static var intents: [any AppIntent.Type] {
        [
            CreateNoteIntent.self, DeleteNoteIntent.self, OpenNoteIntent.self, LogWorkoutIntent.self, OpenBookmarkIntent.self,
            StartReadingIntent.self, OpenShelfBookIntent.self,
        ]
    }

    /// The notes app's shortcuts.
    public static var shortcuts: any AppShortcutsProvider.Type { NotesShortcuts.self }

    /// Registers the fitness app's dependencies.
    public static func registerDependencies() { registerWorkoutDependencies() }
}
