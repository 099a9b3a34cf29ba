import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

@MainActor
struct UtteranceTests {
    @Test func anUtteranceBecomesAnIntentWithItsSlotValues() async throws {
        let rig = try Rig()
        let outcome = await rig.perform(.utterance("Order clam chowder soup!"))
        #expect(outcome.status == .success)
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup?.identifier == "clam")
        #expect(outcome.dialog == ["1 Clam Chowder coming up."])
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aMisspeltEntityNameStillFindsTheEntity() async throws {
        let rig = try Rig()
        let outcome = await rig.perform(.utterance("order clam chowdr soup"))
        #expect(outcome.intent?.as(OrderSoupIntent.self)?.soup == Soup("clam", "Clam Chowder"))
        #expect(rig.traceLines.contains("interpret: OrderSoupIntent via \"order ${soup} soup\" (soup: \"clam chowdr\" = Clam Chowder)"))
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func noMatchSaysSoWithSpeakableSuggestions() async throws {
        let rig = try Rig()
        let outcome = await rig.perform(.utterance("order pizza please"))
        #expect(outcome.status == .notUnderstood)
        let line = try #require(outcome.lastLine)
        #expect(line.hasPrefix("Sorry, I didn't understand. You can say: "))
        #expect(line.contains("\"order … soup\"") || line.contains("\"order soup\""))
        #expect(!line.contains("${"))
        #expect(!rig.app.isRunning)
    }

    @Test func anAmbiguousPhraseAsksWhichWasMeant() async throws {
        let rig = try Rig([.pick(1)])
        let outcome = await rig.perform(.utterance("open the pea"))
        #expect(rig.user.prompts.count == 1)
        guard case .chooseInterpretation(_, let options)? = rig.user.prompts.first else {
            Issue.record("expected a choice of interpretations, got \(rig.user.prompts)")
            return
        }
        #expect(options == ["open the … (OpenSafeIntent)", "open the … (OrderSoupIntent)"])
        #expect(outcome.status == .success)
        #expect(rig.handler.calls == ["openSafe"])
        #expect(rig.recorder.take() == Rig.launch.dropLast() + ["app handlerFor OpenSafeIntent"])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func anUtteranceForAnIntentTheAppDoesNotDefineIsRefused() async throws {
        let rig = try Rig()
        let outcome = await rig.perform(.utterance("bake a cake"))
        #expect(outcome.status == .refused)
        #expect(outcome.dialog == ["Sorry, I don't know how to do that."])
        #expect(!rig.app.isRunning)
        #expect(rig.recorder.take() == [])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }
}

@MainActor
struct InterpretationCancelTests {
    @Test func theUserCanCancelWhenAskedWhichPhraseWasMeant() async throws {
        let rig = try Rig([.cancel])
        let outcome = await rig.perform(.utterance("open the pea"))
        #expect(outcome.status == .cancelled)
        #expect(outcome.lastLine == "OK, cancelled.")
        #expect(!rig.app.isRunning)
        #expect(rig.recorder.take() == [])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }
}
