import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

@MainActor
struct BudgetTests {
    let tomato = Soup("tomato", "Tomato")

    /// Starts a request and returns once the handler has raised `entered` and `sleepers` are
    /// parked on the clock (the handle phase's budget timer, and the handler's own sleep if any).
    func start(_ rig: Rig, _ intent: OrderSoupIntent, entered: Signal, sleepers: Int = 2) async
        -> Task<AssistantOutcome, Never>
    {
        let assistant = rig.assistant
        let task = Task { await assistant.perform(.intent(intent)) }
        await entered.wait()
        await rig.clock.waitForSleepers(sleepers)
        return task
    }

    @Test func anAnswerJustInsideTheBudgetIsTaken() async throws {
        let rig = try Rig()
        let clock = rig.clock
        let entered = Signal()
        rig.handler.handling = { _ in
            entered.raise()
            try await clock.sleep(for: .milliseconds(9_999))
            return .success
        }
        let task = await start(rig, OrderSoupIntent(soup: tomato), entered: entered)
        clock.advance(by: .milliseconds(9_999))
        let outcome = await task.value
        #expect(outcome.status == .success)
        #expect(outcome.dialog == ["Done."])
        #expect(clock.sleeperCount == 0)
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func anAnswerJustOutsideTheBudgetTimesOutNamingThePhase() async throws {
        let rig = try Rig()
        let clock = rig.clock
        let entered = Signal()
        rig.handler.handling = { _ in
            entered.raise()
            try await clock.sleep(for: .milliseconds(10_001))
            return .success
        }
        let task = await start(rig, OrderSoupIntent(soup: tomato), entered: entered)
        clock.advance(by: .seconds(10))
        let outcome = await task.value
        #expect(outcome.status == .timedOut)
        #expect(outcome.lastLine == "Sorry, Kitchen didn't respond in time: the handle step took longer than 10 seconds.")
        #expect(rig.traceLines.contains("timeout: handle exceeded 10s"))
        #expect(clock.sleeperCount == 0, "the handler's sleep was cancelled with its task")
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aHungHandlerCannotStallTheAssistantAndItsLateAnswerIsDropped() async throws {
        let rig = try Rig()
        let gate = Gate()
        let entered = Signal()
        rig.handler.handling = { _ in
            entered.raise()
            await gate.wait()
            return .success
        }
        let task = await start(rig, OrderSoupIntent(soup: tomato), entered: entered, sleepers: 1)
        #expect(gate.isWaiting)
        rig.clock.advance(by: .seconds(10))
        let outcome = await task.value
        #expect(outcome.status == .timedOut)
        gate.open()
        #expect(await rig.traceEventually { $0.hasPrefix("late:") })
        #expect(rig.traceLines.contains("late: handle answered after its budget: response(success) (dropped)"))
        #expect(outcome.response == nil)
        rig.handler.handling = { _ in .success }
        let next = await rig.order(OrderSoupIntent(soup: tomato))
        #expect(next.status == .success, "the app stays usable after a timeout")
        #expect(rig.recorder.take() == Rig.launch + ["app handlerFor OrderSoupIntent"])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    /// A real launch, charged on the manual clock: the app delegate's didFinishLaunching takes
    /// 4 s of the test clock, as a slow cold launch would.
    @Test func launchTimeIsChargedToTheFirstCall() async throws {
        let clock = ManualClock()
        let handler = ScriptedSoupHandler()
        let app = Application(
            manifest: Kitchen.manifest(), sceneDelegates: Kitchen.sceneDelegates,
            delegate: { SlowLaunchDelegate(clock: clock, launchTime: .seconds(4), handler: handler) })
        let recorder = LifecycleRecorder(app)
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let user = ScriptedUser()
        let assistant = Assistant(
            connection: InProcessConnection(host: host, appName: "Kitchen"), user: user, device: Device(), clock: .sleeping(on: clock))
        let entered = Signal()
        handler.soup = { intent in
            entered.raise()
            try await clock.sleep(for: .seconds(7))
            return .accepting(intent.soup)
        }
        let first = Task { await assistant.perform(.intent(OrderSoupIntent(soup: Soup("pea", "Pea")))) }
        await entered.wait()
        await clock.waitForSleepers(2)
        #expect(clock.now == ManualClock().now.advanced(by: .seconds(4)), "the launch took 4 s of the clock")
        clock.advance(by: .seconds(6))
        let outcome = await first.value
        #expect(outcome.status == .timedOut, "4 s of launch + 7 s of resolve exceed the first call's 10 s")
        #expect(assistant.trace.events.filter { $0.kind == .timeout }.map(\.seconds) == ["10.000"])

        let second = Task { await assistant.perform(.intent(OrderSoupIntent(soup: Soup("pea", "Pea")))) }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(7))
        let again = await second.value
        #expect(again.status == .success, "without a launch, 7 s fits the budget")
        #expect(recorder.take() == [
            "app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor OrderSoupIntent",
            "app handlerFor OrderSoupIntent",
        ])
        #expect(leftInFlight(host: host, user: user, recorder: recorder) == [])
    }

