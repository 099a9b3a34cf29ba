import Foundation
import SceneIntents
import SceneIntentsWire
import TestFixtures
import Testing

/// The codec's own JSON coders write exactly what `JSONEncoder` (sorted keys) writes for every
/// message, read back every message they write, and read `JSONEncoder`'s bytes too.
struct MessageCodecTests {
    let codec: MessageCodec
    let foundationEncoder: JSONEncoder
    let foundationDecoder: JSONDecoder

    init() throws {
        let catalog = try Kitchen.catalog()
        codec = MessageCodec(catalog: catalog)
        foundationEncoder = JSONEncoder()
        foundationEncoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        foundationEncoder.dateEncodingStrategy = .millisecondsSince1970
        foundationDecoder = catalog.makeDecoder()
        foundationDecoder.dateDecodingStrategy = .millisecondsSince1970
    }

    static let soup = Soup("pho", "Pho")
    static let intent = AnyIntent(OrderSoupIntent(soup: soup, quantity: 2, toppings: ["lime", "basil"]))

    static var activity: UserActivity {
        var content = UserActivity.Content(activityType: "OrderSoupIntent")
        content.title = "Soup \"of\" the day\n"
        content.userInfo = ["count": 2, "names": .array(["a", "b"]), "when": .date(Date(timeIntervalSince1970: 1.5)), "blob": .data(Data([1, 2, 3]))]
        content.interaction = Interaction(
            intent: intent, response: .continueInApp, identifier: "i-1", groupIdentifier: "orders",
            handlingStatus: .deferredToApplication, date: Date(timeIntervalSince1970: 1000))
        return UserActivity(content: content)
    }

    static let phases: [PhaseCall.Phase] = [
        .resolve(parameter: "soup"), .provideOptions(parameter: "soup", searchTerm: nil, page: .all),
        .provideOptions(parameter: "soup", searchTerm: "ph", page: OptionsPage(offset: 20, limit: 10)), .confirm, .handle, .finish,
        .proceed(parameters: ["soup", "quantity"]), .proceed(parameters: []),
    ]

    static let resolutions: [ParameterResolution] = [
        .success(AnyParameterValue(soup)), .disambiguation([AnyParameterValue(soup), AnyParameterValue(Soup("pea", "Pea"))]),
        .disambiguation([]), .confirmationRequired(AnyParameterValue(soup)), .needsValue, .notRequired,
        .unsupported(reason: nil), .unsupported(reason: "soldOut"),
    ]

    static let answers: [PhaseAnswer] =
        resolutions.map { .resolved([$0]) } + [
            .resolved([]),
            .options(ObjectCollection(items: [AnyParameterValue(soup)], nextOffset: 1)),
            .response(IntentResponse(code: .success)),
            .response(IntentResponse(code: .failure, values: ["b": "2", "a": "1 \\ é"], userActivity: activity, dialog: "No.")),
            .finished, .refused(IntentHostError(.notHandled, intent: "OrderSoupIntent")),
            .progressed(intent: intent, steps: phases.map { PhaseStep(phase: $0, answer: .response(.ready)) }),
            .progressed(intent: intent, steps: []),
            .working(IntentProgress(completed: 3, total: 10)), .working(IntentProgress(completed: 0, total: 0)),
        ]

    static let systemMessages: [SystemMessage] =
        MessageTests.systemMessages + phases.map { .call(id: UInt64.max, call: PhaseCall(request: 1, intent: intent, phase: $0)) } + [
            .continueActivity(id: 3, activity: activity),
            .restore(SessionRestoration()), .restore(SessionRestoration(sessions: [record], discarded: [record])),
        ]

    /// A session record with every field set.
    static let record = SessionRecord(
        persistentIdentifier: "session-4", configuration: SceneConfiguration(name: "Default", delegateClassName: "Delegate"),
        userInfo: ["step": 2, "when": .date(Date(timeIntervalSince1970: 1000)), "list": .array([.boolean(true), .real(0.5)])],
        stateRestorationActivity: restoring, activationState: .background, lastActivation: 7)

    /// A restoration activity with required keys (a set, written in its own order), nested
    /// values and every optional field.
    static var restoring: UserActivity {
        var content = activity.content
        content.requiredUserInfoKeys = ["recipe", "step", "screen"]
        content.userInfo["place"] = .dictionary(["recipe": "pho", "step": 3, "sizes": .array([.real(1.25), .boolean(false)])])
        content.persistentIdentifier = "p-1"
        content.suggestedInvocationPhrase = "Soup time"
        content.targetContentIdentifier = "soup/pho"
        (content.isEligibleForSearch, content.isEligibleForHandoff, content.isEligibleForPrediction) = (true, false, true)
        return UserActivity(content: content)
    }

