import Assistant
import SceneIntents
import Synchronization
import TestFixtures
import Testing

/// The system's link puts the intent of the call it sent where a host's `proceed` answer left it
/// out (`AnyIntent.asCalled`: the visit changed nothing), so no caller ever sees the stand-in;
/// an answer that carries an intent keeps its own.
struct AppLinkAsCalledTests {
    @Test func anAnswerThatLeftTheIntentAsCalledReachesItsCallerWithTheCallsIntent() throws {
        let sent = Mutex<[SystemMessage]>([])
        let link = AppLink(transmit: { message in sent.withLock { $0.append(message) }; return true }, observe: { _ in })
        let replies = Mutex<[UInt64: PhaseAnswer]>([:])
        let called = AnyIntent(OrderSoupIntent(soup: Soup("pho", "Pho")))
        let changed = AnyIntent(OrderSoupIntent(soup: Soup("pho", "Pho (large)")))
        let steps = [PhaseStep(phase: .handle, answer: .response(.success))]
        for id in [UInt64(1), 2] {
            link.call(
                id, PhaseCall(request: id, intent: called, phase: .proceed(parameters: [])), progress: { _ in },
                reply: { answer in replies.withLock { $0[id] = answer } })
        }
        try link.deliver(.answer(id: 1, answer: .progressed(intent: .asCalled, steps: steps)))
        try link.deliver(.answer(id: 2, answer: .progressed(intent: changed, steps: steps)))
        let heard = replies.withLock { $0 }
        #expect(heard == [1: .progressed(intent: called, steps: steps), 2: .progressed(intent: changed, steps: steps)])
        if case .progressed(let intent, _)? = heard[1] { #expect(intent.isSame(as: called), "the very value the caller sent") }
        #expect(sent.withLock { $0.count } == 2)
        #expect(link.failure == nil)
    }
}
