import Assistant
import SceneAppIntents
import SceneIntents
import SceneIntentsTesting
import Testing
import TimersKit

/// Where `perform()` found itself, as said in its dialog.
func spoken(_ mode: IntentModes.Current) -> String {
    switch mode {
    case .background: "in the background"
    case .foreground(.immediate): "in front (immediate)"
    case .foreground(.dynamic): "in front (dynamic)"
    case .foreground(.deferred): "in front (deferred)"
    default: "somewhere else"
    }
}

/// Runs in the background and comes forward when it can, asking the user first.
struct ShowShelfIntent: AppIntent {
    static let title: LocalizedStringResource = "Show Shelf"
    static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let before = systemContext.currentMode
        if before.canContinueInForeground { try await continueInForeground("Open the shelf to see it?") }
        return .result(dialog: "Ran \(spoken(before)), then \(spoken(systemContext.currentMode)).")
    }
}

/// Runs in front from the start.
struct FocusIntent: AppIntent {
    static let title: LocalizedStringResource = "Focus"
    static let supportedModes: IntentModes = .foreground

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "Ran \(spoken(systemContext.currentMode)).")
    }
}

/// Comes forward without asking when it must, and at its end otherwise.
struct ReportIntent: AppIntent {
    static let title: LocalizedStringResource = "Report"
    static let supportedModes: IntentModes = .foreground(.deferred)
    @Parameter(title: "Detailed") var detailed: Bool?

    func perform() async throws -> some IntentResult & ProvidesDialog {
        if detailed == true { try await continueInForeground("Showing the details.", alwaysConfirm: false) }
        return .result(dialog: "Reported \(spoken(systemContext.currentMode)).")
    }
}

/// Runs only in the background, yet asks to come forward.
struct ChoreIntent: AppIntent {
    static let title: LocalizedStringResource = "Chore"

    func perform() async throws -> some IntentResult {
        try await continueInForeground()
        return .result()
    }
}

/// `supportedModes`, `systemContext.currentMode` and `continueInForeground`: the app comes
/// forward in the middle of a request (a scene continuing the intent's activity) and `perform()`
/// goes on in front, in process and through the message codec alike.
@MainActor
struct ForegroundModeTests {
    static let intents: [any AppIntent.Type] = [ShowShelfIntent.self, FocusIntent.self, ReportIntent.self, ChoreIntent.self]
    /// A scene connected (with the intent's activity in its options) and brought forward.
    static let cameForward = [
        "app configurationForConnecting session-1", "session-1 willConnectTo", "session-1 sceneWillEnterForeground",
        "session-1 sceneDidBecomeActive",
    ]
    static let launched = ["app willFinishLaunching intent", "app didFinishLaunching intent"]

