import Assistant
import IntentGenFixtures
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// A generated intent whose definition sets `INIntentUserConfirmationRequired` (Coffee, model
/// 1.0) converses with its `ready` code's question before it is handled.
@MainActor
struct GeneratedConfirmationTests {
    func harness(_ replies: [Reply]) throws -> IntentTestHarness {
        let catalog = try IntentCatalog([OrderCoffeeIntent.self])
        // A manifest that can continue the intent in a scene: the launch records no diagnostic.
        let manifest = AppManifest(
            supportsMultipleScenes: true,
            sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "KitchenSceneDelegate")]],
            intentsSupported: catalog.typeNames, userActivityTypes: catalog.typeNames)
        let application = Application(
            manifest: manifest, sceneDelegates: Kitchen.sceneDelegates, delegate: { HandlerDelegate(handler: CoffeeHandler()) })
        return IntentTestHarness(application: application, catalog: catalog, appName: "Coffee", replies: replies)
    }

    static func transcript(_ answer: String, _ end: [String]) -> [String] {
        [
            "request: OrderCoffeeIntent", "route: OrderCoffeeIntent → Coffee", "call: confirm budget 10s until 10s",
            "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
            "report: launchedForIntent: OrderCoffeeIntent", "lifecycle: app handlerFor OrderCoffeeIntent",
            "result: confirm → response(ready)", "prompt: Order a Large coffee?", "answer: \(answer)",
        ] + end
    }

    @Test func yesIsHandledAndNoIsCancelled() async throws {
        let yes = try harness([.yes])
        let handled = await yes.perform(.intent(OrderCoffeeIntent(size: .large)))
        #expect(handled.dialog == ["Order a Large coffee?", "A Large coffee, coming up."])
        #expect(TraceText.diff(Self.transcript("yes", [
            "call: handle budget 10s until 10s", "result: handle → response(success)", "say: A Large coffee, coming up.",
            "outcome: success",
        ]), yes.traceLines) == nil)
        _ = yes.recorder.take()
        #expect(yes.leftInFlight() == [])

        let no = try harness([.no])
        let declined = await no.perform(.intent(OrderCoffeeIntent(size: .large)))
        #expect(declined.status == .cancelled)
        #expect(declined.dialog == ["Order a Large coffee?", "OK, cancelled."])
        #expect(TraceText.diff(Self.transcript("no", ["say: OK, cancelled.", "outcome: cancelled"]), no.traceLines) == nil)
        _ = no.recorder.take()
        #expect(no.leftInFlight() == [])
    }
}
