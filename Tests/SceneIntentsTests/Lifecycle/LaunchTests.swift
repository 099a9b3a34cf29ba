import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Launch")
@MainActor
struct LaunchTests {
    @Test func userLaunchConnectsOneSceneInUIKitsOrder() throws {
        let test = TestApp()
        try test.app.launch(.user)

        #expect(
            test.take() == [
                "app willFinishLaunching user",
                "app didFinishLaunching user",
                "app configurationForConnecting session-1",
                "session-1 willConnectTo",
                "RootScreen viewDidLoad",
                "RootScreen viewWillAppear",
                "session-1 sceneWillEnterForeground",
                "session-1 sceneDidBecomeActive",
                "RootScreen viewDidAppear",
            ])
        #expect(test.app.isRunning)
        #expect(test.app.launchReason == .user)
        #expect(test.app.applicationState == .active)
        let scene = try #require(test.app.connectedScenes.first)
        #expect(test.app.connectedScenes.count == 1)
        #expect(test.app.openSessions.map(\.persistentIdentifier) == ["session-1"])
        #expect(scene.session.scene === scene)
        #expect(scene.activationState == .foregroundActive)
        #expect(scene.lifecycleState == .foregroundActive)
        #expect(scene.session.role == .windowApplication)
        #expect(
            scene.session.configuration
                == SceneConfiguration(name: "Default", delegateClassName: RecordingSceneDelegate.className))
        #expect(scene.recording?.connectionActivities.isEmpty == true)
        #expect(scene.recording?.restorationActivityAtConnect == nil)
        let root = try #require(scene.rootViewController)
        #expect(root.name == "RootScreen")
        #expect(root.scene === scene)
        #expect(root.isViewLoaded && root.isVisible)
        #expect(scene.visibleViewController === root)
        #expect(test.app.mostRecentlyActiveScene === scene)
        #expect(test.delegate?.launchNumber == 1)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func launchForAnIntentConnectsNoScene() throws {
        let test = TestApp()
        try test.app.launch(.intent)

        #expect(test.take() == ["app willFinishLaunching intent", "app didFinishLaunching intent"])
        #expect(test.app.isRunning)
        #expect(test.app.launchReason == .intent)
        #expect(test.app.applicationState == .background)
        #expect(test.app.connectedScenes.isEmpty)
        #expect(test.app.openSessions.isEmpty)
        #expect(test.app.mostRecentlyActiveScene == nil)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func aLaunchWhileRunningIsRefusedAndChangesNothing() throws {
        let test = TestApp()
        try test.launched()
        let delegate = test.app.delegate

        #expect(throws: ApplicationError.alreadyRunning) { try test.app.launch(.user) }
        #expect(throws: ApplicationError.alreadyRunning) { try test.app.launch(.intent) }
        #expect(test.take() == [])
        #expect(test.app.delegate === delegate)
        #expect(test.app.launchReason == .user)
        #expect(test.app.connectedScenes.count == 1)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }

    @Test func theUserOpeningTheAppLaunchesIt() throws {
        let test = TestApp()
        try test.app.userOpensApp()

        #expect(
            test.take() == [
                "app willFinishLaunching user",
                "app didFinishLaunching user",
                "app configurationForConnecting session-1",
                "session-1 willConnectTo",
                "RootScreen viewDidLoad",
                "RootScreen viewWillAppear",
                "session-1 sceneWillEnterForeground",
                "session-1 sceneDidBecomeActive",
                "RootScreen viewDidAppear",
            ])
        #expect(test.app.applicationState == .active)
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}

@Suite("Observing")
@MainActor
struct ObservingTests {
    @Test func anObserverMayStopItselfAndAddAnotherWhileCalled() throws {
        let test = TestApp()
        let heard = Heard()
        heard.token = test.app.observe { [app = test.app] event in
            heard.lines.append("first \(event)")
            app.removeObserver(heard.token)
            app.observe { heard.lines.append("second \($0)") }
        }

        try test.app.launch(.intent)
        #expect(
            heard.lines == [
                "first app willFinishLaunching intent",
                "second app didFinishLaunching intent",
            ])
        #expect(test.take() == ["app willFinishLaunching intent", "app didFinishLaunching intent"])
        #expect(leftInFlight(recorder: test.recorder) == [])
    }
}

/// What the observers of a test heard.
@MainActor
private final class Heard {
    var lines: [String] = []
    var token = 0
}
