import SceneIntents
import SceneIntentsTesting
import Synchronization
import TestFixtures
import Testing

/// The app's end of the protocol, driven by messages alone.
@MainActor
struct AppEndpointTests {
    let handler = ScriptedSoupHandler()
    let app: Application
    let host: IntentHost
    let outbox: AsyncStream<AppMessage>
    let endpoint: AppEndpoint

    init() throws {
        let handler = handler
        app = Kitchen.application(fallback: { _ in handler })
        host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let (outbox, sink) = AsyncStream.makeStream(of: AppMessage.self)
        self.outbox = outbox
        endpoint = AppEndpoint(host: host) { sink.yield($0) }
    }

    /// The messages sent until (and including) the one `last` accepts.
    func messages(until last: (AppMessage) -> Bool) async -> [AppMessage] {
        var seen: [AppMessage] = []
        for await message in outbox {
            seen.append(message)
            if last(message) { break }
        }
        return seen
    }

    /// The three steps of an order, as the host reports them.
    static let orderSteps: [PhaseStep] = [
        PhaseStep(phase: .resolve(parameter: "soup"), answer: .resolved([ParameterResolution(ResolutionResult.success(with: Soup("pho", "Pho")))])),
        PhaseStep(phase: .confirm, answer: .response(.ready)),
        PhaseStep(phase: .handle, answer: .response(IntentResponse(code: ResponseCode(rawValue: 100), values: ["quantity": "2", "soup": "Pho"]))),
    ]

