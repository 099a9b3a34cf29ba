import SceneIntents
import SceneIntentsTesting
import Synchronization
import TestFixtures
import Testing

/// The host's side of "nothing after the end" and of the allowed response codes.
@MainActor
struct HostContractTests {
    let soup = OrderSoupIntent(soup: Soup("tomato", "Tomato"))

    func call(_ host: IntentHost, _ phase: PhaseCall.Phase, request: UInt64 = 1) async -> PhaseAnswer {
        await host.answer(PhaseCall(request: request, intent: AnyIntent(soup), phase: phase))
    }

    @Test func aCallForARequestThatHasFinishedIsRefused() async throws {
        let handler = ScriptedSoupHandler()
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        _ = await call(host, .handle, request: 5)
        #expect(await call(host, .confirm, request: 5) == .refused(IntentHostError(.requestFinished, intent: "OrderSoupIntent", detail: "5")))
        #expect(await call(host, .resolve(parameter: "soup"), request: 5).refusalLine == "request 5 of OrderSoupIntent has finished")
        #expect(await call(host, .finish, request: 5) == .finished, "finish may always be said again")
        _ = await call(host, .finish, request: 6)
        #expect(await call(host, .handle, request: 6) == .refused(IntentHostError(.requestFinished, intent: "OrderSoupIntent", detail: "6")))
        #expect(handler.calls == ["handle"])
        #expect(leftInFlight(host: host) == [])
    }

    @Test func theHostRemembersThe1024MostRecentFinishedRequestsAndForgetsTheOldest() async throws {
        let handler = ScriptedSoupHandler()
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        for request in UInt64(1)...1025 { #expect(await call(host, .finish, request: request) == .finished) }
        #expect(await call(host, .handle, request: 2) == .refused(IntentHostError(.requestFinished, intent: "OrderSoupIntent", detail: "2")))
        #expect(await call(host, .handle, request: 1025) == .refused(IntentHostError(.requestFinished, intent: "OrderSoupIntent", detail: "1025")))
        #expect(handler.calls == [])
        // The oldest was forgotten when the 1,025th finished: the memory stays bounded.
        let answer = await call(host, .handle, request: 1)
        guard case .response(let response) = answer else { Issue.record("request 1 answered \(answer)"); return }
        #expect(response.code == ResponseCode(rawValue: 100))
        #expect(handler.calls == ["handle"])
        #expect(host.requestsInFlight == 0)
        #expect(leftInFlight(host: host) == [])
    }

    @Test func aCallWhoseTaskIsCancelledNeitherLaunchesTheAppNorReachesTheHandler() async throws {
        let handler = ScriptedSoupHandler()
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let soup = soup
        let answer = await Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            return await host.answer(PhaseCall(request: 1, intent: AnyIntent(soup), phase: .handle))
        }.value
        #expect(answer == .refused(IntentHostError(.cancelled, intent: "OrderSoupIntent")))
        #expect(!app.isRunning)
        #expect(handler.calls.isEmpty)
        #expect(leftInFlight(host: host) == [])
    }

