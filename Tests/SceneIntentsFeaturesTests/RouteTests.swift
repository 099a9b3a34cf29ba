import SceneIntents
import SceneIntentsFeatures
import Testing

@Suite("URL routes")
@MainActor
struct RouteTests {
    @Test("good URLs perform their action with the input they name", arguments: [
        ("test://ping?count=3", "count: 3"), ("test://ping", "no count"), ("TEST://ping/?count=1", "count: 1"),
    ])
    func good(url: String, input: String) async throws {
        let (dispatcher, _) = makeDispatcher()
        try dispatcher.register(PingAction()) { Board() }
        let entry = try await dispatcher.open(url)
        #expect(entry.input == input)
        #expect(entry.entryPoint == .url(url))
        #expect(entry.outcome.isCompleted)
    }

    @Test("malformed URLs get a typed error naming the problem, and nothing is performed", arguments: [
        ("not a url at all", DispatchErrorCode.malformedURL, "not a url at all"),
        ("other://ping", .unknownScheme, "other"),
        ("test://pong", .unknownRoute, "pong"),
        ("test://ping?count=zero", .invalidValue, "zero"),
        ("test://ping?count=1&loud=yes", .unexpectedParameter, "loud"),
        ("test://ping?count=1&count=2", .duplicateParameter, "count"),
    ])
    func malformed(url: String, code: DispatchErrorCode, value: String) async throws {
        let (dispatcher, outbox) = makeDispatcher()
        try dispatcher.register(PingAction()) { Board() }
        let error = await #expect(throws: DispatchError.self) { try await dispatcher.open(url) }
        #expect(error?.code == code)
        #expect(error?.value == value)
        #expect(dispatcher.timeline.entries.isEmpty)
        #expect(outbox.messages.isEmpty)
    }

    @Test("a route's URL parses back to the same input; required and enum parameters are checked")
    func roundTrip() throws {
        let route = try #require(PingAction.route)
        #expect(route.url(scheme: "test", for: PingInput(count: 5)) == "test://ping?count=5")
        #expect(try route.input(from: [.init(name: "count", value: "5")]) == PingInput(count: 5))
        let needs = ActionRoute<String>(path: "say", parse: { query throws(DispatchError) in try query.required("words") }, format: { [("words", $0)] })
        #expect(throws: DispatchError(.missingParameter, value: "words", "the route 'say' needs the parameter 'words'")) {
            try needs.input(from: [])
        }
        #expect(ActionRoute.plain("laugh").url(scheme: "test", for: .noInput) == "test://laugh")
    }
}
