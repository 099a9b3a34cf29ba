import AppIntentsFixtures
import TimersKit
import Assistant
import SceneAppIntents
import SceneIntents
import SceneIntentsTesting
import Testing

/// The timer app, declared with App Intents' API, conversing through the assistant in process:
/// entity queries and disambiguation, values and confirmations asked inside `perform()`, a
/// screen that handles an intent, errors as dialogs.
@MainActor
struct TimerConversationTests {
    /// The app's callbacks of a launch for `intent`: in the background, no scene.
    static func launched(for intent: String) -> [String] {
        ["app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor \(intent)"]
    }

    /// The trace from the route to the handler lookup of a launch for `intent`.
    static func routed(_ intent: String, _ parameters: String) -> [String] {
        [
            "route: \(intent) → Timers", "call: proceed(\(parameters)) budget 10s per step, first until 10s",
            "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
            "report: launchedForIntent: \(intent)", "lifecycle: app handlerFor \(intent)",
        ]
    }

    /// A shelf of two teas and no timer called "Tea" (a new one each time: a shelf is the
    /// app's model, which the conversation changes).
    static func teas() -> TimerShelf {
        TimerShelf(presets: [
            TimerPreset(id: "black-tea", name: "Black Tea", minutes: 5), TimerPreset(id: "green-tea", name: "Green Tea", minutes: 3),
            TimerShelf.standard[2],
        ])
    }

