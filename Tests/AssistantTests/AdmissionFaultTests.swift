import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// The admission rule where words come in: an utterance, and a reply to a question.
@MainActor
struct AdmissionFaultTests {
    static let tooLong = String(repeating: "pea ", count: 500)
    static let sentence = "That's too long for me: I take at most 1,000 characters at a time, and that was 2,000."

    @Test func aReplyOverTheLimitIsRefusedWithTheSentenceAndTheQuestionAskedAgain() async throws {
        let rig = try Rig([.text(Self.tooLong), .text("pea")])
        let outcome = await rig.order()
        #expect(outcome.status == .success)
        #expect(rig.user.prompts == [
            .value(parameter: "soup", question: "Which soup?"), .value(parameter: "soup", question: "Which soup?"),
        ])
        #expect(outcome.dialog == ["Which soup?", Self.sentence, "Which soup?", "1 Pea coming up."])
        #expect(rig.handler.calls.prefix(3) == ["resolveSoup", "provideSoupOptions(pea)", "resolveSoup"])
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func anUtteranceAtTheLimitIsReadAndOneCharacterMoreIsRefusedBeforeAnyAppIsReached() async throws {
        let rig = try Rig()
        let atLimit = String(repeating: "x", count: Admission.characterLimit)
        #expect(Admission.refusal(of: atLimit) == nil)
        #expect(Admission.refusal(of: atLimit + "é") != nil)
        let refused = await rig.assistant.perform(.utterance(atLimit + "é"))
        #expect(refused.status == .refused)
        #expect(refused.dialog == ["That's too long for me: I take at most 1,000 characters at a time, and that was 1,001."])
        #expect(rig.handler.calls == [])
        #expect(rig.recorder.take() == [])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }
}
