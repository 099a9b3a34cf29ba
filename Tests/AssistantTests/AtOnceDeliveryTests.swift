import Assistant
import SceneIntents
import SceneIntentsTesting
import Testing

/// A stamp: one parameter, and a handle that takes as long on the test's clock as its handler
/// is told to. Its closures do not await, so its handler answers at once.
struct StampIntent: Intent {
    static let typeName = "StampIntent"
    var count: Int?

    static let schema = IntentSchema<StampIntent>(
        handler: StampHandler.self,
        parameters: [
            .value("count", \.count, resolve: { (handler: StampHandler, intent) in handler.resolve(intent.count) })
        ],
        handle: { handler, intent in handler.handle(intent.count) })
}

/// Stamps; its handle moves the test's clock on by `handleTakes` first, as a handler that
/// holds the main thread that long would.
@MainActor
final class StampHandler {
    let clock: ManualClock
    var handleTakes: Duration = .zero
    var calls: [String] = []

    init(clock: ManualClock) { self.clock = clock }

    func resolve(_ count: Int?) -> ResolutionResult<Int> {
        calls.append("resolve \(count.map(String.init) ?? "nil")")
        return count.map { .success(with: $0) } ?? .needsValue
    }

    func handle(_ count: Int?) -> IntentResponse {
        calls.append("handle \(count.map(String.init) ?? "nil")")
        clock.advance(by: handleTakes)
        return .success
    }
}

@MainActor
final class StampDelegate: ApplicationDelegate {
    let handler: StampHandler
    init(handler: StampHandler) { self.handler = handler }
    func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? { handler }
}

@MainActor
final class StampScene: SceneDelegate {}

/// A request whose handler answers at once is answered in the assistant's job (no task, no
/// timer), and is budgeted as any other: a step heard at or past its deadline is a timeout,
/// named after that step, and the answer is late.
@MainActor
struct AtOnceDeliveryTests {
    let clock = ManualClock()
    let handler: StampHandler
    let host: IntentHost
    let connection: InProcessConnection
    let assistant: Assistant
    let recorder: LifecycleRecorder

    init() throws {
        let handler = StampHandler(clock: clock)
        self.handler = handler
        let application = Application(
            manifest: AppManifest(
                sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "StampScene")]],
                intentsSupported: [StampIntent.typeName], userActivityTypes: [StampIntent.typeName]),
            sceneDelegates: ["Default": { StampScene() }], delegate: { StampDelegate(handler: handler) })
        recorder = LifecycleRecorder(application)
        host = IntentHost(application: application, catalog: try IntentCatalog([StampIntent.self]))
        connection = InProcessConnection(host: host, appName: "Stamps")
        assistant = Assistant(connection: connection, user: ScriptedUser(), device: Device(), clock: .sleeping(on: clock))
    }

    var traceLines: [String] { assistant.trace.events.map { "\($0.kind.rawValue): \($0.detail)" } }

    let launch = ["app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor StampIntent"]

    /// The trace of a first request up to its handler's answer: the call, then the app's launch.
    let coldStart = [
        "request: StampIntent", "route: StampIntent → Stamps",
        "call: proceed(count) budget 10s per step, first until 10s",
        "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
        "report: launchedForIntent: StampIntent", "lifecycle: app handlerFor StampIntent",
    ]

    func perform(count: Int) async -> AssistantOutcome {
        await assistant.perform(.intent(StampIntent(count: count)))
    }

    @Test func aHandleInTimeIsAnsweredWithEveryStepHeardAtOnce() async throws {
        handler.handleTakes = .milliseconds(9_999)
        let outcome = await perform(count: 3)
        #expect(outcome.status == .success)
        #expect(handler.calls == ["resolve 3", "handle 3"])
        #expect(traceLines == coldStart + [
            "result: resolve(count) → success(3)", "result: confirm → response(ready)",
            "result: handle → response(success)",
            "say: Done.", "outcome: success",
        ])
        // Every step was heard when the visit returned, 9.999 s in: one instant.
        let steps = assistant.trace.events.filter { $0.kind == .result }.map(\.at)
        #expect(steps == Array(repeating: Duration.milliseconds(9_999), count: 3))
        #expect(connection.mainActorRoundTrips == 1)
        #expect(clock.sleeperCount == 0, "no timer was armed")
        #expect(recorder.take() == launch)
        #expect(leftInFlight(host: host, recorder: recorder) == [])
    }

    @Test func aHandleThatTakesTheWholeBudgetTimesOutAndItsAnswerIsLate() async throws {
        handler.handleTakes = .seconds(10)
        let outcome = await perform(count: 3)
        #expect(outcome.status == .timedOut)
        #expect(outcome.response == nil)
        #expect(handler.calls == ["resolve 3", "handle 3"])
        // Every step was heard at 10 s, the first deadline: the first of them was already late,
        // as it would be over a socket from a host that held the steps until its answer.
        #expect(traceLines == coldStart + [
            "late: resolve(count) answered after its budget: success(3) (dropped)",
            "timeout: resolve(count) exceeded 10s",
            "say: Sorry, Stamps didn't respond in time: the count step took longer than 10 seconds.",
            "outcome: timedOut",
        ])
        #expect(clock.sleeperCount == 0, "no timer was armed")
        // The app stays usable: the next request, in time, succeeds.
        handler.handleTakes = .zero
        let next = await perform(count: 4)
        #expect(next.status == .success)
        #expect(handler.calls == ["resolve 3", "handle 3", "resolve 4", "handle 4"])
        #expect(recorder.take() == launch + ["app handlerFor StampIntent"])
        #expect(leftInFlight(host: host, recorder: recorder) == [])
    }

    @Test func theTraceCountsAndReadsEachStepAsAnEventFromAnyIndex() async throws {
        let outcome = await perform(count: 5)
        #expect(outcome.status == .success)
        let trace = assistant.trace
        let lines = traceLines
        #expect(trace.count == 12)
        #expect(lines.count == 12)
        // From inside the three steps (recorded together), from each end, and past the end.
        let steps = try #require(lines.firstIndex(of: "result: resolve(count) → success(5)"))
        #expect(trace.events(from: steps + 1).map { "\($0.kind.rawValue): \($0.detail)" } == [
            "result: confirm → response(ready)", "result: handle → response(success)", "say: Done.", "outcome: success",
        ])
        for start in [0, steps, steps + 2, lines.count - 1, lines.count, lines.count + 3] {
            #expect(trace.events(from: start).map { "\($0.kind.rawValue): \($0.detail)" } == Array(lines.dropFirst(start)))
        }
        #expect(trace.text(from: steps + 2) == "\(trace.events(from: steps + 2).map(\.description).joined(separator: "\n"))\n")
        trace.clear()
        #expect(trace.count == 0 && trace.events.isEmpty)
        #expect(recorder.take() == launch)
        #expect(leftInFlight(host: host, recorder: recorder) == [])
    }
}
