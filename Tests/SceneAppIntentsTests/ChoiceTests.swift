import Assistant
import SceneAppIntents
import SceneIntents
import SceneIntentsTesting
import Testing

/// An intent that asks which way to go before it acts (`requestChoice`), the system's Cancel
/// offered too.
struct ClearShelfIntent: AppIntent {
    static let title: LocalizedStringResource = "Clear Shelf"
    static let keep = Option(title: "Keep the running ones")
    static let all = Option(title: "Clear everything", style: .destructive)

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let chosen = try await requestChoice(between: [.cancel, Self.keep, Self.all], dialog: "Clear which timers?")
        return .result(dialog: chosen == Self.all ? "Cleared everything." : "Kept the running ones.")
    }
}

/// An intent that offers no option at all.
struct EmptyChoiceIntent: AppIntent {
    static let title: LocalizedStringResource = "Empty Choice"

    func perform() async throws -> some IntentResult {
        _ = try await requestChoice(between: [])
        return .result()
    }
}

/// `requestChoice(between:dialog:)`: the user hears the options numbered (Cancel last) and
/// answers by number or title; `perform()` runs again with the option chosen, in process and
/// through the message codec alike.
@MainActor
struct ChoiceTests {
    static let asked = Prompt.choice(
        intent: "ClearShelfIntent", question: "Clear which timers?", options: ["Keep the running ones", "Clear everything", "Cancel"])
    static let spoken = "Clear which timers?\n1. Keep the running ones\n2. Clear everything\n3. Cancel"

    @Test(arguments: [false, true])
    func theOptionChosenByNumberOrTitleIsWhatPerformGets(asInstalled: Bool) async throws {
        for (reply, said) in [(Reply.pick(2), "Cleared everything."), (.text("keep the running ones"), "Kept the running ones.")] {
            let harness = QuestionTests.harness([ClearShelfIntent.self], replies: [reply], asInstalled: asInstalled)
            let outcome = await harness.perform(.intent(AppIntentsCatalog.request(ClearShelfIntent())))
            #expect(outcome.status == .success)
            #expect(outcome.dialog == [Self.spoken, said])
            #expect(harness.user.prompts == [Self.asked])
            #expect(harness.traceLines.filter { $0.hasPrefix("result: handle") } == [
                "result: handle → asks choice(Keep the running ones, Clear everything, Cancel) \"Clear which timers?\"",
                "result: handle → response(success)",
            ])
            _ = harness.recorder.take()
            #expect(harness.leftInFlight() == [])
        }
    }

    @Test func choosingCancelOrSayingAnythingElseUntilPatienceEndsCancelsTheRequest() async throws {
        let patience = AssistantConfiguration().maxReasks + 1
        for replies in [[Reply.pick(3)], [.cancel], Array(repeating: .text("maybe"), count: patience)] {
            let harness = QuestionTests.harness([ClearShelfIntent.self], replies: replies)
            let outcome = await harness.perform(.intent(AppIntentsCatalog.request(ClearShelfIntent())))
            #expect(outcome.status == .cancelled)
            #expect(outcome.dialog == Array(repeating: Self.spoken, count: replies.count) + ["OK, cancelled."])
            _ = harness.recorder.take()
            #expect(harness.leftInFlight() == [])
        }
    }

    @Test func aChoiceWithoutOptionsFailsWithItsReasonAndAsksNothing() async throws {
        let harness = QuestionTests.harness([EmptyChoiceIntent.self], replies: [])
        let outcome = await harness.perform(.intent(AppIntentsCatalog.request(EmptyChoiceIntent())))
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["requestChoice(between:) offers 1 to 10 options, each with a title; it was given 0."])
        #expect(harness.user.prompts == [])
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }
}
