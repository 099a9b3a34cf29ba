import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// `AssistantRequest.userActivity`: what a voice shortcut made from an activity asks for.
@MainActor
struct ContinueActivityTests {
    @Test func anActivityLaunchesTheAppAndASceneContinuesIt() async throws {
        let rig = try Rig()
        let activity = UserActivity(activityType: "OrderSoupIntent")
        let outcome = await rig.perform(.userActivity(activity))
        #expect(outcome.status == .continuedInApp)
        #expect(outcome.continuedInScene == "session-1")
        #expect(outcome.dialog == ["Opening Kitchen."])
        #expect(rig.recorder.take() == [
            "app willFinishLaunching intent", "app didFinishLaunching intent",
            "app configurationForConnecting session-1", "session-1 willConnectTo",
            "Screen-session-1 viewDidLoad", "Screen-session-1 viewWillAppear",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "Screen-session-1 viewDidAppear",
        ])
        let screen = try #require(rig.app.connectedScenes.first?.rootViewController as? KitchenScreen)
        #expect(screen.connectionActivities == [activity])
        #expect(rig.handler.calls.isEmpty, "no intent handler is asked")
        #expect(rig.traceLines == [
            "request: activity OrderSoupIntent", "route: activity OrderSoupIntent → Kitchen",
            "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
            "lifecycle: app configurationForConnecting session-1", "lifecycle: session-1 willConnectTo",
            "lifecycle: Screen-session-1 viewDidLoad", "lifecycle: Screen-session-1 viewWillAppear",
            "lifecycle: session-1 sceneWillEnterForeground", "lifecycle: session-1 sceneDidBecomeActive",
            "lifecycle: Screen-session-1 viewDidAppear",
            "continuation: OrderSoupIntent continued in session-1", "say: Opening Kitchen.", "outcome: continuedInApp",
        ])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func aRunningAppsSceneComesForwardAndContinuesIt() async throws {
        let rig = try Rig()
        try rig.app.launch(.user)
        try rig.app.moveToBackground()
        _ = rig.recorder.take()
        let outcome = await rig.perform(.userActivity(UserActivity(activityType: "OrderSoupIntent")))
        #expect(outcome.status == .continuedInApp)
        #expect(rig.recorder.take() == [
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive",
            "session-1 willContinueUserActivityWithType", "session-1 continue",
        ])
        let screen = try #require(rig.app.connectedScenes.first?.rootViewController as? KitchenScreen)
        #expect(screen.continued.map(\.activityType) == ["OrderSoupIntent"])
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }

    @Test func anActivityTypeTheAppDoesNotDeclareIsRefusedWithTheReason() async throws {
        let rig = try Rig()
        let outcome = await rig.perform(.userActivity(UserActivity(activityType: "com.example.unknown")))
        #expect(outcome.status == .failure)
        let reason = try #require(outcome.reason)
        #expect(reason.contains("com.example.unknown"))
        #expect(outcome.dialog == ["Sorry, I couldn't open Kitchen: \(reason)."])
        // The app opens, and its scene hears that it could not continue the activity (UIKit's order).
        #expect(rig.recorder.take() == [
            "app willFinishLaunching intent", "app didFinishLaunching intent",
            "app configurationForConnecting session-1", "session-1 willConnectTo",
            "Screen-session-1 viewDidLoad", "Screen-session-1 viewWillAppear",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "Screen-session-1 viewDidAppear",
            "session-1 willContinueUserActivityWithType", "session-1 didFailToContinueUserActivityWithType",
        ])
        #expect(rig.traceLines.last == "outcome: failure")
        #expect(rig.traceLines.contains("continuation: failed: \(reason)"))
        #expect(leftInFlight(host: rig.host, user: rig.user, recorder: rig.recorder) == [])
    }
}
