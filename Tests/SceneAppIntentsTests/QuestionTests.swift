import AppIntentsFixtures
import TimersKit
import Assistant
import SceneAppIntents
import SceneIntents
import SceneIntentsTesting
import Testing

/// An intent whose perform() always wants another word.
struct NeverSatisfiedIntent: AppIntent {
    static let title: LocalizedStringResource = "Never Satisfied"
    @Parameter(title: "Word") var word: String?

    func perform() async throws -> some IntentResult {
        if word != "enough" { throw $word.needsValueError("Another word?") }
        return .result()
    }
}

/// An intent that confirms the word it was given before it says it.
struct EchoIntent: AppIntent {
    static let title: LocalizedStringResource = "Echo"
    @Parameter(title: "Word") var word: String

    func perform() async throws -> some IntentResult & ProvidesDialog {
        _ = try await $word.requestConfirmation(for: word, dialog: "Say \(word)?")
        return .result(dialog: "\(word)!")
    }
}

/// An intent whose perform() needs the app on screen to finish.
struct FinishInAppIntent: ForegroundContinuableIntent {
    static let title: LocalizedStringResource = "Finish in App"
    @Parameter(title: "Done") var done: Bool?

    func perform() async throws -> some IntentResult & ProvidesDialog {
        guard done == true else {
            throw needsToContinueInForegroundError("Finish it in the app.") { FinishInAppIntent.continued.append("in front") }
        }
        return .result(dialog: "Finished.")
    }

    /// Each run of the continuation.
    @MainActor static var continued: [String] = []
}

/// Questions perform() asks, through the message codec (an installed app), and the assistant's
/// patience with them.
@MainActor
struct QuestionTests {
    static func harness(_ intents: [any AppIntent.Type], replies: [Reply], asInstalled: Bool = false) -> IntentTestHarness {
        let catalog = AppIntentsCatalog(intents, dependencies: AppDependencyManager())
        let application = Application(
            manifest: catalog.manifest(sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "Plain")]]),
            sceneDelegates: ["Default": { PlainSceneDelegate() }], delegate: { AppIntentsAppDelegate(intents: catalog) })
        return IntentTestHarness(application: application, catalog: catalog.catalog, appName: "Words", replies: replies, asInstalled: asInstalled)
    }

    @Test func anIntentThatKeepsAskingIsGivenUpAfterTheAssistantsPatience() async throws {
        let harness = Self.harness([NeverSatisfiedIntent.self], replies: (1...4).map { .text("word \($0)") })
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(NeverSatisfiedIntent())))
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == Array(repeating: "Another word?", count: 4) + ["Sorry, I'm having trouble with the word. Let's try again later."])
        #expect(harness.traceLines.filter { $0.hasPrefix("result: handle") }.count == 5)
        #expect(harness.traceLines.last == "outcome: failure")
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }

    @Test func aValueConfirmationGoesAheadOnYesAndCancelsOnNo() async throws {
        for (reply, dialog) in [(Reply.yes, ["Say tea?", "tea!"]), (.no, ["Say tea?", "OK, cancelled."])] {
            let harness = Self.harness([EchoIntent.self], replies: [reply])
            let intent = EchoIntent()
            intent.word = "tea"
            let outcome = await harness.perform(.intent(AppIntentsCatalog.request(intent)))
            #expect(outcome.dialog == dialog)
            #expect(harness.user.prompts == [.confirmation(parameter: "word", question: "Say tea?")])
            _ = harness.recorder.take()
            #expect(harness.leftInFlight() == [])
        }
    }

    /// Through the codec an entity travels as its identifier and title; the app's side fetches
    /// it again with its query before perform(). The conversation reads the same either way.
    @Test func entitiesAndQuestionsReadTheSameThroughTheMessageCodec() async throws {
        var runs: [(dialog: [String], trace: [String], running: [String])] = []
        for installed in [false, true] {
            let (harness, app) = try IntentTestHarness.timers(replies: [.text("tea"), .pick(1)], shelf: TimerConversationTests.teas(), asInstalled: installed)
            let outcome = await harness.perform(.utterance("start a timer in timers"))
            runs.append((outcome.dialog, harness.traceLines, app.shelf.running))
            _ = harness.recorder.take()
            #expect(harness.leftInFlight() == [])
        }
        #expect(runs[0].dialog == ["Which timer?", "Which timer?\n1. Black Tea (5 min)\n2. Green Tea (3 min)", "Started Black Tea for 5 minutes."])
        #expect(runs[0].trace == runs[1].trace)
        #expect(runs.map(\.running) == [["Black Tea"], ["Black Tea"]])
    }

    /// `needsToContinueInForegroundError`: the user is asked with its dialog; on yes the app
    /// comes forward and the continuation runs there; on no nothing comes forward or runs.
    @Test(.serialized, arguments: [false, true])
    func anIntentThatNeedsTheScreenAsksThenRunsItsContinuationInFront(asInstalled: Bool) async throws {
        for (reply, status) in [(Reply.yes, AssistantOutcome.Status.success), (.no, .cancelled)] {
            FinishInAppIntent.continued = []
            let harness = Self.harness([FinishInAppIntent.self], replies: [reply], asInstalled: asInstalled)
            let outcome = await harness.perform(.intent(AppIntentsCatalog.request(FinishInAppIntent())))
            let cameForward = reply == .yes
            #expect(outcome.status == status)
            #expect(outcome.dialog == ["Finish it in the app.", cameForward ? "Done." : "OK, cancelled."])
            #expect(harness.user.prompts == [.intentConfirmation(intent: "FinishInAppIntent", question: "Finish it in the app.")])
            #expect(outcome.continuedInScene == (cameForward ? "session-1" : nil))
            #expect(FinishInAppIntent.continued == (cameForward ? ["in front"] : []))
            let scene = [
                "app configurationForConnecting session-1", "session-1 willConnectTo", "session-1 sceneWillEnterForeground",
                "session-1 sceneDidBecomeActive",
            ]
            #expect(harness.recorder.take() == [
                "app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor FinishInAppIntent",
            ] + (cameForward ? scene : []))
            #expect(harness.leftInFlight() == [])
        }
    }

    @Test func anEnumPickAskedInsidePerformReadsTheSameThroughTheMessageCodec() async throws {
        var traces: [[String]] = []
        for installed in [false, true] {
            let (harness, app) = try IntentTestHarness.timers(replies: [.more, .pick(6)], asInstalled: installed)
            let outcome = await harness.perform(.utterance("change the sound in timers"))
            #expect(outcome.dialog.last == "Timers now end with Marimba.")
            #expect(app.shelf.sound == .marimba)
            traces.append(harness.traceLines)
            _ = harness.recorder.take()
            #expect(harness.leftInFlight() == [])
        }
        #expect(traces[0] == traces[1])
    }

    @Test func aRequestMadeOutsideTheAssistantSaysSo() async throws {
        let intent = EchoIntent()
        intent.word = "tea"
        do {
            _ = try await intent.perform()
            Issue.record("perform() went ahead without asking")
        } catch {
            #expect("\(error)" == "requestConfirmation(for:dialog:) was called outside a request: only perform(), run by the assistant, can ask the user")
        }
    }
}
