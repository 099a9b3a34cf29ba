import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

@MainActor
struct GoldenTraceTests {
    /// One whole exchange: an utterance, a launch for the intent, a paged disambiguation, a
    /// handler that takes 1.5 s on the clock, and a continuation in a new scene.
    func exchange() async throws -> Trace {
        let rig = try Rig([.more, .pick(5)])
        let clock = rig.clock
        let entered = Signal()
        rig.handler.soup = { intent in
            intent.soup.map { .success(with: $0) } ?? .disambiguation(with: Soup.menu)
        }
        rig.handler.handling = { _ in
            entered.raise()
            try await clock.sleep(for: .milliseconds(1_500))
            return .continueInApp
        }
        let assistant = rig.assistant
        let task = Task { await assistant.perform(.utterance("order soup")) }
        await entered.wait()
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(1_500))
        _ = await task.value
        #expect(rig.recorder.take() == Rig.launch + [
            "app configurationForConnecting session-1", "session-1 willConnectTo", "Screen-session-1 viewDidLoad",
            "Screen-session-1 viewWillAppear", "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive",
            "Screen-session-1 viewDidAppear",
        ])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
        return rig.assistant.trace
    }

    @Test func twoRunsGiveTheSameTraceByteForByte() async throws {
        let first = try await exchange()
        let second = try await exchange()
        #expect(first.text() == second.text())
        #expect(first.jsonLines() == second.jsonLines())
    }

    @Test func theTraceMatchesTheGoldenText() async throws {
        let trace = try await exchange()
        #expect(trace.text() == Self.golden)
    }

    @Test func jsonLinesAreOneSortedObjectPerEvent() async throws {
        let trace = try await exchange()
        let lines = trace.jsonLines().split(separator: "\n")
        #expect(lines.count == trace.events.count)
        #expect(lines.first == #"{"at":"0.000","detail":"\"order soup\"","kind":"request"}"#)
        #expect(lines.last == #"{"at":"1.500","detail":"continuedInApp","kind":"outcome"}"#)
    }

    static let golden = """
           0.000s  request      "order soup"
           0.000s  interpret    OrderSoupIntent via "order soup"
           0.000s  route        OrderSoupIntent → Kitchen
           0.000s  call         proceed(soup, quantity, toppings) budget 10s per step, first until 10s
           0.000s  lifecycle    app willFinishLaunching intent
           0.000s  lifecycle    app didFinishLaunching intent
           0.000s  report       launchedForIntent: OrderSoupIntent
           0.000s  lifecycle    app handlerFor OrderSoupIntent
           0.000s  result       resolve(soup) → disambiguation(Tomato, Lentil, Clam Chowder, Pea, French Onion, Miso, Pho)
           0.000s  call         provideOptions(soup, "") budget 10s until 10s
           0.000s  result       provideOptions(soup, "") → options(7)
           0.000s  prompt       Which soup would you like? | 1. Tomato (vegan) | 2. Lentil (spicy) | 3. Clam Chowder (creamy) | Say "more" for more.
           0.000s  answer       more
           0.000s  prompt       Which soup would you like? | 4. Pea (fresh) | 5. French Onion (cheesy) | 6. Miso (light) | Say "more" for more.
           0.000s  answer       5
           0.000s  call         resolve(soup) budget 10s until 10s
           0.000s  result       resolve(soup) → success(French Onion)
           0.000s  call         proceed(quantity, toppings) budget 10s per step, first until 10s
           0.000s  result       resolve(quantity) → notRequired
           0.000s  result       resolve(toppings) → notRequired
           0.000s  result       confirm → response(ready)
           1.500s  result       handle → response(continueInApp, activity OrderSoupIntent)
           1.500s  say          Opening Kitchen.
           1.500s  lifecycle    app configurationForConnecting session-1
           1.500s  lifecycle    session-1 willConnectTo
           1.500s  lifecycle    Screen-session-1 viewDidLoad
           1.500s  lifecycle    Screen-session-1 viewWillAppear
           1.500s  lifecycle    session-1 sceneWillEnterForeground
           1.500s  lifecycle    session-1 sceneDidBecomeActive
           1.500s  lifecycle    Screen-session-1 viewDidAppear
           1.500s  continuation OrderSoupIntent continued in session-1
           1.500s  outcome      continuedInApp

        """
}