    @Test(arguments: [false, true])
    func continueInForegroundAsksThenBringsTheAppForwardAndPerformGoesOnInFront(asInstalled: Bool) async throws {
        let harness = QuestionTests.harness(Self.intents, replies: [.yes], asInstalled: asInstalled)
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(ShowShelfIntent())))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Open the shelf to see it?", "Ran in the background, then in front (dynamic)."])
        #expect(outcome.continuedInScene == "session-1")
        #expect(harness.user.prompts == [.intentConfirmation(intent: "ShowShelfIntent", question: "Open the shelf to see it?")])
        #expect(harness.traceLines.filter { $0.hasPrefix("result: handle") || $0.hasPrefix("continuation") } == [
            "result: handle → asks foreground(ShowShelfIntent, confirmed) \"Open the shelf to see it?\"",
            "continuation: ShowShelfIntent continued in session-1",
            "result: handle → response(success)",
        ])
        #expect(harness.recorder.take() == Self.launched + ["app handlerFor ShowShelfIntent"] + Self.cameForward)
        #expect(harness.leftInFlight() == [])
    }

    @Test func sayingNoLeavesTheAppInTheBackgroundAndCancels() async throws {
        let harness = QuestionTests.harness(Self.intents, replies: [.no])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(ShowShelfIntent())))
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == ["Open the shelf to see it?", "OK, cancelled."])
        #expect(outcome.continuedInScene == nil)
        #expect(harness.recorder.take() == Self.launched + ["app handlerFor ShowShelfIntent"])
        #expect(harness.leftInFlight() == [])
    }

    @Test(arguments: [false, true])
    func anImmediateIntentComesForwardBeforePerformWithoutAsking(asInstalled: Bool) async throws {
        let harness = QuestionTests.harness(Self.intents, replies: [], asInstalled: asInstalled)
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(FocusIntent())))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Ran in front (immediate)."])
        #expect(outcome.continuedInScene == "session-1")
        #expect(harness.user.prompts == [])
        #expect(harness.recorder.take() == Self.launched + ["app handlerFor FocusIntent"] + Self.cameForward)
        #expect(harness.leftInFlight() == [])
    }

    @Test func aDeferredIntentComesForwardOnceWhetherItAsksOrNot() async throws {
        for (detailed, dialog, status) in [
            (true, ["Showing the details.", "Reported in front (deferred)."], AssistantOutcome.Status.success),
            (false, ["Reported in the background."], .continuedInApp),
        ] {
            let harness = QuestionTests.harness(Self.intents, replies: [])
            let intent = ReportIntent()
            intent.detailed = detailed
            let outcome = await harness.perform(.intent(AppIntentsCatalog.request(intent)))
            #expect(outcome.status == status)
            #expect(outcome.dialog == dialog)
            #expect(outcome.continuedInScene == "session-1")
            #expect(harness.traceLines.filter { $0.hasPrefix("continuation") } == ["continuation: ReportIntent continued in session-1"])
            _ = harness.recorder.take()
            #expect(harness.leftInFlight() == [])
        }
    }

    @Test func aBackgroundIntentThatAsksToComeForwardFailsSayingWhy() async throws {
        let harness = QuestionTests.harness(Self.intents, replies: [])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(ChoreIntent())))
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["Chore can't continue in the app: its supportedModes name no foreground mode."])
        #expect(outcome.continuedInScene == nil)
        #expect(harness.recorder.take() == Self.launched + ["app handlerFor ChoreIntent"])
        #expect(harness.leftInFlight() == [])
    }

    /// `supportedModes` `[.background, .foreground(.dynamic)]`: with nothing to show the app
    /// stays in the background; with timers running, `continueInForeground` brings a scene
    /// forward through the scene lifecycle before `perform()` goes on and says what it shows.
    @Test func showingTimersBringsTheAppForwardOnlyWhenSomeRun() async throws {
        let (idle, _) = try IntentTestHarness.timers()
        let nothing = await idle.perform(.utterance("show my timers in timers"))
        #expect(nothing.status == .success)
        #expect(nothing.dialog == ["No timers are running."])
        #expect(nothing.continuedInScene == nil)
        #expect(idle.recorder.take() == TimerConversationTests.launched(for: "ShowTimersIntent"))
        #expect(idle.leftInFlight() == [])

        let shelf = TimerShelf()
        shelf.running = ["Tea", "Eggs"]
        let (harness, _) = try IntentTestHarness.timers(shelf: shelf)
        let outcome = await harness.perform(.utterance("show my timers in timers"))
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Here are your 2 timers: Tea and Eggs."])
        #expect(outcome.continuedInScene == "session-1")
        #expect(harness.traceFromRoute == TimerConversationTests.routed("ShowTimersIntent", "") + [
            "result: confirm → response(ready)", "result: handle → asks foreground(ShowTimersIntent)",
            "lifecycle: app configurationForConnecting session-1", "lifecycle: session-1 willConnectTo",
            "lifecycle: Timers viewDidLoad", "lifecycle: Timers viewWillAppear", "lifecycle: session-1 sceneWillEnterForeground",
            "lifecycle: session-1 sceneDidBecomeActive", "lifecycle: Timers viewDidAppear",
            "continuation: ShowTimersIntent continued in session-1", "call: proceed() budget 10s per step, first until 10s",
            "result: confirm → response(ready)", "result: handle → response(success)", "say: Here are your 2 timers: Tea and Eggs.",
            "outcome: success",
        ])
        #expect(harness.application.applicationState == .active)
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    @Test func modesFollowOpenAppWhenRunUnlessDeclared() {
        #expect(ChoreIntent.supportedModes == .background)
        #expect(OpenTimerIntentForModes.supportedModes == .foreground(.deferred))
        #expect(FocusIntent.supportedModes == .foreground(.immediate))
        #expect(IntentModes.Current.background != .foreground(.dynamic))
    }
}

/// An intent that opens the app when run, declaring no modes.
struct OpenTimerIntentForModes: AppIntent {
    static let title: LocalizedStringResource = "Open Timer"
    static let openAppWhenRun = true
    func perform() async throws -> some IntentResult { .result() }
}
