import AppIntentsSwift5Corpus
import Assistant
import SceneAppIntents
import SceneIntents
import SceneIntentsTesting
import Testing

/// App Intents code written in the Swift 5 language mode (`AppIntentsSwift5Corpus`, whose
/// target is built in that mode) is read as any other: every intent and parameter in the
/// engine's catalog, its shortcuts' phrases, a conversation through one of its intents.
@MainActor
struct Swift5CorpusTests {
    @Test func theCorpusIntentsFormACatalogWithEveryParameter() throws {
        let intents = AppIntentsCatalog(Swift5Corpus.intents, shortcuts: Swift5Corpus.shortcuts)
        #expect(intents.catalog.problems == [])
        #expect(intents.catalog.typeNames == [
            "CreateNoteIntent", "DeleteNoteIntent", "LogWorkoutIntent", "OpenBookmarkIntent", "OpenNoteIntent", "OpenShelfBookIntent",
            "StartReadingSessionIntent",
        ])
        let parameters = intents.catalog.typeNames.map { name in
            "\(name): " + (intents.catalog.descriptor(named: name)?.parameters.map { "\($0.name) \($0.valueTypeName)" } ?? []).joined(separator: ", ")
        }
        #expect(parameters == [
            "CreateNoteIntent: noteTitle String, text String", "DeleteNoteIntent: note NoteEntity",
            "LogWorkoutIntent: kind WorkoutKind, distance Measurement<UnitLength>, started Date", "OpenBookmarkIntent: bookmark BookmarkEntity, folder String",
            "OpenNoteIntent: note NoteEntity", "OpenShelfBookIntent: target NoteEntity", "StartReadingSessionIntent: book String, pace Pace",
        ])
        #expect(intents.catalog.descriptor(named: "LogWorkoutIntent")?.requirements.restriction == .whileLocked)
        #expect(intents.vocabulary(appName: "Notes").phrases.map(\.template) == [
            "Create a note in Notes", "New Notes note", "Open ${note} in Notes", "Delete ${note} in Notes",
        ])
    }

    @Test func aSwift5IntentConversesThroughTheAssistant() async throws {
        let intents = AppIntentsCatalog(Swift5Corpus.intents, shortcuts: Swift5Corpus.shortcuts, dependencies: AppDependencyManager())
        let application = Application(
            manifest: intents.manifest(sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "Plain")]]),
            sceneDelegates: ["Default": { PlainSceneDelegate() }], delegate: { AppIntentsAppDelegate(intents: intents) })
        let harness = IntentTestHarness(
            application: application, catalog: intents.catalog, appName: "Notes",
            vocabulary: try Vocabulary(intents.vocabulary(appName: "Notes"), catalog: intents.catalog),
            replies: [.text("Groceries"), .text("eggs and milk")])
        let outcome = await harness.perform(.utterance("create a note in notes"))
        #expect(outcome.dialog == ["What should the note be called?", "What should it say?", "Created Groceries."])
        #expect(outcome.response?.values == ["value": "Groceries"])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }
}
