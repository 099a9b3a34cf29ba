import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// The phase contract (issue 9): nothing after the end, continueInApp that cannot continue is a
/// failure, failureRequiringAppLaunch opens the app, only allowed codes pass, and the overlay.
@MainActor
struct PhaseContractTests {
    let tomato = Soup("tomato", "Tomato")
    let launch = ["app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor OrderSoupIntent"]
    let connect = [
        "app configurationForConnecting session-1", "session-1 willConnectTo", "Screen-session-1 viewDidLoad",
        "Screen-session-1 viewWillAppear", "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive",
        "Screen-session-1 viewDidAppear",
    ]

    @Test func aResolveThatTimesOutIsNeverFollowedByConfirmOrHandle() async throws {
        let rig = try Rig()
        let gate = Gate()
        let entered = Signal()
        rig.handler.soup = { intent in
            entered.raise()
            await gate.wait()
            return .accepting(intent.soup)
        }
        let assistant = rig.assistant
        let task = Task { await assistant.perform(.intent(OrderSoupIntent(soup: Soup("tomato", "Tomato")))) }
        await entered.wait()
        await rig.clock.waitForSleepers(1)
        rig.clock.advance(by: .seconds(10))
        let outcome = await task.value
        #expect(outcome.status == .timedOut)
        gate.open()
        #expect(await rig.traceEventually { $0.hasPrefix("late:") })
        #expect(rig.handler.calls == ["resolveSoup"], "confirm and handle never ran after the timeout")
        #expect(rig.traceLines == [
            "request: OrderSoupIntent", "route: OrderSoupIntent → Kitchen",
            "call: proceed(soup, quantity, toppings) budget 10s per step, first until 10s",
            "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
            "report: launchedForIntent: OrderSoupIntent", "lifecycle: app handlerFor OrderSoupIntent",
            "timeout: resolve(soup) exceeded 10s",
            "say: Sorry, Kitchen didn't respond in time: the soup step took longer than 10 seconds.",
            "outcome: timedOut",
            "late: resolve(soup) answered after its budget: success(Tomato) (dropped)",
        ])
        #expect(rig.recorder.take() == launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aPerformCancelledBeforeItStartsNeverLaunchesTheAppNorCallsTheHandler() async throws {
        let rig = try Rig()
        let assistant = rig.assistant
        let outcome = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await assistant.perform(.intent(OrderSoupIntent(soup: Soup("tomato", "Tomato"))))
        }.value
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == ["OK, cancelled."])
        #expect(!rig.app.isRunning)
        #expect(rig.handler.calls.isEmpty)
        #expect(rig.traceLines == ["request: OrderSoupIntent", "say: OK, cancelled.", "outcome: cancelled"])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aRequestCancelledWhileTheUserIsAskedEndsAndTheAppLetsGoOfItsHandler() async throws {
        let rig = try Rig()
        rig.handler.soup = { intent in intent.soup.map { .success(with: $0) } ?? .needsValue }
        let waiting = GatedUser(.text("pea"))
        let assistant = Assistant(connection: rig.connection, user: waiting, device: rig.device, clock: .sleeping(on: rig.clock))
        let task = Task { await assistant.perform(.intent(OrderSoupIntent())) }
        await waiting.asked.wait()
        #expect(rig.host.requestsInFlight == 1)
        task.cancel()
        waiting.gate.open()
        let outcome = await task.value
        #expect(outcome.status == .cancelled)
        #expect(outcome.dialog == ["Which soup?", "OK, cancelled."])
        #expect(rig.handler.calls == ["resolveSoup"], "nothing reached the handler after the cancellation")
        #expect(assistant.trace.events.last.map { "\($0.kind.rawValue): \($0.detail)" } == "outcome: cancelled")
        #expect(rig.recorder.take() == launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    /// A scene that cannot come forward, whether a response opens the app or handle asks for
    /// the app in front mid-request (`IntentQuestion.Kind.foreground`): the request fails naming
    /// the reason, and handle is not run again.
    @Test(arguments: [false, true])
    func anAppThatCannotComeForwardEndsTheRequestNamingTheReason(midRequest: Bool) async throws {
        let rig = try Rig()
        var handled = 0
        rig.handler.handling = { _ in
            handled += 1
            guard midRequest else { return .continueInApp }
            throw IntentQuestion(.foreground(activity: UserActivity(activityType: "OrderSoupIntent"), confirm: false), prompt: "Opening the menu.")
        }
        let assistant = Assistant(
            connection: RefusingContinuationConnection(rig.connection), user: rig.user, device: rig.device,
            clock: .sleeping(on: rig.clock))
        let outcome = await assistant.perform(.intent(OrderSoupIntent(soup: tomato)))
        let reason = "the scene could not continue OrderSoupIntent: it is not in NSUserActivityTypes"
        let (said, answered) =
            midRequest
            ? ("Opening the menu.", "asks foreground(OrderSoupIntent) \"Opening the menu.\"")
            : ("Opening Kitchen.", "response(continueInApp, activity OrderSoupIntent)")
        #expect(outcome.status == .failure)
        #expect(outcome.reason == reason)
        #expect(outcome.continuedInScene == nil)
        #expect(outcome.dialog == [said, "Sorry, I couldn't open Kitchen: \(reason)."])
        #expect(rig.user.heard == outcome.dialog)
        #expect(handled == 1)
        #expect(assistant.trace.events.suffix(5).map { "\($0.kind.rawValue): \($0.detail)" } == [
            "result: handle → \(answered)", "say: \(said)", "continuation: failed: \(reason)",
            "say: Sorry, I couldn't open Kitchen: \(reason).", "outcome: failure: \(reason)",
        ])
        #expect(rig.recorder.take() == launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test(arguments: ["confirm", "handle"])
    func failureRequiringAppLaunchOpensTheAppAfterSpeakingTheFailure(_ phase: String) async throws {
        let rig = try Rig()
        let response = IntentResponse(code: .failureRequiringAppLaunch)
        if phase == "confirm" { rig.handler.confirmation = { _ in response } } else { rig.handler.handling = { _ in response } }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        #expect(outcome.status == .failure)
        #expect(outcome.continuedInScene == "session-1")
        #expect(outcome.dialog == ["You'll need to continue in Kitchen."])
        #expect(rig.handler.calls == ["resolveSoup", "resolveQuantity", "resolveToppings", "confirm"] + (phase == "handle" ? ["handle"] : []))
        #expect(rig.recorder.take() == launch + connect)
        let screen = try #require(rig.app.connectedScenes.first?.rootViewController as? KitchenScreen)
        #expect(screen.connectionActivities.map(\.activityType) == ["OrderSoupIntent"])
        #expect(screen.connectionActivities.first?.interaction?.intentResponse?.code == .failureRequiringAppLaunch)
        #expect(rig.traceLines.suffix(3) == [
            "lifecycle: Screen-session-1 viewDidAppear", "continuation: OrderSoupIntent continued in session-1",
            "outcome: failure",
        ])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test(arguments: [("confirm", ResponseCode.success), ("confirm", .unspecified), ("confirm", .continueInApp), ("handle", .ready), ("handle", .unspecified)])
    func aCodeThePhaseMayNotAnswerIsATypedErrorNeverASilentSuccess(_ phase: String, _ code: ResponseCode) async throws {
        let rig = try Rig()
        let response = IntentResponse(code: code)
        if phase == "confirm" { rig.handler.confirmation = { _ in response } } else { rig.handler.handling = { _ in response } }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        let rule = phase == "confirm" ? "confirm may answer ready or a failure code" : "handle may not answer ready or unspecified"
        let error = "the handler of OrderSoupIntent answered \(code) from \(phase) (\(rule))"
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["Sorry, Kitchen couldn't do that."])
        #expect(rig.traceLines.contains("result: \(phase) → refused(invalidResponseCode: \(error))"))
        #expect(rig.traceLines.last == "outcome: failure")
        #expect(!rig.handler.calls.contains("handle") || phase == "handle")
        #expect(rig.recorder.take() == launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func theOverlayInterruptsAForegroundActiveSceneForTheLengthOfTheRequest() async throws {
        let rig = try Rig()
        try rig.app.launch(.user)
        _ = rig.recorder.take()
        let screen = try #require(rig.app.connectedScenes.first?.rootViewController as? KitchenScreen)
        let seen = Log<ActivationState?>()
        let app = rig.app
        screen.handler.handling = { _ in
            seen.append(app.connectedScenes.first?.activationState)
            return .success
        }
        let outcome = await rig.order(OrderSoupIntent(soup: tomato))
        #expect(outcome.status == .success)
        #expect(seen.all == [.foregroundInactive], "the handler runs under the overlay")
        #expect(rig.recorder.take() == [
            "session-1 sceneWillResignActive", "app handlerFor OrderSoupIntent", "session-1 sceneDidBecomeActive",
        ])
        #expect(rig.app.connectedScenes.first?.activationState == .foregroundActive)
        #expect(rig.traceLines.last == "outcome: success")
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aBudgetOfInt64MaxSecondsMeansNoLimit() async throws {
        var configuration = AssistantConfiguration()
        configuration.phaseBudget = .seconds(Int64.max)
        let rig = try Rig(configuration: configuration)
        let clock = rig.clock
        let entered = Signal()
        rig.handler.handling = { _ in
            entered.raise()
            try await clock.sleep(for: .seconds(1_000_000))
            return .success
        }
        let assistant = rig.assistant
        let task = Task { await assistant.perform(.intent(OrderSoupIntent(soup: Soup("tomato", "Tomato")))) }
        await entered.wait()
        await clock.waitForSleepers(1)
        #expect(clock.sleeperCount == 1, "no budget timer is armed")
        clock.advance(by: .seconds(1_000_000))
        let outcome = await task.value
        #expect(outcome.status == .success)
        #expect(rig.traceLines.contains("call: proceed(soup, quantity, toppings) budget none"))
        #expect(rig.recorder.take() == launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func requestNumbersStayUniqueWhenAssistantsShareOneHost() async throws {
        let made = Log<ScriptedSoupHandler>()
        let app = Kitchen.application(fallback: { _ in
            let handler = ScriptedSoupHandler()
            made.append(handler)
            return handler
        })
        let recorder = LifecycleRecorder(app)
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let connection = InProcessConnection(host: host, appName: "Kitchen")
        let waiting = GatedUser(.text("pea"))
        let first = Assistant(connection: connection, user: waiting, device: Device(), clock: .sleeping(on: ManualClock()))
        let second = Assistant(connection: connection, user: ScriptedUser(), device: Device(), clock: .sleeping(on: ManualClock()))
        let paused = Task { await first.perform(.intent(OrderSoupIntent())) }
        await waiting.asked.wait()
        let other = await second.perform(.intent(OrderSoupIntent(soup: tomato)))
        #expect(other.status == .success)
        #expect(made.all.count == 2, "the second assistant's request got a handler of its own")
        waiting.gate.open()
        let resumed = await paused.value
        #expect(resumed.status == .success)
        #expect(made.all.map(\.calls) == [
            ["resolveSoup", "provideSoupOptions(pea)", "resolveSoup", "resolveQuantity", "resolveToppings", "confirm", "handle"],
            ["resolveSoup", "resolveQuantity", "resolveToppings", "confirm", "handle"],
        ])
        #expect(recorder.take() == launch + ["app handlerFor OrderSoupIntent"])
        #expect(leftInFlight(host: host, recorder: recorder) == [])
    }
}
