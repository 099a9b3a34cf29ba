import Foundation
import SceneIntents
import SceneIntentsWire
import TestFixtures
import Testing

/// Every message of the protocol survives encoding, and the bytes are the documented ones.
struct MessageTests {
    let codec: MessageCodec

    init() throws {
        codec = MessageCodec(catalog: try Kitchen.catalog())
    }

    func roundTrip<M: Codable & Equatable & Sendable>(_ message: M) throws -> M {
        try codec.decode(M.self, from: codec.encode(message))
    }

    static let soup = AnyIntent(OrderSoupIntent(soup: Soup("pho", "Pho"), quantity: 2), targetSceneIdentifier: "session-1")

    static let systemMessages: [SystemMessage] = [
        .accept(protocolVersion: MessageProtocol.version),
        .call(id: 1, call: PhaseCall(request: 7, intent: soup, phase: .proceed(parameters: ["soup", "quantity"]))),
        .call(id: 2, call: PhaseCall(request: 7, intent: soup, phase: .finish)),
        // The answers to the request's choices so far travel with every later call.
        .call(id: 3, call: PhaseCall(request: 8, intent: soup, phase: .proceed(parameters: []), choices: ["Bowl\nCup": 1, "Hot\nCold": 0])),
        // A call the system traces says so (`"traced":true`); any other leaves the key out.
        .call(id: 12, call: PhaseCall(request: 9, intent: soup, phase: .handle, isTraced: true)),
        .cancel(id: 1),
        .continueActivity(id: 3, activity: UserActivity(activityType: "OrderSoupIntent")),
        .event(id: 4, event: .open), .event(id: 5, event: .newWindow), .event(id: 6, event: .home),
        .event(id: 7, event: .close(session: "session-2")), .event(id: 8, event: .lock(isLocked: true)),
        .event(id: 9, event: .overlay(isShown: false)), .event(id: 10, event: .quit),
        .event(id: 11, event: .command("tap 2")),
    ]

    static let appMessages: [AppMessage] = [
        .hello(
            AppHello(
                token: "t0k3n", processIdentifier: 4242, kind: .app, appName: "Kitchen",
                intentsSupported: ["OrderSoupIntent"], intentsRestrictedWhileLocked: [],
                userActivityTypes: ["OrderSoupIntent"])),
        .step(id: 1, step: PhaseStep(phase: .resolve(parameter: "soup"), answer: .resolved([ParameterResolution(ResolutionResult.success(with: Soup("pho", "Pho")))]))),
        .answer(id: 1, answer: .response(IntentResponse(code: .success))),
        .answer(id: 2, answer: .refused(IntentHostError(.notHandled, intent: "OrderSoupIntent"))),
        .answer(id: 3, answer: .asks(IntentQuestion(.choice(options: ["Bowl", "Cup"]), prompt: "Which one?"))),
        .continued(id: 3, result: .continued(session: "session-1", reply: "Step 2. Stir.")),
        .continued(id: 3, result: .failed(reason: "the activity was invalidated")),
        .eventDone(id: 4, refusal: nil, output: nil), .eventDone(id: 5, refusal: "the app is not running", output: nil),
        .eventDone(id: 6, refusal: nil, output: "1 Banana Pancakes"),
        .lifecycle(.scene("session-1", .sceneDidBecomeActive)),
        .report(AppReport(.launchedForIntent, "OrderSoupIntent")),
    ]

    @Test func everySystemMessageRoundTrips() throws {
        for message in Self.systemMessages {
            #expect(try roundTrip(message) == message)
        }
    }

    @Test func everyAppMessageRoundTrips() throws {
        for message in Self.appMessages {
            #expect(try roundTrip(message) == message)
        }
    }

    @Test func theBytesAreTheDocumentedJSON() throws {
        let cancel = String(decoding: try codec.encode(SystemMessage.cancel(id: 1)), as: UTF8.self)
        #expect(cancel == #"{"cancel":{"id":1}}"#)
        let call = String(
            decoding: try codec.encode(SystemMessage.call(id: 2, call: PhaseCall(request: 7, intent: Self.soup, phase: .handle))),
            as: UTF8.self)
        #expect(
            call == #"{"call":{"call":{"intent":{"parameters":{"quantity":[{"type":"Int","value":2}],"soup":[{"display":{"identifier":"pho","title":"Pho"},"type":"Soup","value":{"detail":"","identifier":"pho","name":"Pho"}}]},"targetSceneIdentifier":"session-1","type":"OrderSoupIntent"},"phase":{"handle":{}},"request":7},"id":2}}"#)
        let done = String(decoding: try codec.encode(AppMessage.eventDone(id: 4, refusal: "no", output: nil)), as: UTF8.self)
        #expect(done == #"{"eventDone":{"id":4,"refusal":"no"}}"#)
    }

    @Test func bytesThatAreNoMessageNameTheProblem() throws {
        #expect(throws: ProtocolError.self) { try codec.decode(SystemMessage.self, from: Data("garbage".utf8)) }
        do {
            _ = try codec.decode(SystemMessage.self, from: Data(#"{"call":{"id":1}}"#.utf8))
            Issue.record("a call without its call decoded")
        } catch {
            #expect(error.code == .undecodable)
            #expect(error.detail == "no 'call' at .call")
        }
        do {
            _ = try codec.decode(
                SystemMessage.self,
                from: Data(#"{"call":{"id":1,"call":{"request":1,"phase":{"handle":{}},"intent":{"type":"Nope","intent":{}}}}}"#.utf8))
            Issue.record("an unknown intent type decoded")
        } catch {
            #expect(error.code == .undecodable)
            #expect(error.detail.contains("unknown intent type 'Nope'"))
        }
    }
}
