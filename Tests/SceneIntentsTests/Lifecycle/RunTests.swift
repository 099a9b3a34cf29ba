import SceneIntents
import SceneIntentsTesting
import Testing

/// An app delegate that terminates the app from inside a launch callback, as an app that finds
/// it cannot start does.
@MainActor
private final class QuittingAppDelegate: ApplicationDelegate {
    enum Moment { case willFinishLaunching, didFinishLaunching }
    let moment: Moment

    init(_ moment: Moment) { self.moment = moment }

    func application(_ application: Application, willFinishLaunchingWith reason: LaunchReason) -> Bool {
        if moment == .willFinishLaunching { application.terminate() }
        return true
    }

    func application(_ application: Application, didFinishLaunchingWith reason: LaunchReason) -> Bool {
        if moment == .didFinishLaunching { application.terminate() }
        return true
    }
}

@Suite("Running until termination")
@MainActor
struct RunTests {
    private func quittingApp(_ moment: QuittingAppDelegate.Moment) -> Application {
        Application(
            manifest: AppManifest(
                sceneConfigurations: [
                    .windowApplication: [
                        SceneConfiguration(name: "Default", delegateClassName: RecordingSceneDelegate.className)
                    ]
                ]),
            sceneDelegates: TestApp.sceneDelegates, delegate: { QuittingAppDelegate(moment) })
    }

    @Test func runReturnsWhenTheDelegateTerminatesTheAppInDidFinishLaunching() async throws {
        let app = quittingApp(.didFinishLaunching)
        let recorder = LifecycleRecorder(app)

        try await app.run(.user)
        #expect(
            recorder.take() == [
                "app willFinishLaunching user",
                "app didFinishLaunching user",
                "app willTerminate",
            ])
        #expect(!app.isRunning)
        #expect(app.delegate == nil)
        #expect(app.connectedScenes.isEmpty)
        #expect(app.openSessions.isEmpty)
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func aLaunchTerminatedInWillFinishLaunchingGoesNoFurther() throws {
        let app = quittingApp(.willFinishLaunching)
        let recorder = LifecycleRecorder(app)

        try app.launch(.user)
        #expect(recorder.take() == ["app willFinishLaunching user", "app willTerminate"])
        #expect(!app.isRunning)
        #expect(app.connectedScenes.isEmpty)
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func runWaitsForTerminationAndThenReturns() async throws {
        let test = TestApp()
        let running = Task { @MainActor in try await test.app.run(.intent) }
        while !test.app.isRunning { await Task.yield() }
        #expect(test.take() == ["app willFinishLaunching intent", "app didFinishLaunching intent"])

        test.app.terminate()
        try await running.value
        #expect(test.take() == ["app willTerminate"])
        #expect(!test.app.isRunning)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}