    @Test func aProceedVisitStopsBetweenStepsOnceItsTaskIsCancelled() async throws {
        let handler = ScriptedSoupHandler()
        let entered = Signal()
        let release = Signal()
        handler.soup = { intent in
            entered.raise()
            await release.wait()
            return .accepting(intent.soup)
        }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let steps = StepLog()
        let soup = soup
        let task = Task { @MainActor in
            await host.answer(
                PhaseCall(request: 1, intent: AnyIntent(soup), phase: .proceed(parameters: ["soup", "quantity", "toppings"])),
                progress: { steps.append($0) })
        }
        await entered.wait()
        task.cancel()
        release.raise()
        #expect(await task.value == .refused(IntentHostError(.cancelled, intent: "OrderSoupIntent")))
        #expect(handler.calls == ["resolveSoup"], "no later step reached the handler")
        #expect(steps.all == [PhaseStep(
            phase: .resolve(parameter: "soup"),
            answer: .resolved([ParameterResolution.success(AnyParameterValue(Soup("tomato", "Tomato")))]))])
        _ = await call(host, .finish)
        #expect(leftInFlight(host: host) == [])
    }

    @Test func aCompletionCalledAfterCancellationIsReportedAsLateNotAsASecondAnswer() async throws {
        let handler = ScriptedSoupHandler()
        let held = Mutex<IntentCompletion<IntentResponse>?>(nil)
        let entered = Signal()
        handler.handling = { _ in
            try await withIntentCompletion { completion in
                held.withLock { $0 = completion }
                entered.raise()
            }
        }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let reports = ReportLog()
        host.onReport = { reports.append($0) }
        let soup = soup
        let task = Task { @MainActor in await host.answer(PhaseCall(request: 1, intent: AnyIntent(soup), phase: .handle)) }
        await entered.wait()
        task.cancel()
        #expect(await task.value == .refused(IntentHostError(.cancelled, intent: "OrderSoupIntent")))
        held.withLock { $0 }?(.success)
        #expect(reports.all == [
            AppReport(.launchedForIntent, "OrderSoupIntent"), AppReport(.lateAnswerIgnored, "OrderSoupIntent handle"),
        ])
        #expect(leftInFlight(host: host) == [])
    }

    @Test func confirmMayOpenTheAppWithAnActivityCarryingTheInteraction() async throws {
        let handler = ScriptedSoupHandler()
        handler.confirmation = { _ in IntentResponse(code: .failureRequiringAppLaunch) }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await call(host, .confirm, request: 3)
        guard case .response(let response) = answer, let activity = response.userActivity else {
            Issue.record("expected a response with an activity, got \(answer)")
            return
        }
        #expect(response.code == .failureRequiringAppLaunch)
        #expect(activity.activityType == "OrderSoupIntent")
        #expect(activity.interaction?.identifier == "interaction-3")
        #expect(activity.interaction?.intentResponse?.code == .failureRequiringAppLaunch)
        #expect(leftInFlight(host: host) == [], "a confirmation other than ready ends the request")
    }
}

