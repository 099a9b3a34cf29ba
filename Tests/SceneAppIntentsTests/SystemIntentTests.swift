import AppIntentsFixtures
import Assistant
import SceneAppIntents
import SceneIntents
import SceneIntentsTesting
import Testing
import TimersKit

/// "Open the tea timer": an `OpenIntent` whose target is an entity.
struct OpenPresetIntent: OpenIntent {
    static let title: LocalizedStringResource = "Open Timer"
    @Parameter(title: "Timer") var target: TimerPreset
    @Dependency var shelf: TimerShelf

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        shelf.running = [target.name]
        return .result(dialog: "Here is \(target.name), \(target.minutes) minutes.")
    }
}

/// The same, kept in the background: an `OpenIntent` may say it does not open the app.
struct PeekPresetIntent: OpenIntent {
    static let title: LocalizedStringResource = "Peek at Timer"
    static let openAppWhenRun = false
    @Parameter(title: "Timer") var target: TimerPreset

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "\(target.name) runs \(target.minutes) minutes.")
    }
}

@MainActor
struct SystemIntentTests {
    static func harness(
        _ replies: [Reply], intents types: [any AppIntent.Type] = [OpenPresetIntent.self, PeekPresetIntent.self]
    ) -> (IntentTestHarness, TimerShelf) {
        let shelf = TimerShelf()
        let dependencies = AppDependencyManager()
        dependencies.add(dependency: shelf)
        let intents = AppIntentsCatalog(types, dependencies: dependencies)
        let application = Application(
            manifest: intents.manifest(sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "Plain")]]),
            sceneDelegates: ["Default": { PlainSceneDelegate() }], delegate: { AppIntentsAppDelegate(intents: intents) })
        return (IntentTestHarness(application: application, catalog: intents.catalog, appName: "Timers", replies: replies), shelf)
    }

    @Test func theTargetIsAskedForFoundByTheQueryAndTheAppComesForwardAfterPerform() async throws {
        let (harness, shelf) = Self.harness([.text("pasta")])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(OpenPresetIntent())))
        #expect(outcome.status == .continuedInApp)
        #expect(outcome.dialog == ["What's the timer?", "Here is Pasta, 10 minutes."])
        #expect(outcome.continuedInScene == "session-1")
        #expect(harness.traceLines == [
            "request: OpenPresetIntent", "route: OpenPresetIntent → Timers",
            "call: proceed(target) budget 10s per step, first until 10s",
            "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
            "report: launchedForIntent: OpenPresetIntent", "lifecycle: app handlerFor OpenPresetIntent",
            "result: resolve(target) → needsValue", "prompt: What's the timer?", "answer: pasta",
            "call: provideOptions(target, \"pasta\", from 0, 2) budget 10s until 10s",
            "result: provideOptions(target, \"pasta\", from 0, 2) → options(1)",
            "call: resolve(target) budget 10s until 10s", "result: resolve(target) → success(Pasta)",
            "call: proceed() budget 10s per step, first until 10s",
            "result: confirm → response(ready)", "result: handle → response(continueInApp, activity OpenPresetIntent)",
            "say: Here is Pasta, 10 minutes.", "lifecycle: app configurationForConnecting session-1",
            "lifecycle: session-1 willConnectTo", "lifecycle: session-1 sceneWillEnterForeground",
            "lifecycle: session-1 sceneDidBecomeActive", "continuation: OpenPresetIntent continued in session-1",
            "outcome: continuedInApp",
        ])
        #expect(shelf.running == ["Pasta"])
        #expect(harness.application.applicationState == .active)
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    @Test func anOpenIntentThatSaysItDoesNotOpenTheAppAnswersInTheBackground() async throws {
        let (harness, _) = Self.harness([.text("eggs")])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(PeekPresetIntent())))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["What's the timer?", "Eggs runs 7 minutes."])
        #expect(harness.traceLines.suffix(3) == [
            "result: handle → response(success)", "say: Eggs runs 7 minutes.", "outcome: success",
        ])
        #expect(harness.application.applicationState == .background)
        #expect(harness.application.connectedScenes.isEmpty)
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }
}

/// "Delete the tea and pasta timers": a `DeleteIntent` over several entities.
struct DeletePresetsIntent: DeleteIntent {
    static let title: LocalizedStringResource = "Delete Timers"
    @Parameter(title: "Timers") var entities: [TimerPreset]
    @Dependency var shelf: TimerShelf

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        shelf.presets.removeAll { preset in entities.contains { $0.id == preset.id } }
        return .result(dialog: "Deleted \(entities.map(\.name).joined(separator: " and ")).")
    }
}

/// "Turn the chime on": a `SetValueIntent` of a flag.
struct ChimeIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Chime"
    @Parameter(title: "Chime") var value: Bool

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: value ? "Timers will chime." : "Timers will be silent.")
    }
}

extension SystemIntentTests {
    @Test func aDeleteIntentsEntitiesAndASetValueIntentsValueAreParametersLikeAnyOther() async throws {
        let (harness, shelf) = Self.harness([], intents: [DeletePresetsIntent.self, ChimeIntent.self])
        let descriptor = try #require(harness.host.catalog.descriptor(named: "DeletePresetsIntent"))
        #expect(descriptor.parameters.map(\.name) == ["entities"])
        #expect(descriptor.parameters.map(\.flags) == [[.resolvable, .configurable, .multiValue, .dynamicOptions, .searchable]])
        let delete = DeletePresetsIntent()
        delete.entities = [TimerShelf.standard[0], TimerShelf.standard[2]]
        #expect(await harness.perform(.intent(AppIntentsCatalog.request(delete))).dialog == ["Deleted Tea and Pasta."])
        #expect(shelf.presets.map(\.name) == ["Green Tea", "Eggs", "Pizza"])
        let chime = ChimeIntent()
        chime.value = true
        #expect(await harness.perform(.intent(AppIntentsCatalog.request(chime))).dialog == ["Timers will chime."])
        chime.value = false
        #expect(await harness.perform(.intent(AppIntentsCatalog.request(chime))).dialog == ["Timers will be silent."])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }
}
