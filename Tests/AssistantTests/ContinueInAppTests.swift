import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

@MainActor
struct ContinueInAppTests {
    @Test func withNoSceneANewSceneReceivesTheActivityInItsConnectionOptions() async throws {
        let rig = try Rig()
        rig.handler.handling = { _ in .continueInApp }
        let outcome = await rig.order(OrderSoupIntent(soup: Soup.menu[0]))
        #expect(outcome.status == .continuedInApp)
        #expect(outcome.continuedInScene == "session-1")
        #expect(rig.recorder.take() == [
            "app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor OrderSoupIntent",
            "app configurationForConnecting session-1", "session-1 willConnectTo",
            "Screen-session-1 viewDidLoad", "Screen-session-1 viewWillAppear",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "Screen-session-1 viewDidAppear",
        ])
        let screen = try #require(rig.app.connectedScenes.first?.rootViewController as? KitchenScreen)
        let activity = try #require(screen.connectionActivities.first)
        #expect(activity.activityType == "OrderSoupIntent")
        #expect(activity.interaction?.intent.as(OrderSoupIntent.self)?.soup == Soup.menu[0])
        #expect(screen.continued.isEmpty)
        #expect(rig.app.applicationState == .active)
        #expect(rig.traceLines.contains("continuation: OrderSoupIntent continued in session-1"))
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aBackgroundSceneComesForwardThenContinues() async throws {
        let rig = try Rig()
        try rig.app.launch(.user)
        try rig.app.moveToBackground()
        let screen = try #require(rig.app.connectedScenes.first?.rootViewController as? KitchenScreen)
        screen.handler.handling = { _ in .continueInApp }
        _ = rig.recorder.take()
        let outcome = await rig.order(OrderSoupIntent(soup: Soup.menu[1]))
        #expect(outcome.status == .continuedInApp)
        #expect(rig.recorder.take() == [
            "app handlerFor OrderSoupIntent",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive",
            "session-1 willContinueUserActivityWithType", "session-1 continue",
        ])
        #expect(screen.continued.map(\.activityType) == ["OrderSoupIntent"])
        #expect(screen.handler.calls.last == "handle")
        #expect(rig.handler.calls.isEmpty, "the screen's handler answered, not the fallback")
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func theSceneMatchingTheTargetContentIdentifierIsChosen() async throws {
        let rig = try Rig()
        try rig.app.launch(.user)
        let first = try #require(rig.app.connectedScenes.first)
        first.activationConditions = ["table-4"]
        let second = try rig.app.userOpensNewWindow()
        try rig.app.moveToBackground()
        let activity = UserActivity(activityType: "OrderSoupIntent")
        try activity.update { $0.targetContentIdentifier = "table-4" }
        let secondScreen = try #require(second.rootViewController as? KitchenScreen)
        secondScreen.handler.handling = { _ in IntentResponse(code: .continueInApp, userActivity: activity) }
        _ = rig.recorder.take()
        let outcome = await rig.order(OrderSoupIntent(soup: Soup.menu[0]))
        #expect(secondScreen.handler.calls.last == "handle", "the most recently active scene's handler answered")
        #expect(outcome.continuedInScene == first.session.persistentIdentifier)
        #expect(second.activationState == .background)
        #expect(first.activationState == .foregroundActive)
        // The scene's and the app's callbacks; whether views hear a return from the background is
        // the runtime's business (REFERENCE §2: they do not).
        #expect(rig.recorder.take().filter { !$0.hasPrefix("Screen-") } == [
            "app handlerFor OrderSoupIntent", "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive",
            "session-1 willContinueUserActivityWithType", "session-1 continue",
        ])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func failureRequiringAppLaunchOpensTheAppToo() async throws {
        let rig = try Rig()
        rig.handler.handling = { _ in .init(code: .failureRequiringAppLaunch) }
        let outcome = await rig.order(OrderSoupIntent(soup: Soup.menu[0]))
        #expect(outcome.status == .failure)
        #expect(outcome.continuedInScene == "session-1")
        #expect(outcome.lastLine == "You'll need to continue in Kitchen.")
        #expect(rig.recorder.take() == Rig.launch + [
            "app configurationForConnecting session-1", "session-1 willConnectTo", "Screen-session-1 viewDidLoad",
            "Screen-session-1 viewWillAppear", "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive",
            "Screen-session-1 viewDidAppear",
        ])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }
}

@MainActor
struct RoutingTests {
    struct StrayIntent: Intent {
        static let typeName = "StrayIntent"
        static let schema = IntentSchema<StrayIntent>(
            handler: (any OpenSafeIntentHandling).self, parameters: [], handle: { _, _ in .success })
        init() {}
    }

    @Test func anIntentTheAppDoesNotDefineIsRefusedBeforeLaunching() async throws {
        let rig = try Rig()
        let outcome = await rig.perform(.intent(StrayIntent()))
        #expect(outcome.status == .refused)
        #expect(outcome.dialog == ["Sorry, I don't know how to do that."])
        #expect(!rig.app.isRunning)
        #expect(rig.recorder.take() == [])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func anIntentTheManifestDoesNotListIsRefusedBeforeLaunching() async throws {
        let rig = try Rig()
        let outcome = await rig.perform(.intent(UnlistedIntent()))
        #expect(outcome.status == .refused)
        #expect(outcome.dialog == ["Sorry, Kitchen doesn't support that."])
        #expect(!rig.app.isRunning)
        #expect(rig.recorder.take() == [])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aRestrictedIntentIsRefusedWhileLockedAndRunsWhenUnlocked() async throws {
        let rig = try Rig()
        rig.device.lock()
        let locked = await rig.perform(.intent(OpenSafeIntent()))
        #expect(locked.status == .refused)
        #expect(locked.dialog == ["You'll need to unlock your device first."])
        #expect(!rig.app.isRunning)
        let soup = await rig.order(OrderSoupIntent(soup: Soup.menu[0]))
        #expect(soup.status == .success, "unrestricted intents still work while locked")
        rig.device.unlock()
        let unlocked = await rig.perform(.intent(OpenSafeIntent()))
        #expect(unlocked.status == .success)
        #expect(rig.recorder.take() == Rig.launch + ["app handlerFor OpenSafeIntent"])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func notHandledIsSpokenAndTheRequestEnds() async throws {
        let rig = try Rig(fallback: { _ in nil })
        let outcome = await rig.order()
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["Sorry, Kitchen can't do that right now."])
        #expect(rig.traceLines.last == "outcome: failure")
        #expect(rig.recorder.take() == Rig.launch)
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }
}
