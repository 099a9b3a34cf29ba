import SceneIntents
import SceneIntentsTesting
import Testing

// Test doubles shared by the lifecycle tests.
//
// The doubles write every callback they actually receive into a `Journal`, in the same one-line
// format as `LifecycleRecorder`. The recorder shows what the runtime *reports*; the journal shows
// what it *calls*. Tests compare both to the same whole sequence, so a callback that is reported
// but never made (or made in another order) fails.

/// The callbacks the test doubles received, in order.
@MainActor
final class Journal {
    private(set) var lines: [String] = []

    func append(_ line: String) { lines.append(line) }

    /// The lines since the last `take()`; forgets them.
    func take() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}

/// A screen that journals its appearance callbacks.
@MainActor
final class Screen: ViewController {
    let journal: Journal?

    init(_ name: String, journal: Journal? = nil) {
        self.journal = journal
        super.init(name: name)
    }

    override func viewDidLoad() { journal?.append("\(name) viewDidLoad") }
    override func viewWillAppear() { journal?.append("\(name) viewWillAppear") }
    override func viewDidAppear() { journal?.append("\(name) viewDidAppear") }
    override func viewWillDisappear() { journal?.append("\(name) viewWillDisappear") }
    override func viewDidDisappear() { journal?.append("\(name) viewDidDisappear") }
}

/// The app delegate: journals its callbacks and keeps what it was given.
@MainActor
final class TestAppDelegate: ApplicationDelegate {
    let journal: Journal
    /// Which launch of the app made this delegate (1 for the first).
    let launchNumber: Int
    private(set) var discardedSessions: [String] = []
    private(set) var connectionOptions: [ConnectionOptions] = []

    init(journal: Journal, launchNumber: Int) {
        self.journal = journal
        self.launchNumber = launchNumber
    }

    func application(_ application: Application, willFinishLaunchingWith reason: LaunchReason) -> Bool {
        journal.append("app willFinishLaunching \(reason.rawValue)")
        return true
    }

    func application(_ application: Application, didFinishLaunchingWith reason: LaunchReason) -> Bool {
        journal.append("app didFinishLaunching \(reason.rawValue)")
        return true
    }

    func application(
        _ application: Application, configurationForConnecting session: SceneSession,
        options: ConnectionOptions
    ) -> SceneConfiguration {
        journal.append("app configurationForConnecting \(session.persistentIdentifier)")
        connectionOptions.append(options)
        // Name only: the runtime fills in the delegate class from the manifest.
        let name = application.manifest.configurations(for: session.role).first?.name ?? "none"
        return SceneConfiguration(name: name, role: session.role)
    }

    func application(_ application: Application, didDiscardSceneSessions sessions: [SceneSession]) {
        let identifiers = sessions.map(\.persistentIdentifier)
        journal.append("app didDiscardSceneSessions \(identifiers.joined(separator: ","))")
        discardedSessions += identifiers
    }

    func applicationWillTerminate(_ application: Application) {
        journal.append("app willTerminate")
    }
}

/// The scene delegate declared as `RecordingSceneDelegate`: shows a `RootScreen`, journals every
/// callback and keeps what it was given.
@MainActor
class RecordingSceneDelegate: SceneDelegate {
    class var className: String { "RecordingSceneDelegate" }

    private(set) var restorationActivityAtConnect: UserActivity?
    private(set) var connectionActivities: [UserActivity] = []
    private(set) var willContinueTypes: [String] = []
    private(set) var continuedActivities: [UserActivity] = []
    private(set) var failedTypes: [String] = []
    private(set) var failures: [UserActivityError] = []
    private(set) var restorationActivitiesSaved = 0

    init() {}

    /// The window's root controller.
    func makeRootViewController(journal: Journal?) -> ViewController {
        Screen("RootScreen", journal: journal)
    }

    private func journal(of scene: Scene) -> Journal? {
        (scene.application?.delegate as? TestAppDelegate)?.journal
    }

