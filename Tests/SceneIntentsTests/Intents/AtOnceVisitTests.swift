import SceneIntents
import SceneIntentsTesting
import Synchronization
import Testing

/// A tally: one single-value and one multi-value parameter. Its schema's closures do not await,
/// so its handler answers at once.
struct TallyIntent: Intent {
    static let typeName = "TallyIntent"
    var count: Int?
    var tags: [String]?

    static let schema = IntentSchema<TallyIntent>(
        handler: (any TallyHandling).self,
        parameters: [
            .value("count", \.count, resolve: { (handler: any TallyHandling, intent) in try handler.resolveCount(intent.count) }),
            .values("tags", \.tags, resolve: { (handler: any TallyHandling, intent) in handler.resolveTags(intent.tags) }),
        ],
        confirm: { handler, intent in handler.confirm(intent.count) },
        handle: { handler, intent in try handler.handle(intent.count) })
}

/// The same tally, its schema's closures awaiting first: its handler is awaited.
struct AwaitedTallyIntent: Intent {
    static let typeName = "AwaitedTallyIntent"
    var count: Int?
    var tags: [String]?

    static let schema = IntentSchema<AwaitedTallyIntent>(
        handler: (any TallyHandling).self,
        parameters: [
            .value("count", \.count, resolve: { (handler: any TallyHandling, intent) in
                await handler.pause()
                return try handler.resolveCount(intent.count)
            }),
            .values("tags", \.tags, resolve: { (handler: any TallyHandling, intent) in
                await handler.pause()
                return handler.resolveTags(intent.tags)
            }),
        ],
        confirm: { handler, intent in
            await handler.pause()
            return handler.confirm(intent.count)
        },
        handle: { handler, intent in
            await handler.pause()
            return try handler.handle(intent.count)
        })
}

/// A tally whose resolutions answer at once and whose handle awaits.
struct MixedTallyIntent: Intent {
    static let typeName = "MixedTallyIntent"
    var count: Int?

    static let schema = IntentSchema<MixedTallyIntent>(
        handler: (any TallyHandling).self,
        parameters: [
            .value("count", \.count, resolve: { (handler: any TallyHandling, intent) in try handler.resolveCount(intent.count) })
        ],
        handle: { handler, intent in
            await handler.pause()
            return try handler.handle(intent.count)
        })
}

struct TallyError: Error, CustomStringConvertible {
    var description: String { "the tally jammed" }
}

@MainActor
protocol TallyHandling: AnyObject {
    func resolveCount(_ count: Int?) throws -> ResolutionResult<Int>
    func resolveTags(_ tags: [String]?) -> [ResolutionResult<String>]
    func confirm(_ count: Int?) -> IntentResponse
    func handle(_ count: Int?) throws -> IntentResponse
    func pause() async
}

/// Needs a count (a negative one throws); 13 is confirmed as a failure, 7 handled as `ready`
/// (which handle may not answer); tags are accepted as they are.
@MainActor
final class Tally: TallyHandling {
    func resolveCount(_ count: Int?) throws -> ResolutionResult<Int> {
        guard let count else { return .needsValue }
        if count < 0 { throw TallyError() }
        return .success(with: count)
    }
    func resolveTags(_ tags: [String]?) -> [ResolutionResult<String>] { (tags ?? []).map { .success(with: $0) } }
    func confirm(_ count: Int?) -> IntentResponse { count == 13 ? .failure : .ready }
    func handle(_ count: Int?) throws -> IntentResponse {
        if count == 99 { throw TallyError() }
        return count == 7 ? .ready : .success
    }
    func pause() async { await Task.yield() }
}

@MainActor
final class TallyDelegate: ApplicationDelegate {
    let tally = Tally()
    func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? { tally }
}

@MainActor
final class TallyScene: SceneDelegate {}

@MainActor
struct AtOnceVisitTests {
    let host: IntentHost
    let sent = Outbox()
    let endpoint: AppEndpoint