    @Test func budgetsAreConfigurablePerIntent() async throws {
        var configuration = AssistantConfiguration()
        configuration.intentBudgets["OrderSoupIntent"] = .seconds(2)
        let rig = try Rig(configuration: configuration)
        let clock = rig.clock
        let entered = Signal()
        rig.handler.handling = { _ in
            entered.raise()
            try await clock.sleep(for: .seconds(3))
            return .success
        }
        let task = await start(rig, OrderSoupIntent(soup: tomato), entered: entered)
        clock.advance(by: .seconds(2))
        #expect(await task.value.status == .timedOut)
        #expect(rig.traceLines.contains { $0.hasPrefix("call: proceed(soup, quantity, toppings) budget 2s per step") })
        #expect(rig.traceLines.contains("timeout: handle exceeded 2s"), "the step that ran out of time is named")
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }
}

/// An app delegate whose launch takes time on the test clock.
@MainActor
final class SlowLaunchDelegate: ApplicationDelegate {
    let clock: ManualClock
    let launchTime: Duration
    let handler: ScriptedSoupHandler
    init(clock: ManualClock, launchTime: Duration, handler: ScriptedSoupHandler) {
        self.clock = clock
        self.launchTime = launchTime
        self.handler = handler
    }
    func application(_ application: Application, didFinishLaunchingWith reason: LaunchReason) -> Bool {
        clock.advance(by: launchTime)
        return true
    }
    func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? { handler }
}

@MainActor
struct ContinuousClockBudgetTests {
    /// The production timer path (the shared deadline queue): a 1 s budget on the continuous
    /// clock ends a call that never answers. Nothing sleeps; the test waits for the timer itself.
    /// It is the one test that takes real time (a second, so that a loaded machine cannot make
    /// it flaky).
    @Test func aRealClockBudgetEndsAHungCallAndDisarmsTheOthers() async throws {
        let gate = Gate()
        let handler = ScriptedSoupHandler()
        handler.handling = { _ in
            await gate.wait()
            return .success
        }
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        var configuration = AssistantConfiguration()
        configuration.phaseBudget = .seconds(1)
        // The request after the timeout only shows the app is still usable: a budget a loaded
        // machine cannot exceed.
        configuration.intentBudgets["OpenSafeIntent"] = .seconds(60)
        let assistant = Assistant(
            connection: InProcessConnection(host: host, appName: "Kitchen"), user: ScriptedUser(), device: Device(),
            clock: .continuous(), configuration: configuration)
        let outcome = await assistant.perform(.intent(OrderSoupIntent(soup: Soup.menu[0])))
        #expect(outcome.status == .timedOut)
        // Which step ran out depends on the machine's load (the first step carries the launch).
        #expect(outcome.lastLine?.hasPrefix("Sorry, Kitchen didn't respond in time: the ") == true)
        #expect(outcome.lastLine?.hasSuffix(" step took longer than 1 second.") == true)
        gate.open()
        #expect(await assistant.perform(.intent(OpenSafeIntent())).status == .success)
        #expect(handler.calls.suffix(1) == ["openSafe"])
        #expect(assistant.clock.pendingDeadlines == 0, "every other step's deadline was disarmed, none waits to fire")
        #expect(leftInFlight(host: host) == [])
    }
}
