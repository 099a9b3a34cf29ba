import Foundation
import SceneIntents
import SceneIntentsWire
import TestFixtures
import Testing

/// The codec reads each message straight from its bytes: every kind of message reads back as the
/// value written, whatever the order of its keys, the whitespace, the escapes or the members it
/// does not know; and every kind of bad input is an `.undecodable` error that says what is wrong
/// and where (`MessageReaderErrorTests`).
struct MessageReaderTests {
    let codec: MessageCodec

    init() throws {
        codec = MessageCodec(catalog: try Kitchen.catalog())
    }

    /// A value as the codec writes it, to put inside a hand-written message.
    func json(_ value: some Encodable & Sendable) throws -> String {
        String(decoding: try codec.encode(value), as: UTF8.self)
    }

    func read<M: Decodable>(_ text: String, as type: M.Type) throws -> M {
        try codec.decode(type, from: Data(text.utf8))
    }

    /// `bytes` with whitespace of every kind around each brace, bracket, colon and comma that is
    /// not inside a string.
    static func spaced(_ bytes: Data) -> Data {
        var result: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                result.append(byte)
            } else if Array("{}[]:,".utf8).contains(byte) {
                result += Array(" \n".utf8) + [byte] + Array("\t\r ".utf8)
            } else {
                inString = byte == UInt8(ascii: "\"")
                result.append(byte)
            }
        }
        return Data(result)
    }

    @Test func everyMessageReadsBackWithWhitespaceAroundItsTokens() throws {
        for message in MessageCodecTests.systemMessages {
            let bytes = Self.spaced(try codec.encode(message))
            #expect(bytes.contains(UInt8(ascii: "\t")))
            #expect(try codec.decode(SystemMessage.self, from: bytes) == message)
        }
        for message in MessageCodecTests.appMessages {
            #expect(try codec.decode(AppMessage.self, from: Self.spaced(try codec.encode(message))) == message)
        }
    }

    static let soup = Soup("pho", "Pho")

    /// An intent written with its keys the other way round, an unknown member and a null.
    func intent() throws -> (json: String, value: AnyIntent) {
        var value = AnyIntent(OrderSoupIntent(soup: Self.soup, quantity: 2, toppings: ["lime"]))
        value.unreadWords = ["size": "large"]
        let json = #"{"unreadWords":{"size":"large"},"type":"OrderSoupIntent","targetSceneIdentifier":null,"#
            + #""note":[1,{"a":null},"b"],"parameters":{"toppings":[{"value":"lime","type":"String"}],"#
            + #""soup":[{"value":\#(try json(Self.soup)),"extra":null,"type":"Soup","display":{"title":"Pho","identifier":"pho"}}],"#
            + #""quantity":[{"type":"Int","value":2}]}}"#
        return (json, value)
    }

    @Test func everyKindOfSystemMessageReadsFromHandWrittenBytes() throws {
        let (intent, intentValue) = try intent()
        let activity = UserActivity(activityType: "OrderSoupIntent")
        let cases: [(String, SystemMessage)] = [
            (#"{"accept":{"protocolVersion":3}}"#, .accept(protocolVersion: 3)),
            (
                #"{"call":{"call":{"phase":{"provideOptions":{"searchTerm":null,"parameter":"soup","page":{"limit":10,"offset":20}}},"#
                    + #""request":7,"intent":\#(intent)},"id":18446744073709551615}}"#,
                .call(
                    id: .max,
                    call: PhaseCall(
                        request: 7, intent: intentValue,
                        phase: .provideOptions(parameter: "soup", searchTerm: nil, page: OptionsPage(offset: 20, limit: 10))))
            ),
            (#"{"cancel":{"extra":[1,{"a":null},"x",true,-2.5e3],"id":1}}"#, .cancel(id: 1)),
            (#"{"can\u0063el":{"\u0069d":2}}"#, .cancel(id: 2)),
            (#"{"continueActivity":{"activity":\#(try json(activity)),"id":3}}"#, .continueActivity(id: 3, activity: activity)),
            (#"{"event":{"event":\#(try json(SystemEvent.close(session: "s"))),"id":7}}"#, .event(id: 7, event: .close(session: "s"))),
        ]
        for (text, message) in cases {
            #expect(try read(text, as: SystemMessage.self) == message, "\(text)")
        }
    }

    @Test func everyKindOfAppMessageReadsFromHandWrittenBytes() throws {
        let (intent, intentValue) = try intent()
        let hello = AppHello(
            token: "t", processIdentifier: 1, kind: .app, appName: "Kitchen", intentsSupported: ["OrderSoupIntent"],
            intentsRestrictedWhileLocked: [], userActivityTypes: [])
        let value = try json(AnyParameterValue(Self.soup))
        let refusal = IntentHostError(.notHandled, intent: "OrderSoupIntent")
        let diagnostic = ManifestDiagnostic(code: ManifestDiagnostic.Code.allCases[0], key: "k", value: "v")
        let cases: [(String, AppMessage)] = [
            (#"{"hello":{"_0":\#(try json(hello))}}"#, .hello(hello)),
            (
                #"{"step":{"step":{"phase":{"resolve":{"parameter":"soup"}},"answer":{"resolved":{"_0":["#
                    + #"{"value":\#(value),"kind":"success"},{"reason":"soldOut","kind":"unsupported"},{"values":[],"kind":"disambiguation"}]}}},"id":1}}"#,
                .step(
                    id: 1,
                    step: PhaseStep(
                        phase: .resolve(parameter: "soup"),
                        answer: .resolved([.success(AnyParameterValue(Self.soup)), .unsupported(reason: "soldOut"), .disambiguation([])])))
            ),
            (
                #"{"answer":{"answer":{"response":{"_0":{"values":{"b":"2","a":"1 \\ \u00e9"},"userActivity":null,"dialog":"No.","code":5}}},"id":9}}"#,
                .answer(id: 9, answer: .response(IntentResponse(code: .failure, values: ["a": "1 \\ é", "b": "2"], dialog: "No.")))
            ),
            (
                #"{"answer":{"id":2,"answer":{"progressed":{"steps":[{"answer":{"finished":{}},"phase":{"finish":{}}}],"intent":\#(intent)}}}}"#,
                .answer(id: 2, answer: .progressed(intent: intentValue, steps: [PhaseStep(phase: .finish, answer: .finished)]))
            ),
            (#"{"answer":{"answer":{"refused":{"_0":\#(try json(refusal))}},"id":2}}"#, .answer(id: 2, answer: .refused(refusal))),
            (
                #"{"continued":{"result":\#(try json(ContinuationResult.failed(reason: "gone"))),"id":3}}"#,
                .continued(id: 3, result: .failed(reason: "gone"))
            ),
            (#"{"eventDone":{"refusal":null,"output":"out","id":6}}"#, .eventDone(id: 6, refusal: nil, output: "out")),
            (
                #"{"lifecycle":{"_0":{"application":{"detail":"for an intent","_0":"didFinishLaunching"}}}}"#,
                .lifecycle(.application(.didFinishLaunching, detail: "for an intent"))
            ),
            (#"{"lifecycle":{"_0":{"scene":{"_1":"sceneDidBecomeActive","_0":"s"}}}}"#, .lifecycle(.scene("s", .sceneDidBecomeActive))),
            (#"{"lifecycle":{"_0":{"view":{"_1":"viewDidAppear","_0":"Menu"}}}}"#, .lifecycle(.view("Menu", .viewDidAppear))),
            (#"{"lifecycle":{"_0":{"diagnostic":{"_0":\#(try json(diagnostic))}}}}"#, .lifecycle(.diagnostic(diagnostic))),
            (#"{"report":{"_0":{"kind":"launchedForIntent","detail":"OrderSoupIntent"}}}"#, .report(AppReport(.launchedForIntent, "OrderSoupIntent"))),
            (#"{"shortcuts":{"_0":\#(try json(ShortcutsMessage.performed("x")))}}"#, .shortcuts(.performed("x"))),
        ]
        for (text, message) in cases {
            #expect(try read(text, as: AppMessage.self) == message, "\(text)")
        }
    }
}