    private func log(_ scene: Scene, _ callback: String) {
        journal(of: scene)?.append("\(scene.session.persistentIdentifier) \(callback)")
    }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        log(scene, "willConnectTo")
        restorationActivityAtConnect = session.stateRestorationActivity
        connectionActivities = options.userActivities
        scene.rootViewController = makeRootViewController(journal: journal(of: scene))
        options.userActivities.first.map { answer(for: $0, in: scene) }
    }

    /// Answers the continuation with the activity's `reply` value, when it has one.
    private func answer(for activity: UserActivity, in scene: Scene) {
        if case .string(let line)? = activity.userInfo["reply"] { scene.answerContinuation(line) }
    }

    func sceneDidDisconnect(_ scene: Scene) { log(scene, "sceneDidDisconnect") }
    func sceneWillEnterForeground(_ scene: Scene) { log(scene, "sceneWillEnterForeground") }
    func sceneDidBecomeActive(_ scene: Scene) { log(scene, "sceneDidBecomeActive") }
    func sceneWillResignActive(_ scene: Scene) { log(scene, "sceneWillResignActive") }
    func sceneDidEnterBackground(_ scene: Scene) { log(scene, "sceneDidEnterBackground") }

    func scene(_ scene: Scene, willContinueUserActivityWithType activityType: String) {
        log(scene, "willContinueUserActivityWithType")
        willContinueTypes.append(activityType)
    }

    func scene(_ scene: Scene, continue userActivity: UserActivity) {
        log(scene, "continue")
        continuedActivities.append(userActivity)
        answer(for: userActivity, in: scene)
    }

    func scene(_ scene: Scene, didFailToContinueUserActivityWithType activityType: String, error: any Error) {
        log(scene, "didFailToContinueUserActivityWithType")
        failedTypes.append(activityType)
        if let error = error as? UserActivityError { failures.append(error) }
    }

    /// Saves where the scene is: its session and how many times it was asked.
    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        log(scene, "stateRestorationActivity")
        restorationActivitiesSaved += 1
        let activity = UserActivity(activityType: TestApp.restorationType)
        try? activity.update {
            $0.title = "Restore \(scene.session.persistentIdentifier)"
            $0.userInfo = [
                "session": .string(scene.session.persistentIdentifier),
                "save": .integer(restorationActivitiesSaved),
            ]
        }
        return activity
    }
}

/// The scene delegate declared as `NavigationSceneDelegate`: its root is a navigation stack
/// whose root is `RecipeList`.
@MainActor
final class NavigationSceneDelegate: RecordingSceneDelegate {
    override class var className: String { "NavigationSceneDelegate" }

    override func makeRootViewController(journal: Journal?) -> ViewController {
        NavigationController(root: Screen("RecipeList", journal: journal), name: "Navigation")
    }
}

/// An installed test app with a recorder and a journal.
@MainActor
struct TestApp {
    /// The activity type the manifest lists.
    static let recipeType = "com.example.recipe.open"
    /// The type of the activities the scene delegate saves for state restoration.
    static let restorationType = "com.example.restore"
    /// The scene delegate factories every test app registers, for the configurations the test
    /// manifests declare.
    static let sceneDelegates: [String: SceneDelegateFactory] = [
        "Default": { RecordingSceneDelegate() },
        "Default Configuration": { RecordingSceneDelegate() },
        "Navigation": { NavigationSceneDelegate() },
        "External": { RecordingSceneDelegate() },
    ]

    enum Root { case plain, navigation }

    let app: Application
    let recorder: LifecycleRecorder
    let journal: Journal

    init(multipleScenes: Bool = true, root: Root = .plain) {
        let delegateClass =
            switch root {
            case .plain: RecordingSceneDelegate.className
            case .navigation: NavigationSceneDelegate.className
            }
        let manifest = AppManifest(
            supportsMultipleScenes: multipleScenes,
            sceneConfigurations: [
                .windowApplication: [SceneConfiguration(name: "Default", delegateClassName: delegateClass)]
            ],
            userActivityTypes: [Self.recipeType])
        let journal = Journal()
        var launches = 0
        var factories = Self.sceneDelegates
        if root == .navigation { factories["Default"] = { NavigationSceneDelegate() } }
        app = Application(manifest: manifest, sceneDelegates: factories) {
            launches += 1
            return TestAppDelegate(journal: journal, launchNumber: launches)
        }
        recorder = LifecycleRecorder(app)
        self.journal = journal
    }

    /// The current run's delegate.
    var delegate: TestAppDelegate? { app.delegate as? TestAppDelegate }

    /// The lines since the last call, checked to be the same in the recorder and in the journal.
    func take(sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let recorded = recorder.take()
        let journaled = journal.take()
        #expect(recorded == journaled, "reported callbacks differ from the calls made", sourceLocation: sourceLocation)
        return recorded
    }

    /// Launches by the user and forgets the launch's callbacks.
    @discardableResult
    func launched(sourceLocation: SourceLocation = #_sourceLocation) throws -> Scene {
        try app.launch(.user)
        _ = take(sourceLocation: sourceLocation)
        return try #require(app.connectedScenes.last, sourceLocation: sourceLocation)
    }

    /// Launches by the user, sends the scene home, and forgets those callbacks.
    @discardableResult
    func launchedThenSentHome(sourceLocation: SourceLocation = #_sourceLocation) throws -> Scene {
        let scene = try launched(sourceLocation: sourceLocation)
        try app.moveToBackground()
        _ = take(sourceLocation: sourceLocation)
        return scene
    }
}

extension Scene {
    /// The test scene delegate.
    var recording: RecordingSceneDelegate? { delegate as? RecordingSceneDelegate }
}