@MainActor
struct ProceedTests {
    func proceed(_ host: IntentHost, _ intent: OrderSoupIntent, log: ReportLog? = nil) async -> PhaseAnswer {
        let steps = StepLog()
        let answer = await host.answer(
            PhaseCall(request: 1, intent: AnyIntent(intent), phase: .proceed(parameters: ["soup", "quantity", "toppings"])),
            progress: { steps.append($0) })
        if case .progressed(_, let reported) = answer { #expect(reported == steps.all, "every step is reported as it completes") }
        return answer
    }

    /// The steps of a `progressed` answer; nil for any other answer.
    static func steps(of answer: PhaseAnswer) -> [PhaseStep]? {
        guard case .progressed(_, let steps) = answer else { return nil }
        return steps
    }

    @Test func withNothingForTheUserItResolvesConfirmsAndHandlesInOneCall() async throws {
        let handler = ScriptedSoupHandler()
        handler.soup = { intent in .success(with: Soup("tomato", "Tomato (large)")) }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await proceed(host, OrderSoupIntent(soup: Soup("tomato", "Tomato")))
        let steps = try #require(Self.steps(of: answer))
        guard case .progressed(let intent, _) = answer else { return }
        #expect(steps.map(\.phase) == [.resolve(parameter: "soup"), .resolve(parameter: "quantity"), .resolve(parameter: "toppings"), .confirm, .handle])
        #expect(handler.calls == ["resolveSoup", "resolveQuantity", "resolveToppings", "confirm", "handle"])
        #expect(intent.as(OrderSoupIntent.self)?.soup?.name == "Tomato (large)", "resolved values are taken into the intent")
        #expect(leftInFlight(host: host) == [])
    }

    @Test func itStopsAtTheFirstAnswerThatNeedsTheUser() async throws {
        let handler = ScriptedSoupHandler()
        handler.quantity = { _ in .needsValue }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await proceed(host, OrderSoupIntent(soup: Soup("tomato", "Tomato")))
        let steps = try #require(Self.steps(of: answer))
        #expect(steps.map(\.phase) == [.resolve(parameter: "soup"), .resolve(parameter: "quantity")])
        #expect(steps.last?.answer == .resolved([ParameterResolution.needsValue]))
        #expect(host.requestsInFlight == 1, "the request goes on with the same handler")
        _ = await host.answer(PhaseCall(request: 1, intent: AnyIntent(OrderSoupIntent()), phase: .finish))
        #expect(leftInFlight(host: host) == [])
    }

    @Test func aVisitThatLeavesTheIntentAsCalledAnswersTheCallsOwnValue() async throws {
        let handler = ScriptedSoupHandler()
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        // Accepting the soup given, with nothing else: the intent is as it was called.
        let call = PhaseCall(request: 1, intent: AnyIntent(OrderSoupIntent(soup: Soup("tomato", "Tomato"))), phase: .proceed(parameters: ["soup"]))
        guard case .progressed(let done, let steps) = await host.answer(call) else {
            Issue.record("not progressed")
            return
        }
        #expect(steps.map(\.phase) == [.resolve(parameter: "soup"), .confirm, .handle])
        #expect(done.isSame(as: call.intent), "the call's own value, which the wire need not carry back")
        // Stopped at a parameter that needs the user, the values unchanged: the call's own again.
        handler.quantity = { _ in .needsValue }
        let stopped = PhaseCall(request: 2, intent: call.intent, phase: .proceed(parameters: ["soup", "quantity"]))
        guard case .progressed(let asked, _) = await host.answer(stopped) else {
            Issue.record("not progressed")
            return
        }
        #expect(asked.isSame(as: call.intent))
        _ = await host.answer(PhaseCall(request: 2, intent: call.intent, phase: .finish))
        // Unread words the visit drops make a new intent, as does a value the handler changed.
        var unread = call.intent
        unread.unreadWords = ["quantity": "lots"]
        handler.quantity = { _ in .notRequired }
        guard case .progressed(let dropped, _) = await host.answer(PhaseCall(request: 3, intent: unread, phase: .proceed(parameters: ["soup"])))
        else {
            Issue.record("not progressed")
            return
        }
        #expect(!dropped.isSame(as: unread) && dropped.unreadWords.isEmpty && dropped.as(OrderSoupIntent.self)?.soup?.name == "Tomato")
        handler.soup = { _ in .success(with: Soup("tomato", "Tomato (large)")) }
        guard case .progressed(let changed, _) = await host.answer(PhaseCall(request: 4, intent: call.intent, phase: .proceed(parameters: ["soup"])))
        else {
            Issue.record("not progressed")
            return
        }
        #expect(!changed.isSame(as: call.intent) && changed.as(OrderSoupIntent.self)?.soup?.name == "Tomato (large)")
        #expect(leftInFlight(host: host) == [])
    }

    @Test func aConfirmationOtherThanReadyEndsIt() async throws {
        let handler = ScriptedSoupHandler()
        handler.confirmation = { _ in .failure }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answer = await proceed(host, OrderSoupIntent(soup: Soup("tomato", "Tomato")))
        let steps = try #require(Self.steps(of: answer))
        #expect(steps.last == PhaseStep(phase: .confirm, answer: .response(.failure)))
        #expect(!handler.calls.contains("handle"))
        #expect(leftInFlight(host: host) == [])
    }
}

/// Collects reported steps from any thread.
final class StepLog: Sendable {
    private let steps = Mutex<[PhaseStep]>([])
    func append(_ step: PhaseStep) { steps.withLock { $0.append(step) } }
    var all: [PhaseStep] { steps.withLock { $0 } }
}
