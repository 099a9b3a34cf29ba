/// The benchmark's app: one intent with one parameter and a handler that answers at once,
/// shared by the in-process benchmark and the `ping-host` process.
import SceneIntents

/// The benchmark's intent: one resolvable parameter.
public struct PingIntent: Intent {
    public static let typeName = "PingIntent"
    public var word: String?
    public init() {}
    public init(word: String) { self.word = word }

    public static let schema = IntentSchema<PingIntent>(
        handler: (any PingIntentHandling).self,
        parameters: [
            .value("word", \.word, resolve: { (handler: any PingIntentHandling, intent) in handler.resolveWord(for: intent) })
        ],
        confirm: { handler, intent in handler.confirm(intent: intent) },
        handle: { handler, intent in handler.handle(intent: intent) })
}

/// The benchmark's handler protocol.
@MainActor
public protocol PingIntentHandling: AnyObject {
    func resolveWord(for intent: PingIntent) -> ResolutionResult<String>
    func confirm(intent: PingIntent) -> IntentResponse
    func handle(intent: PingIntent) -> IntentResponse
}

/// A trivial handler: accepts the word, is ready, succeeds.
@MainActor
public final class PingHandler: PingIntentHandling {
    public init() {}
    public func resolveWord(for intent: PingIntent) -> ResolutionResult<String> { .accepting(intent.word) }
    public func confirm(intent: PingIntent) -> IntentResponse { .ready }
    public func handle(intent: PingIntent) -> IntentResponse { .success }
}

/// The app delegate: the store's handler, else one shared handler.
@MainActor
public final class PingDelegate: ApplicationDelegate {
    let fallback = PingHandler()
    public init() {}
    public func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? {
        application.handlerStore.handler(for: intent) ?? fallback
    }
}

/// A screen that registers a handler, for the sessions benchmark.
@MainActor
public final class PingScreen: ViewController {
    let handler = PingHandler()
    override public func viewDidAppear() { registerIntentHandler(handler) }
}

/// A scene delegate giving each scene a `PingScreen`.
@MainActor
public final class PingSceneDelegate: SceneDelegate {
    /// A delegate.
    public init() {}
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.rootViewController = PingScreen(name: "Ping")
    }
}

/// The ping app, not running: a manifest listing `PingIntent`, one scene configuration.
@MainActor
public func makePingApplication() -> Application {
    let manifest = AppManifest(
        supportsMultipleScenes: true,
        sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "PingSceneDelegate")]],
        intentsSupported: ["PingIntent"], userActivityTypes: ["PingIntent"])
    return Application(
        manifest: manifest, sceneDelegates: ["Default": { PingSceneDelegate() }], delegate: { PingDelegate() })
}

/// The ping app's intent types.
public func pingCatalog() throws -> IntentCatalog {
    try IntentCatalog([PingIntent.self])
}
