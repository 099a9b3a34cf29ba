import Assistant
import SceneIntents

/// The benchmark's intent: one resolvable parameter.
struct PingIntent: Intent {
    static let typeName = "PingIntent"
    var word: String?
    init() {}
    init(word: String) { self.word = word }

    static let schema = IntentSchema<PingIntent>(
        handler: (any PingIntentHandling).self,
        parameters: [
            .value("word", \.word, resolve: { (handler: any PingIntentHandling, intent) in handler.resolveWord(for: intent) })
        ],
        confirm: { handler, intent in handler.confirm(intent: intent) },
        handle: { handler, intent in handler.handle(intent: intent) })
}

/// The benchmark's handler protocol.
@MainActor
protocol PingIntentHandling: AnyObject {
    func resolveWord(for intent: PingIntent) -> ResolutionResult<String>
    func confirm(intent: PingIntent) -> IntentResponse
    func handle(intent: PingIntent) -> IntentResponse
}

/// A trivial handler: accepts the word, is ready, succeeds.
@MainActor
final class PingHandler: PingIntentHandling {
    func resolveWord(for intent: PingIntent) -> ResolutionResult<String> { .accepting(intent.word) }
    func confirm(intent: PingIntent) -> IntentResponse { .ready }
    func handle(intent: PingIntent) -> IntentResponse { .success }
}

/// The app delegate: the store's handler, else one shared handler.
@MainActor
final class PingDelegate: ApplicationDelegate {
    let fallback = PingHandler()
    func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? {
        application.handlerStore.handler(for: intent) ?? fallback
    }
}

/// A screen that registers a handler, for the sessions benchmark.
@MainActor
final class PingScreen: ViewController {
    let handler = PingHandler()
    override func viewDidAppear() { registerIntentHandler(handler) }
}

/// A scene delegate giving each scene a `PingScreen`.
@MainActor
final class PingSceneDelegate: SceneDelegate {
    init() {}
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.rootViewController = PingScreen(name: "Ping")
    }
}

/// A user who is never asked anything (the benchmark's intent needs no dialog).
struct SilentUser: UserAgent {
    func hear(_ line: String) async {}
    func answer(_ prompt: Prompt) async -> Reply { .cancel }
}

/// A ping app with its host, connection and an assistant on the real clock.
@MainActor
struct PingRig {
    let application: Application
    let assistant: Assistant
    let connection: InProcessConnection
    let host: IntentHost

    init(tracing: Bool) throws {
        let manifest = AppManifest(
            supportsMultipleScenes: true,
            sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "PingSceneDelegate")]],
            intentsSupported: ["PingIntent"], userActivityTypes: ["PingIntent"])
        application = Application(
            manifest: manifest, sceneDelegates: ["PingSceneDelegate": PingSceneDelegate.self],
            delegate: { PingDelegate() })
        host = IntentHost(application: application, catalog: try IntentCatalog([PingIntent.self]))
        connection = InProcessConnection(host: host, appName: "Ping")
        assistant = Assistant(
            connection: connection, user: SilentUser(), device: Device(), clock: ContinuousClock(), isTracing: tracing)
    }

    /// Opens `count` scenes and sends them all to the background.
    func openIdleScenes(_ count: Int) throws {
        try application.launch(.user)
        for _ in 1..<max(1, count) { try application.userOpensNewWindow() }
        try application.moveToBackground()
    }
}

/// One typed request, reused.
let pingRequest = AssistantRequest.intent(PingIntent(word: "hello"))
