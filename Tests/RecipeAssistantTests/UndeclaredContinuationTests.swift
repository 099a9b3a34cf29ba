import Assistant
import RecipeAssistantCLI
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// A Recipe Assistant whose manifest forgets `ShowDirectionsIntent` in `NSUserActivityTypes`: the
/// launch says so in the trace, and a `continueInApp` that cannot continue is a failure.
@MainActor
struct UndeclaredContinuationTests {
    @Test func theLaunchDiagnosesTheManifestAndTheFailedContinuationIsNotASuccess() async throws {
        var manifest = try RecipeAssistantApp.bundledManifest()
        manifest.userActivityTypes = [RecipeSceneDelegate.viewingActivityType]
        let app = try RecipeAssistantApp(manifest: manifest)
        let recorder = LifecycleRecorder(app.application)
        let user = ScriptedUser()
        let assistant = app.makeAssistant(user: user, clock: .sleeping(on: ManualClock()))

        let outcome = await assistant.perform(.utterance("show directions for tomato soup"))
        #expect(outcome.status == .failure)
        #expect(outcome.continuedInScene == nil)
        let diagnostic =
            "app diagnostic intentCannotContinueInApp: INIntentsSupported lists 'ShowDirectionsIntent' but NSUserActivityTypes does not: continueInApp for it can never continue in the app; add 'ShowDirectionsIntent' to NSUserActivityTypes"
        #expect(
            recorder.take() == [
                diagnostic,
                "app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor ShowDirectionsIntent",
                "app configurationForConnecting session-1", "session-1 willConnectTo",
                "RecipeList viewDidLoad", "RecipeList viewWillAppear",
                "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "RecipeList viewDidAppear",
                "session-1 willContinueUserActivityWithType", "session-1 didFailToContinueUserActivityWithType",
            ])
        // The trace shows the diagnostic where the launch happened.
        let lifecycle = assistant.trace.events.filter { $0.kind == .lifecycle }.map(\.detail)
        #expect(lifecycle.first == diagnostic)
        #expect(app.foregroundScreen is RecipeListViewController)
        #expect(leftInFlight(host: app.host, user: user, recorder: recorder) == [])
    }
}