    init() throws {
        let names = [TallyIntent.typeName, AwaitedTallyIntent.typeName, MixedTallyIntent.typeName]
        let application = Application(
            manifest: AppManifest(
                supportsMultipleScenes: true,
                sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "TallyScene")]],
                intentsSupported: names, userActivityTypes: names),
            sceneDelegates: ["Default": { TallyScene() }], delegate: { TallyDelegate() })
        host = IntentHost(
            application: application, catalog: try IntentCatalog([TallyIntent.self, AwaitedTallyIntent.self, MixedTallyIntent.self]))
        let sent = sent
        endpoint = AppEndpoint(host: host) { sent.append($0) }
    }

    /// The same request of either tally.
    static func calls(count: Int?, tags: [String]?, phase: PhaseCall.Phase, request: UInt64) -> (PhaseCall, PhaseCall) {
        var atOnce = TallyIntent()
        (atOnce.count, atOnce.tags) = (count, tags)
        var awaited = AwaitedTallyIntent()
        (awaited.count, awaited.tags) = (count, tags)
        return (
            PhaseCall(request: request, intent: AnyIntent(atOnce), phase: phase),
            PhaseCall(request: request + 1_000, intent: AnyIntent(awaited), phase: phase)
        )
    }

    /// An answer with the tally's own type: each intent it carries read as a `TallyIntent`.
    static func normalized(_ answer: PhaseAnswer) -> String {
        "\(answer)".replacingOccurrences(of: "AwaitedTallyIntent", with: "TallyIntent")
    }

    /// What an answer is, in a few words.
    static func kind(_ answer: PhaseAnswer) -> String {
        switch answer {
        case .progressed(_, let steps): "steps \(steps.count)"
        case .refused(let error): "refused \(error.code.rawValue)"
        case .resolved(let results): "resolved \(results.count)"
        case .response(let response): "response \(response.code)"
        default: "\(answer)"
        }
    }

    @Test(arguments: [
        (Optional(2), Optional(["a", "b"]), PhaseCall.Phase.proceed(parameters: ["count", "tags"]), "steps 4"),
        (nil, ["a"], .proceed(parameters: ["count", "tags"]), "steps 1"),
        (13, nil, .proceed(parameters: ["count"]), "steps 2"),
        (7, nil, .proceed(parameters: ["count"]), "refused invalidResponseCode"),
        (99, nil, .proceed(parameters: ["count"]), "refused handlerThrew"),
        (-1, nil, .proceed(parameters: ["count"]), "refused handlerThrew"),
        (3, nil, .resolve(parameter: "count"), "resolved 1"),
        (3, nil, .resolve(parameter: "missing"), "refused unknownParameter"),
        (3, nil, .confirm, "response ready"),
        (13, nil, .confirm, "response failure"),
        (3, nil, .handle, "response success"),
        (7, nil, .handle, "refused invalidResponseCode"),
    ])
    func aHandlerThatAnswersAtOnceAnswersAsTheAwaitedOneDoes(
        count: Int?, tags: [String]?, phase: PhaseCall.Phase, kind: String
    ) async {
        let (atOnce, awaited) = Self.calls(count: count, tags: tags, phase: phase, request: 1)
        let awaitedAnswer = await host.answer(awaited)
        let atOnceAnswer = await host.answer(atOnce)
        #expect(Self.kind(atOnceAnswer) == kind)
        #expect(Self.normalized(atOnceAnswer) == Self.normalized(awaitedAnswer))
        // Whatever the visit ended on, a finish lets go of both requests.
        #expect(await host.answer(PhaseCall(request: 1, intent: atOnce.intent, phase: .finish)) == .finished)
        #expect(await host.answer(PhaseCall(request: 1_001, intent: awaited.intent, phase: .finish)) == .finished)
        #expect(leftInFlight(host: host) == [])
    }

    @Test func anAtOnceVisitIsAnsweredBeforeServeReturnsWithNoTask() async {
        let (atOnce, awaited) = Self.calls(count: 2, tags: ["a"], phase: .proceed(parameters: ["count", "tags"]), request: 1)
        let steps: [PhaseStep] = [
            PhaseStep(phase: .resolve(parameter: "count"), answer: .resolved([ParameterResolution(ResolutionResult.success(with: 2))])),
            PhaseStep(phase: .resolve(parameter: "tags"), answer: .resolved([ParameterResolution(ResolutionResult.success(with: "a"))])),
            PhaseStep(phase: .confirm, answer: .response(.ready)),
            PhaseStep(phase: .handle, answer: .response(.success)),
        ]
        #expect(endpoint.serve(1, atOnce) == nil, "no task for a handler that answers at once")
        // What the app said on the way, then the answer with every step in it: one message back.
        let launch: [AppMessage] = [
            .lifecycle(.application(.willFinishLaunching, detail: "intent")),
            .lifecycle(.application(.didFinishLaunching, detail: "intent")),
            .report(AppReport(.launchedForIntent, "TallyIntent")),
            // The call is not traced: its handler lookup is not reported (`PhaseCall.isTraced`).
        ]
        #expect(sent.messages == launch + [.answer(id: 1, answer: .progressed(intent: atOnce.intent, steps: steps))])
        #expect(endpoint.callsInFlight == 0)
        // A handler that awaits goes on as a task; its steps (held until the visit suspended)
        // and its answer are sent under its number when the task ends.
        let task = endpoint.serve(2, awaited)
        #expect(task != nil, "a task for a handler that awaits")
        #expect(endpoint.callsInFlight == 1)
        await task?.value
        // Its four steps (its handler lookup untold, the call not traced): each sent as the
        // visit suspended, the rest in the answer.
        let after = Array(sent.messages.dropFirst(launch.count + 1))
        var heard: [PhaseStep] = []
        for message in after {
            switch message {
            case .step(2, let step): heard.append(step)
            case .answer(2, .progressed(_, let rest)): heard += rest
            default: Issue.record("unexpected \(message)")
            }
        }
        #expect(heard.map(\.phase) == steps.map(\.phase))
        #expect(after.last.map { if case .answer(2, _) = $0 { true } else { false } } == true)
        #expect(endpoint.callsInFlight == 0)
        #expect(leftInFlight(host: host) == [])
    }

    @Test func eachCallIsAnsweredAtOnceOrAsATaskAsItsOwnHandlerCallsDo() async {
        var intent = MixedTallyIntent()
        intent.count = 4
        let resolve = PhaseCall(request: 1, intent: AnyIntent(intent), phase: .resolve(parameter: "count"))
        let handle = PhaseCall(request: 1, intent: AnyIntent(intent), phase: .handle)
        // The same schema: its resolve does not suspend, its handle does.
        #expect(endpoint.serve(1, resolve) == nil, "no task for a call whose handler call does not suspend")
        let task = endpoint.serve(2, handle)
        #expect(task != nil, "a task for a call whose handler call suspends")
        #expect(endpoint.callsInFlight == 1)
        await task?.value
        #expect(Array(sent.messages.suffix(2)) == [
            .answer(id: 1, answer: .resolved([ParameterResolution(ResolutionResult.success(with: 4))])),
            .answer(id: 2, answer: .response(.success)),
        ])
        #expect(endpoint.callsInFlight == 0)
        #expect(leftInFlight(host: host) == [])
    }

    @Test func aVisitThatSuspendsGoesOnAsATaskFromWhereItSuspended() async {
        var intent = MixedTallyIntent()
        intent.count = 4
        let call = PhaseCall(request: 1, intent: AnyIntent(intent), phase: .proceed(parameters: ["count"]))
        guard let task = endpoint.serve(1, call) else {
            Issue.record("expected a task: the handle awaits")
            return
        }
        await task.value
        // The steps before the suspension went out on their own; the answer carries the rest.
        #expect(
            sent.messages == [
                .lifecycle(.application(.willFinishLaunching, detail: "intent")),
                .lifecycle(.application(.didFinishLaunching, detail: "intent")),
                .report(AppReport(.launchedForIntent, "MixedTallyIntent")),
                .step(
                    id: 1,
                    step: PhaseStep(
                        phase: .resolve(parameter: "count"), answer: .resolved([ParameterResolution(ResolutionResult.success(with: 4))]))),
                .step(id: 1, step: PhaseStep(phase: .confirm, answer: .response(.ready))),
                .answer(id: 1, answer: .progressed(intent: call.intent, steps: [PhaseStep(phase: .handle, answer: .response(.success))])),
            ])
        #expect(leftInFlight(host: host) == [])
    }

    @Test func aCallReadFromTheSystemIsAnsweredAsItIsReadWhenItNeedsNoSuspension() async {
        let (atOnce, _) = Self.calls(count: 5, tags: nil, phase: .proceed(parameters: ["count"]), request: 1)
        var heard: [Int] = []
        endpoint.onCallsChanged = { heard.append($0) }
        #expect(endpoint.receive(.call(id: 9, call: atOnce)))
        #expect(endpoint.callsInFlight == 0)
        // The idle timer of an extension hears the count after each call, as after a task's end.
        #expect(heard == [0])
        guard case .answer(9, .progressed(_, let steps))? = sent.messages.last else {
            Issue.record("no answer to call 9: \(sent.messages)")
            return
        }
        #expect(steps.map(\.phase) == [.resolve(parameter: "count"), .confirm, .handle])
        #expect(leftInFlight(host: host) == [])
    }
}

/// The messages an endpoint sent, in order.
final class Outbox: Sendable {
    private let sent = Mutex<[AppMessage]>([])
    func append(_ message: AppMessage) { sent.withLock { $0.append(message) } }
    var messages: [AppMessage] { sent.withLock { $0 } }
}