    static let appMessages: [AppMessage] =
        MessageTests.appMessages + answers.map { .answer(id: 9, answer: $0) } + answers.map { .step(id: 1, step: PhaseStep(phase: .confirm, answer: $0)) } + [
            .eventDone(id: 6, refusal: "no", output: "out"),
            .lifecycle(.application(.didFinishLaunching, detail: nil)), .lifecycle(.application(.didFinishLaunching, detail: "for an intent")),
            .lifecycle(.view("Menu", .viewDidAppear)),
            .lifecycle(.diagnostic(ManifestDiagnostic(code: ManifestDiagnostic.Code.allCases[0], key: "k", value: "v"))),
            .shortcuts(.deleteDonations(.group("insults.pirate"))), .shortcuts(.deleteDonations(.all)),
            .shortcuts(.setSuggestions([ShortcutSuggestion(.intent(intent), suggestedPhrase: "Order soup")])),
            .shortcuts(.performed("#1 OrderSoup from ui")),
            .sessions([.saved(record), .discarded(["session-1", "session-2"])]), .sessions([]),
        ]

    func expectSameAsFoundation<M: Codable & Equatable & Sendable>(_ message: M) throws {
        let ours = try codec.encode(message)
        let theirs = try foundationEncoder.encode(message)
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
        #expect(try codec.decode(M.self, from: ours) == message)
        #expect(try codec.decode(M.self, from: theirs) == message)
        #expect(try foundationDecoder.decode(M.self, from: ours) == message)
    }

    @Test func everySystemMessageIsWrittenAsFoundationWritesItAndReadBack() throws {
        for message in Self.systemMessages { try expectSameAsFoundation(message) }
    }

    @Test func everyAppMessageIsWrittenAsFoundationWritesItAndReadBack() throws {
        for message in Self.appMessages { try expectSameAsFoundation(message) }
    }

    /// Whatever else goes through the codec (through `Codable`): every scalar, Foundation's own
    /// types, escapes, optionals, nesting, keys that need sorting.
    struct Everything: Codable, Equatable, Sendable {
        var zebra = "a\"\\/\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F}é😀\u{2028}"
        var Apple = true
        var integers: [Int64] = [.min, -1, 0, .max]
        var unsigned: [UInt64] = [0, .max]
        var small: [Int8] = [-128, 127]
        var doubles: [Double] = [0, -0.5, 2, 1e-05, 1e300, 1_764_558_000.125, .pi]
        var float: Float = 0.1
        var date = Date(timeIntervalSince1970: 1_764_558_000.125)
        var url = URL(string: "https://example.com/a?b=c")
        var data = Data([0, 1, 2, 255])
        var missing: String?
        var present: String? = "here"
        var nested: [[String: [Int]]] = [["b": [1], "a": [], "ä": [2]], [:]]
        var keyedByInt: [Int: String] = [10: "ten", 9: "nine"]
        var empty: [String] = []
    }

    @Test func anyCodableValueIsWrittenAsFoundationWritesItAndReadBack() throws {
        try expectSameAsFoundation(Everything())
    }

