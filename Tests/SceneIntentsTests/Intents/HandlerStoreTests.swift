import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

@MainActor
struct HandlerStoreTests {
    func screen(of scene: Scene?) -> KitchenScreen? { scene?.rootViewController as? KitchenScreen }

    @Test func aScreenRegistersItsHandlerWhenItAppears() throws {
        let app = Kitchen.application()
        let recorder = LifecycleRecorder(app)
        try app.launch(.user)
        let scene = try #require(app.connectedScenes.first)
        let handler = try #require(screen(of: scene)?.handler)
        #expect(app.handlerStore.handler(for: AnyIntent(OrderSoupIntent())) === handler)
        #expect(recorder.take() == [
            "app willFinishLaunching user", "app didFinishLaunching user", "app configurationForConnecting session-1",
            "session-1 willConnectTo", "Screen-session-1 viewDidLoad", "Screen-session-1 viewWillAppear",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "Screen-session-1 viewDidAppear",
        ])
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func theStoreHoldsHandlersWeakly() throws {
        let app = Kitchen.application()
        try app.launch(.user)
        let recorder = LifecycleRecorder(app)
        let scene = try #require(app.connectedScenes.first)
        weak var handler: ScriptedSoupHandler?
        do {
            let replacement = KitchenScreen(name: "Temporary")
            handler = replacement.handler
            app.handlerStore.register(replacement.handler, for: scene)
            #expect(app.handlerStore.handler(for: AnyIntent(OrderSoupIntent())) === handler)
        }
        #expect(handler == nil)
        #expect(app.handlerStore.handler(for: AnyIntent(OrderSoupIntent())) == nil)
        #expect(app.handlerStore.liveHandlerCount == 0)
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func aDisconnectedScenesHandlerGoesWithItsScreen() throws {
        let app = Kitchen.application()
        try app.launch(.user)
        let session = try #require(app.openSessions.first)
        weak let handler = screen(of: session.scene)?.handler
        #expect(handler != nil)
        let recorder = LifecycleRecorder(app)
        try app.moveToBackground()
        try app.reclaimMemory(of: session)
        #expect(handler == nil)
        #expect(app.handlerStore.handler(for: AnyIntent(OrderSoupIntent())) == nil)
        // The scene's own callbacks (the views' are the runtime's business).
        #expect(recorder.take().filter { $0.hasPrefix("session-") } == [
            "session-1 sceneWillResignActive", "session-1 sceneDidEnterBackground",
            "session-1 stateRestorationActivity", "session-1 sceneDidDisconnect",
        ])
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func theMostRecentlyActiveSceneAnswersUnlessTheIntentTargetsAnother() throws {
        let app = Kitchen.application()
        try app.launch(.user)
        let first = try #require(app.connectedScenes.first)
        let second = try app.userOpensNewWindow()
        let recorder = LifecycleRecorder(app)
        let intent = AnyIntent(OrderSoupIntent())
        #expect(app.handlerStore.handler(for: intent) === screen(of: second)?.handler)
        let targeted = AnyIntent(OrderSoupIntent(), targetSceneIdentifier: first.session.persistentIdentifier)
        #expect(app.handlerStore.handler(for: targeted) === screen(of: first)?.handler)
        try app.moveToBackground()
        try app.returnToForeground()
        #expect(app.mostRecentlyActiveScene === second)
        try app.userCloses(second.session)
        #expect(app.handlerStore.handler(for: intent) === screen(of: first)?.handler)
        #expect(recorder.take().filter { $0.hasPrefix("session-") } == [
            "session-1 sceneWillResignActive", "session-1 sceneDidEnterBackground", "session-1 stateRestorationActivity",
            "session-2 sceneWillResignActive", "session-2 sceneDidEnterBackground", "session-2 stateRestorationActivity",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive",
            "session-2 sceneWillEnterForeground", "session-2 sceneDidBecomeActive",
            "session-2 sceneWillResignActive", "session-2 sceneDidEnterBackground", "session-2 stateRestorationActivity",
            "session-2 sceneDidDisconnect",
        ])
        #expect(leftInFlight(recorder: recorder) == [])
    }

    /// The library's part: with no screen the store has no handler, and the host asks the
    /// delegate once per request, keeping its answer for every phase. (What the delegate then
    /// answers, such as a fresh handler, is the app's rule, not the library's.)
    @Test func withNoScreenTheStoreIsEmptyAndTheHostAsksTheDelegateOncePerRequest() async throws {
        let fresh = ScriptedSoupHandler()
        let app = Kitchen.application(fallback: { _ in fresh })
        let recorder = LifecycleRecorder(app)
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let intent = AnyIntent(OrderSoupIntent(soup: Soup("pea", "Pea")))
        #expect(app.handlerStore.handler(for: intent) == nil)
        for phase in [PhaseCall.Phase.resolve(parameter: "soup"), .confirm, .handle] {
            _ = await host.answer(PhaseCall(request: 1, intent: intent, phase: phase))
        }
        #expect(app.handlerStore.handler(for: intent) == nil, "a handler from handlerFor is not put in the store")
        #expect(app.handlerStore.liveHandlerCount == 0)
        #expect(fresh.calls == ["resolveSoup", "confirm", "handle"])
        #expect(recorder.take() == [
            "app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor OrderSoupIntent",
        ])
        #expect(leftInFlight(host: host, recorder: recorder) == [])
    }
}

@MainActor
struct EmbeddingTests {
    @Test func runLaunchesAndReturnsWhenTheAppTerminates() async throws {
        let app = Kitchen.application()
        let recorder = LifecycleRecorder(app)
        var running: Task<Void, any Error>?
        await withCheckedContinuation { (active: CheckedContinuation<Void, Never>) in
            var resumed = false
            app.observe { event in
                if case .scene(_, .sceneDidBecomeActive) = event, !resumed {
                    resumed = true
                    active.resume()
                }
            }
            running = Task { @MainActor in try await app.run() }
        }
        #expect(app.applicationState == .active, "the main actor keeps running while run() waits")
        app.terminate()
        try await running?.value
        #expect(recorder.lines.first == "app willFinishLaunching user")
        #expect(recorder.lines.last == "app willTerminate")
    }
}