    @Test func wordsNamingSeveralEntitiesAreOfferedWithTheirSubtitlesAndThePickIsPerformed() async throws {
        let (harness, app) = try IntentTestHarness.timers(replies: [.text("tea"), .pick(2)], shelf: Self.teas())
        let outcome = await harness.perform(.utterance("start a timer in timers"))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Which timer?", "Which timer?\n1. Black Tea (5 min)\n2. Green Tea (3 min)", "Started Green Tea for 3 minutes."])
        #expect(outcome.response?.values == ["value": "3"])
        #expect(harness.traceFromRoute == Self.routed("StartTimerIntent", "preset, label") + [
            "result: resolve(preset) → needsValue", "prompt: Which timer?", "answer: tea",
            "call: provideOptions(preset, \"tea\", from 0, 2) budget 10s until 10s",
            "result: provideOptions(preset, \"tea\", from 0, 2) → options(2)",
            "prompt: Which timer? | 1. Black Tea (5 min) | 2. Green Tea (3 min)", "answer: 2",
            "call: resolve(preset) budget 10s until 10s", "result: resolve(preset) → success(Green Tea)",
            "call: proceed(label) budget 10s per step, first until 10s", "result: resolve(label) → notRequired",
            "result: confirm → response(ready)", "result: handle → response(success)", "say: Started Green Tea for 3 minutes.",
            "outcome: success",
        ])
        #expect(app.shelf.running == ["Green Tea"])
        #expect(harness.recorder.take() == Self.launched(for: "StartTimerIntent"))
        #expect(harness.leftInFlight() == [])
    }

    /// At the prompt as in the request, words that name one option whole take it: "tea" is
    /// Tea, though Green Tea has the word too; nothing is offered.
    @Test func anAnswerNamingAnOptionWholeTakesItWithoutAPick() async throws {
        let (harness, app) = try IntentTestHarness.timers(replies: [.text("tea")])
        let outcome = await harness.perform(.utterance("start a timer in timers"))
        #expect(outcome.dialog == ["Which timer?", "Started Tea for 4 minutes."])
        #expect(harness.traceFromRoute == Self.routed("StartTimerIntent", "preset, label") + [
            "result: resolve(preset) → needsValue", "prompt: Which timer?", "answer: tea",
            "call: provideOptions(preset, \"tea\", from 0, 2) budget 10s until 10s",
            "result: provideOptions(preset, \"tea\", from 0, 2) → options(2)",
            "call: resolve(preset) budget 10s until 10s", "result: resolve(preset) → success(Tea)",
            "call: proceed(label) budget 10s per step, first until 10s", "result: resolve(label) → notRequired",
            "result: confirm → response(ready)", "result: handle → response(success)", "say: Started Tea for 4 minutes.",
            "outcome: success",
        ])
        #expect(app.shelf.running == ["Tea"])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    @Test func anEntityNamedInThePhraseIsFoundByTheQueryInOneVisit() async throws {
        let (harness, app) = try IntentTestHarness.timers()
        let outcome = await harness.perform(.utterance("start a pasta timer in timers"))
        #expect(outcome.dialog == ["Started Pasta for 10 minutes."])
        #expect(harness.traceFromRoute == Self.routed("StartTimerIntent", "preset, label") + [
            "result: resolve(preset) → success(Pasta)", "result: resolve(label) → notRequired", "result: confirm → response(ready)",
            "result: handle → response(success)", "say: Started Pasta for 10 minutes.", "outcome: success",
        ])
        #expect(app.shelf.running == ["Pasta"])
        #expect(harness.recorder.take() == Self.launched(for: "StartTimerIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func ofSeveralEntitiesTheWordsNameTheOneWhoseTitleTheyAreWins() async throws {
        let (harness, app) = try IntentTestHarness.timers()
        let outcome = await harness.perform(.utterance("start a tea timer in timers"))
        #expect(outcome.dialog == ["Started Tea for 4 minutes."])
        #expect(app.shelf.running == ["Tea"])
        #expect(harness.recorder.take() == Self.launched(for: "StartTimerIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func wordsNamingNoEntityAreRefusedAndAskedAgain() async throws {
        let (harness, _) = try IntentTestHarness.timers(replies: [.text("eggs")])
        let outcome = await harness.perform(.utterance("start a soup timer in timers"))
        #expect(outcome.dialog == ["Sorry, I couldn't find soup.", "Which timer?", "Started Eggs for 7 minutes."])
        #expect(harness.recorder.take() == Self.launched(for: "StartTimerIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func aValueRequestedInsidePerformIsAskedAndPerformRunsAgainWithIt() async throws {
        let (harness, app) = try IntentTestHarness.timers(replies: [.text("Soup"), .text("12")])
        let outcome = await harness.perform(.utterance("add a timer in timers"))
        #expect(outcome.dialog == ["What's the timer called?", "How many minutes for Soup?", "Added Soup, 12 minutes."])
        #expect(outcome.response?.values == ["value": "Soup"])
        #expect(harness.traceFromRoute == Self.routed("AddPresetIntent", "name, minutes") + [
            "result: resolve(name) → needsValue", "prompt: What's the timer called?", "answer: Soup",
            "call: resolve(name) budget 10s until 10s", "result: resolve(name) → success(Soup)",
            "call: proceed(minutes) budget 10s per step, first until 10s", "result: resolve(minutes) → notRequired",
            "result: confirm → response(ready)", "result: handle → asks value(minutes) \"How many minutes for Soup?\"",
            "prompt: How many minutes for Soup?", "answer: 12", "call: proceed(minutes) budget 10s per step, first until 10s",
            "result: resolve(minutes) → success(12)", "result: confirm → response(ready)", "result: handle → response(success)",
            "say: Added Soup, 12 minutes.", "outcome: success",
        ])
        #expect(app.shelf.presets.last.map { [$0.id, $0.name, "\($0.minutes)"] } == ["soup", "Soup", "12"])
        #expect(harness.recorder.take() == Self.launched(for: "AddPresetIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func aRequestedValueOutsideTheRangeIsRefusedAndAskedAgain() async throws {
        let (harness, app) = try IntentTestHarness.timers(replies: [.text("300"), .text("20")])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(AddPresetIntent(name: "Stew"))))
        #expect(outcome.dialog == ["How many minutes for Stew?", "Sorry, the minutes must be from 1 to 240.", "How many minutes for Stew?",
                                   "Added Stew, 20 minutes."])
        #expect(app.shelf.presets.last?.minutes == 20)
        #expect(harness.recorder.take() == Self.launched(for: "AddPresetIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func aConfirmationRequestedInsidePerformGoesAheadOnYes() async throws {
        let shelf = TimerShelf()
        shelf.running = ["Tea"]
        let (harness, _) = try IntentTestHarness.timers(replies: [.yes], shelf: shelf)
        let outcome = await harness.perform(.utterance("stop my timers in timers"))
        #expect(outcome.dialog == ["Stop your timer?", "Stopped 1 timer."])
        #expect(harness.user.prompts == [.intentConfirmation(intent: "StopTimersIntent", question: "Stop your timer?")])
        #expect(harness.traceFromRoute == Self.routed("StopTimersIntent", "") + [
            "result: confirm → response(ready)", "result: handle → asks confirmation \"Stop your timer?\"",
            "prompt: Stop your timer?", "answer: yes", "call: proceed() budget 10s per step, first until 10s",
            "result: confirm → response(ready)", "result: handle → response(success)", "say: Stopped 1 timer.", "outcome: success",
        ])
        #expect(shelf.running == [])
        #expect(harness.recorder.take() == Self.launched(for: "StopTimersIntent"))
        #expect(harness.leftInFlight() == [])
    }

    /// `requestChoice` in the demo: with two timers running, stop all or only the latest.
    @Test func aChoiceRequestedInsidePerformTakesTheOptionChosen() async throws {
        let question = "Stop which timers?\n1. All 2 timers\n2. Only Eggs\n3. Cancel"
        for (reply, said, left) in [(Reply.pick(2), "Stopped Eggs.", ["Tea"]), (.text("all 2 timers"), "Stopped 2 timers.", [])] {
            let shelf = TimerShelf()
            shelf.running = ["Tea", "Eggs"]
            let (harness, _) = try IntentTestHarness.timers(replies: [reply], shelf: shelf)
            let outcome = await harness.perform(.utterance("stop my timers in timers"))
            #expect(outcome.dialog == [question, said])
            #expect(harness.user.prompts == [
                .choice(intent: "StopTimersIntent", question: "Stop which timers?", options: ["All 2 timers", "Only Eggs", "Cancel"])
            ])
            #expect(shelf.running == left)
            #expect(harness.recorder.take() == Self.launched(for: "StopTimersIntent"))
            #expect(harness.leftInFlight() == [])
        }
    }

    @Test func noToAConfirmationCancelsTheRequestAndNothingIsDone() async throws {
        let shelf = TimerShelf()
        shelf.running = ["Tea"]
        let (harness, _) = try IntentTestHarness.timers(replies: [.no], shelf: shelf)
        let outcome = await harness.perform(.utterance("stop my timers in timers"))
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == ["Stop your timer?", "OK, cancelled."])
        #expect(shelf.running == ["Tea"])
        #expect(harness.recorder.take() == Self.launched(for: "StopTimersIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func anEnumDisambiguationRequestedInsidePerformIsOfferedAPageAtATime() async throws {
        let (harness, app) = try IntentTestHarness.timers(replies: [.more, .pick(5)])
        let outcome = await harness.perform(.utterance("change the sound in timers"))
        #expect(outcome.dialog == [
            "Which sound?\n1. Chime\n2. Bell\n3. Radar\nSay \"more\" for more.",
            "Which sound?\n4. Beacon\n5. Bulletin\n6. Marimba\nSay \"more\" for more.", "Timers now end with Bulletin.",
        ])
        #expect(harness.traceFromRoute == Self.routed("SetSoundIntent", "sound") + [
            "result: resolve(sound) → notRequired", "result: confirm → response(ready)",
            "result: handle → asks disambiguation(sound: Chime, Bell, Radar, Beacon, Bulletin, Marimba, Harp, Silk) \"Which sound?\"",
            "prompt: Which sound? | 1. Chime | 2. Bell | 3. Radar | Say \"more\" for more.", "answer: more",
            "prompt: Which sound? | 4. Beacon | 5. Bulletin | 6. Marimba | Say \"more\" for more.", "answer: 5",
            "call: proceed(sound) budget 10s per step, first until 10s", "result: resolve(sound) → success(Bulletin)",
            "result: confirm → response(ready)", "result: handle → response(success)", "say: Timers now end with Bulletin.",
            "outcome: success",
        ])
        #expect(app.shelf.sound == .bulletin)
        #expect(harness.recorder.take() == Self.launched(for: "SetSoundIntent"))
        #expect(harness.leftInFlight() == [])
    }

    @Test func aThrownErrorIsTheFailuresDialog() async throws {
        let shelf = TimerShelf()
        shelf.running = ["Tea", "Eggs", "Pasta"]
        let (harness, _) = try IntentTestHarness.timers(shelf: shelf)
        let outcome = await harness.perform(.utterance("start a pizza timer in timers"))
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["You already have 3 timers running."])
        #expect(shelf.running == ["Tea", "Eggs", "Pasta"])
        #expect(harness.recorder.take() == Self.launched(for: "StartTimerIntent"))
        #expect(harness.leftInFlight() == [])
    }

    /// An `OpenIntent`: the target found by its query, `perform()` choosing it, then the app
    /// forward with the screen showing it chosen.
    @Test func openingATimerBringsTheAppForwardWithThatTimerChosen() async throws {
        let (harness, app) = try IntentTestHarness.timers()
        let outcome = await harness.perform(.utterance("open the pasta timer in timers"))
        #expect(outcome.status == .continuedInApp)
        #expect(outcome.dialog == ["Here is Pasta, 10 minutes."])
        #expect(harness.traceFromRoute == Self.routed("OpenTimerIntent", "target") + [
            "result: resolve(target) → success(Pasta)", "result: confirm → response(ready)",
            "result: handle → response(continueInApp, activity OpenTimerIntent)", "say: Here is Pasta, 10 minutes.",
            "lifecycle: app configurationForConnecting session-1", "lifecycle: session-1 willConnectTo",
            "lifecycle: Timers viewDidLoad", "lifecycle: Timers viewWillAppear", "lifecycle: session-1 sceneWillEnterForeground",
            "lifecycle: session-1 sceneDidBecomeActive", "lifecycle: Timers viewDidAppear",
            "continuation: OpenTimerIntent continued in session-1", "outcome: continuedInApp",
        ])
        let screen = try #require(harness.application.connectedScenes.first?.rootViewController as? TimersViewController)
        #expect(screen.lines().filter { $0.hasPrefix("›") } == ["› Pasta — 10 min"])
        #expect(app.shelf.chosen == "pasta")
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    @Test func theScreenOnDisplayHandlesTheIntentItsHandlerTakes() async throws {
        let shelf = TimerShelf()
        shelf.running = ["Tea"]
        let (harness, _) = try IntentTestHarness.timers(shelf: shelf)
        try harness.launchByUser()
        _ = harness.recorder.take()
        let outcome = await harness.perform(.utterance("stop my timers in timers"))
        // No confirmation: the screen's handler, not the intent's perform(), answered.
        #expect(outcome.dialog == ["Stopped 1 timer on screen."])
        #expect(harness.user.prompts == [])
        #expect(harness.recorder.take() == [
            "session-1 sceneWillResignActive", "app handlerFor StopTimersIntent", "session-1 sceneDidBecomeActive",
        ])
        #expect(shelf.running == [])
        #expect(harness.leftInFlight() == [])
    }

    @Test func theAppsShortcutPhrasesAreTheAssistantsVocabulary() throws {
        let app = TimersApp()
        #expect(app.words.phrases.map(\.template) == [
            "Start a ${preset} timer in Timers", "Start a timer in Timers", "Stop my timers in Timers", "Show my timers in Timers",
            "Open the ${target} timer in Timers", "Add a timer in Timers", "Change the sound in Timers",
        ])
        let vocabulary = try Vocabulary(app.words, catalog: app.intents.catalog)
        guard case .matched(let reading) = vocabulary.match("Start a green tea timer in Timers") else {
            Issue.record("the phrase did not match")
            return
        }
        #expect(reading.intent == "StartTimerIntent")
        #expect(reading.slots["preset"]?.spoken == "green tea")
    }
}