    /// The handler lookup is told to the system only for a call it traces; the app's own
    /// lifecycle observers hear every lookup.
    @Test func aHandlerLookupIsReportedOnlyForATracedCall() async throws {
        let app = Kitchen.application(fallback: { _ in ImmediateSoupHandler() })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let sent = Mutex<[AppMessage]>([])
        let endpoint = AppEndpoint(host: host) { message in sent.withLock { $0.append(message) } }
        var heard: [LifecycleEvent] = []
        _ = app.observe { heard.append($0) }
        let intent = AnyIntent(OrderSoupIntent(soup: Soup("pho", "Pho"), quantity: 2))
        #expect(endpoint.serve(1, PhaseCall(request: 1, intent: intent, phase: .handle)) == nil)
        #expect(endpoint.serve(2, PhaseCall(request: 2, intent: intent, phase: .handle, isTraced: true)) == nil)
        let lookup = LifecycleEvent.application(.handlerFor, detail: "OrderSoupIntent")
        let handled = IntentResponse(code: ResponseCode(rawValue: 100), values: ["quantity": "2", "soup": "Pho"])
        #expect(
            sent.withLock { $0 } == [
                .lifecycle(.application(.willFinishLaunching, detail: "intent")),
                .lifecycle(.application(.didFinishLaunching, detail: "intent")),
                .report(AppReport(.launchedForIntent, "OrderSoupIntent")),
                .answer(id: 1, answer: .response(handled)),
                .lifecycle(lookup),
                .answer(id: 2, answer: .response(handled)),
            ])
        #expect(
            heard == [
                .application(.willFinishLaunching, detail: "intent"), .application(.didFinishLaunching, detail: "intent"), lookup, lookup,
            ])
        #expect(endpoint.callsInFlight == 0)
    }

    @Test func aVisitThatNeverSuspendsSendsItsStepsInTheAnswerAlone() async throws {
        let app = Kitchen.application(fallback: { _ in ImmediateSoupHandler() })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let (outbox, sink) = AsyncStream.makeStream(of: AppMessage.self)
        let endpoint = AppEndpoint(host: host) { sink.yield($0) }
        let intent = AnyIntent(OrderSoupIntent(soup: Soup("pho", "Pho"), quantity: 2))
        let call = PhaseCall(request: 1, intent: intent, phase: .proceed(parameters: ["soup"]), isTraced: true)
        #expect(endpoint.receive(.call(id: 1, call: call)))
        var sent: [AppMessage] = []
        for await message in outbox {
            sent.append(message)
            if case .answer = message { break }
        }
        #expect(
            sent == [
                .lifecycle(.application(.willFinishLaunching, detail: "intent")),
                .lifecycle(.application(.didFinishLaunching, detail: "intent")),
                .report(AppReport(.launchedForIntent, "OrderSoupIntent")),
                .lifecycle(.application(.handlerFor, detail: "OrderSoupIntent")),
                .answer(id: 1, answer: .progressed(intent: intent, steps: Self.orderSteps)),
            ])
        // The flush the first step scheduled finds nothing left: no step follows the answer.
        await MainActor.run {}
        sink.finish()
        var after: [AppMessage] = []
        for await message in outbox { after.append(message) }
        #expect(after == [])
        #expect(endpoint.callsInFlight == 0)
        #expect(leftInFlight(host: host) == [])
    }

    @Test func stepsBeforeASuspensionGoOutOnTheirOwnBeforeTheAnswer() async throws {
        let gate = Gate()
        handler.confirmation = { _ in
            await gate.wait()
            return .ready
        }
        let intent = AnyIntent(OrderSoupIntent(soup: Soup("pho", "Pho"), quantity: 2))
        #expect(endpoint.receive(.call(id: 1, call: PhaseCall(request: 1, intent: intent, phase: .proceed(parameters: ["soup"])))))
        // While confirm waits, the system has already heard that resolve completed.
        let beforeOpening = await messages { if case .step = $0 { true } else { false } }
        #expect(beforeOpening.last == .step(id: 1, step: Self.orderSteps[0]))
        #expect(gate.isWaiting)
        gate.open()
        let rest = await messages { if case .answer = $0 { true } else { false } }
        // Every step is told exactly once, in order: on its own or in the answer.
        var told: [PhaseStep] = [Self.orderSteps[0]]
        for message in rest {
            switch message {
            case .step(1, let step): told.append(step)
            case .answer(1, .progressed(let answered, let steps)):
                #expect(answered == intent)
                told += steps
            default: Issue.record("unexpected \(message)")
            }
        }
        #expect(told == Self.orderSteps)
        #expect(handler.calls == ["resolveSoup", "confirm", "handle"])
        #expect(endpoint.callsInFlight == 0)
        #expect(leftInFlight(host: host) == [])
    }

    @Test func systemEventsMoveTheAppAndEachIsAnswered() async throws {
        #expect(endpoint.receive(.event(id: 1, event: .open)))
        #expect(endpoint.receive(.event(id: 2, event: .lock(isLocked: true))))
        #expect(endpoint.receive(.event(id: 3, event: .close(session: "session-9"))))
        #expect(endpoint.receive(.event(id: 5, event: .command("scenes"))))
        endpoint.onCommand = { text in
            guard text == "scenes" else { throw HookError() }
            return self.app.connectedScenes.map(\.session.persistentIdentifier).joined(separator: ", ")
        }
        var quitTold = 0
        endpoint.onQuit = { quitTold += 1 }
        #expect(endpoint.receive(.event(id: 6, event: .command("scenes"))))
        #expect(endpoint.receive(.event(id: 7, event: .command("tap 99"))))
        // Behind the commands (which may suspend), quit waits its turn and is told through onQuit.
        #expect(endpoint.receive(.event(id: 4, event: .quit)))
        let sent = await messages { if case .eventDone(4, _, _) = $0 { true } else { false } }
        #expect(quitTold == 1)
        let answers = sent.compactMap { message -> String? in
            guard case .eventDone(let id, let refusal, let output) = message else { return nil }
            return "\(id): \(refusal ?? output ?? "done")"
        }
        #expect(
            answers == [
                "1: done", "2: done", "3: there is no session session-9", "5: this app takes no commands", "6: session-1",
                "7: no such command", "4: done",
            ])
        #expect(app.device.isLocked)
        #expect(!app.isRunning)
        #expect(sent.contains(.lifecycle(.application(.willTerminate, detail: nil))))
    }

    @Test func anEventAfterACommandThatSuspendedWaitsForIt() async throws {
        let gate = HandlerGate()
        endpoint.onCommand = { text in
            await gate.pass()
            return "\(text): saved while locked = \(self.app.device.isLocked)"
        }
        #expect(endpoint.receive(.event(id: 1, event: .command("save"))))
        #expect(endpoint.receive(.event(id: 2, event: .lock(isLocked: true))))
        await gate.started()
        #expect(!app.device.isLocked, "the lock waits for the command before it")
        gate.release()
        let sent = await messages { if case .eventDone(2, _, _) = $0 { true } else { false } }
        #expect(sent.compactMap { if case .eventDone(let id, nil, let output) = $0 { "\(id): \(output ?? "done")" } else { nil } } == [
            "1: save: saved while locked = false", "2: done",
        ])
        #expect(app.device.isLocked)
        #expect(gate.waiting == 0)
    }

    @Test func continuingAnActivityNamesTheSceneThatContinuedIt() async throws {
        try app.launch(.user)
        #expect(endpoint.receive(.continueActivity(id: 5, activity: UserActivity(activityType: "OrderSoupIntent"))))
        let sent = await messages { if case .continued = $0 { true } else { false } }
        #expect(sent.last == .continued(id: 5, result: .continued(session: "session-1", reply: nil)))
    }
}

struct HookError: Error, CustomStringConvertible {
    var description: String { "no such command" }
}

/// A soup handler that never suspends: each phase answers on the main actor at once.
@MainActor
final class ImmediateSoupHandler: OrderSoupIntentHandling {
    func resolveSoup(for intent: OrderSoupIntent) async throws -> ResolutionResult<Soup> { .accepting(intent.soup) }
    func provideSoupOptions(for intent: OrderSoupIntent, searchTerm: String?) async throws -> ObjectCollection<Soup> {
        ObjectCollection(items: Soup.menu)
    }
    func resolveQuantity(for intent: OrderSoupIntent) async throws -> ResolutionResult<Int> { .notRequired }
    func resolveToppings(for intent: OrderSoupIntent) async throws -> [ResolutionResult<String>] { [.notRequired] }
    func confirm(intent: OrderSoupIntent) async throws -> IntentResponse { .ready }
    func handle(intent: OrderSoupIntent) async throws -> IntentResponse {
        IntentResponse(code: ResponseCode(rawValue: 100), values: ["quantity": String(intent.quantity ?? 1), "soup": intent.soup?.name ?? "?"])
    }
}