    @Test func anIntegerMemberIsWrittenAsItsDecimalDigits() {
        var writer = JSONWriter()
        writer.beginArray()
        for value in [Int64.min, -10, -1, 0, 9, 10, 1_764_558_000_125, .max] {
            writer.element()
            writer.number(value)
        }
        for value in [UInt64.max, 1 << 63] {
            writer.element()
            writer.number(value)
        }
        writer.endArray()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == "[-9223372036854775808,-10,-1,0,9,10,1764558000125,9223372036854775807,18446744073709551615,9223372036854775808]")
    }

    @Test func aNumberThatIsNotFiniteCannotBeEncoded() throws {
        let error = #expect(throws: ProtocolError.self) { try codec.encode([Double.nan]) }
        #expect(error?.detail.contains("not a finite number") == true)
    }

    func detail<M: Decodable>(_ text: String, as type: M.Type = SystemMessage.self) -> String? {
        do {
            _ = try codec.decode(type, from: Data(text.utf8))
            return nil
        } catch {
            #expect(error.code == .undecodable)
            return error.detail
        }
    }

    @Test func eachKindOfBadMessageIsNamedWithWhereItIs() throws {
        let cases: [(String, String)] = [
            ("", "0 bytes that are not a message: not valid JSON: unexpected end where a value should start at byte 0"),
            ("{\"cancel\":{\"id\":1}", "18 bytes that are not a message: not valid JSON: unexpected end in an object at byte 18"),
            ("{\"cancel\":{\"id\":1}} x", "21 bytes that are not a message: not valid JSON: unexpected 'x' after the document at byte 20"),
            ("{\"cancel\":{\"id\":01}}", "20 bytes that are not a message: not valid JSON: unexpected '1' in an object at byte 17"),
            ("[tru]", "5 bytes that are not a message: not valid JSON: unknown literal (not true) at byte 1"),
            ("\"\\q\"", "4 bytes that are not a message: not valid JSON: unexpected 'q' after a backslash at byte 2"),
            ("\"\\ud800\"", "8 bytes that are not a message: not valid JSON: unexpected '\"' after a lone surrogate at byte 7"),
            ("\"\u{1}\"", "3 bytes that are not a message: not valid JSON: unexpected byte 1 (a control character must be escaped in a string) at byte 1"),
            ("{\"call\":{\"id\":1}}", "no 'call' at .call"),
            ("{\"cancel\":{\"id\":-1}}", "20 bytes that are not a message at .cancel.id: the number -1 is not representable as UInt64"),
            ("{\"cancel\":{\"id\":99999999999999999999}}", "38 bytes that are not a message at .cancel.id: the number 99999999999999999999 is not representable as UInt64"),
            ("{\"cancel\":{\"id\":\"1\"}}", "expected UInt64, found a string at .cancel.id"),
            ("{\"cancel\":{\"id\":null}}", "expected UInt64, found null at .cancel.id"),
            ("{\"cancel\":{},\"accept\":{}}", "25 bytes that are not a message: 2 keys where one naming a case of SystemMessage belongs"),
            ("{\"shout\":{}}", "12 bytes that are not a message at .shout: 'shout' is not a case of SystemMessage"),
            ("[]", "expected SystemMessage, found an array"),
            (
                #"{"call":{"id":1,"call":{"request":1,"phase":{"proceed":{"parameters":["a",2]}},"intent":{"type":"OrderSoupIntent","intent":{}}}}}"#,
                "expected String, found a number at .call.call.phase.proceed.parameters[1]"
            ),
            (
                #"{"call":{"id":1,"call":{"request":1,"phase":{"handle":{}},"intent":{"type":"OrderSoupIntent","parameters":{"quantity":[{"type":"Int","value":"x"}]}}}}}"#,
                "expected Int, found a string at .call.call.intent.parameters.quantity[0].value"
            ),
            (
                #"{"call":{"id":1,"call":{"request":1,"phase":{"handle":{}},"intent":{"type":"Nope","intent":{}}}}}"#,
                "97 bytes that are not a message at .call.call.intent.type: unknown intent type 'Nope': the app's catalog does not list it"
            ),
            (
                #"{"call":{"id":1,"call":{"request":1,"phase":{"handle":{}},"intent":{"type":"OrderSoupIntent","parameters":{"quantity":[{"type":"Int","value":2}],"spice":[{"type":"Int","value":3}]}}}}}"#,
                "184 bytes that are not a message at .call.call.intent.parameters: OrderSoupIntent has no parameter 'spice' taking 1 value(s) of type Int"
            ),
        ]
        for (text, expected) in cases { #expect(detail(text) == expected, "\(text)") }
        #expect(
            detail(#"{"answer":{"id":1,"answer":{"resolved":{"_0":[{"kind":"maybe"}]}}}}"#, as: AppMessage.self)
                == "67 bytes that are not a message at .answer.answer.resolved._0[0].kind: 'maybe' is not a kind of ParameterResolution")
        #expect(
            detail(#"{"lifecycle":{"_0":{"scene":{"_0":"s","_1":"sceneDidDance"}}}}"#, as: AppMessage.self)
                == "62 bytes that are not a message at .lifecycle._0.scene._1: 'sceneDidDance' is not a SceneCallback")
    }

    @Test func invalidUTF8AndDeepNestingAreErrorsNotCrashes() throws {
        let invalid = Data([0x22, 0xC3, 0x28, 0x22])
        #expect(throws: ProtocolError.self) { try codec.decode(String.self, from: invalid) }
        let deep = Data(String(repeating: "[", count: 100_000).utf8)
        let error = #expect(throws: ProtocolError.self) { try codec.decode([String].self, from: deep) }
        #expect(error?.detail == "100000 bytes that are not a message: not valid JSON: nesting deeper than 128 levels at byte 128")
        #expect(try codec.decode([[String]].self, from: Data(#"[["\u00e9\ud83d\ude00\n"]]"#.utf8)) == [["é😀\n"]])
    }
}
