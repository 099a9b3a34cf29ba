import Foundation
import SceneIntents
import SceneIntentsWire
import TestFixtures
import Testing

/// A `progressed` answer whose intent is the very value its call was read with (the visit left
/// it as called) travels without it; the system's side reads `AnyIntent.asCalled` there, which
/// the link that sent the call replaces with the call's intent. Any other intent travels whole.
struct AsCalledIntentTests {
    let system: MessageCodec
    let host: MessageCodec

    init() throws {
        system = MessageCodec(catalog: try Kitchen.catalog())
        host = MessageCodec(catalog: try Kitchen.catalog())
    }

    static let intent = AnyIntent(OrderSoupIntent(soup: Soup("pho", "Pho"), quantity: 2))
    static let steps = [PhaseStep(phase: .confirm, answer: .response(.ready)), PhaseStep(phase: .handle, answer: .response(.success))]
    static let stepsJSON =
        #"[{"answer":{"response":{"_0":{"code":1,"values":{}}}},"phase":{"confirm":{}}},{"answer":{"response":{"_0":{"code":4,"values":{}}}},"phase":{"handle":{}}}]"#

    /// The call as the host reads it from the system's bytes.
    func hostReads(_ id: UInt64, intent: AnyIntent = intent) throws -> PhaseCall {
        let bytes = try system.encode(SystemMessage.call(id: id, call: PhaseCall(request: 1, intent: intent, phase: .proceed(parameters: []))))
        guard case .call(id, let call) = try host.decode(SystemMessage.self, from: bytes) else {
            Issue.record("not call \(id)")
            return PhaseCall(request: 0, intent: intent, phase: .finish)
        }
        return call
    }

    func text(_ message: AppMessage) throws -> String {
        String(decoding: try host.encode(message), as: UTF8.self)
    }

    @Test func theCallsOwnIntentIsLeftOutAndTheSenderPutsItsOwnBack() throws {
        let call = try hostReads(5)
        let answer = PhaseAnswer.progressed(intent: call.intent, steps: Self.steps)
        let bytes = try host.encode(AppMessage.answer(id: 5, answer: answer))
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"answer":{"answer":{"progressed":{"steps":"# + Self.stepsJSON + #"}},"id":5}}"#)
        guard case .answer(5, let read) = try system.decode(AppMessage.self, from: bytes), case .progressed(let intent, let steps) = read else {
            Issue.record("not answer 5")
            return
        }
        #expect(intent.isAsCalled)
        #expect(steps == Self.steps)
        #expect(read.takingCalled(Self.intent) == .progressed(intent: Self.intent, steps: Self.steps))
        #expect(PhaseAnswer.finished.takingCalled(Self.intent) == .finished, "only a progressed answer takes the call's intent")
    }

    @Test func anEqualIntentMadeAnewAChangedOneOrAnotherCallsTravelWhole() throws {
        let equal = AnyIntent(OrderSoupIntent(soup: Soup("pho", "Pho"), quantity: 2))
        let changed = AnyIntent(OrderSoupIntent(soup: Soup("pho", "Pho (large)"), quantity: 2))
        let other = try hostReads(6)
        _ = try hostReads(7)
        _ = try hostReads(8)
        for (id, intent) in [(UInt64(7), equal), (8, changed), (9, other.intent)] {
            let answer = AppMessage.answer(id: id, answer: .progressed(intent: intent, steps: Self.steps))
            #expect(try text(answer).contains(#""progressed":{"intent":{"#), "answer \(id)")
            #expect(try system.decode(AppMessage.self, from: try host.encode(answer)) == answer)
        }
    }

    @Test func aCallIsForgottenOnceAnswered() throws {
        let call = try hostReads(10)
        #expect(try text(.answer(id: 10, answer: .finished)) == #"{"answer":{"answer":{"finished":{}},"id":10}}"#)
        let late = AppMessage.answer(id: 10, answer: .progressed(intent: call.intent, steps: []))
        #expect(try text(late).contains(#""intent":"#), "a second answer to the call carries the intent")
        let neverRead = MessageCodec(catalog: try Kitchen.catalog())
        #expect(String(decoding: try neverRead.encode(AppMessage.answer(id: 11, answer: .progressed(intent: call.intent, steps: []))), as: UTF8.self)
            .contains(#""intent":"#), "a codec that did not read the call writes the intent")
    }
}
