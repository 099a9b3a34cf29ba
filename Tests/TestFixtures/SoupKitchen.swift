import SceneIntents

/// A soup handler whose every answer a test sets: each phase calls a closure.
@MainActor
public final class ScriptedSoupHandler: OrderSoupIntentHandling, OpenSafeIntentHandling {
    public var soup: (OrderSoupIntent) async throws -> ResolutionResult<Soup> = { .accepting($0.soup) }
    public var options: (String?) async throws -> ObjectCollection<Soup> = { term in
        let term = (term ?? "").lowercased()
        return ObjectCollection(items: Soup.menu.filter { term.isEmpty || $0.name.lowercased().contains(term) })
    }
    public var quantity: (OrderSoupIntent) async throws -> ResolutionResult<Int> = { _ in .notRequired }
    public var toppings: (OrderSoupIntent) async throws -> [ResolutionResult<String>] = { _ in [.notRequired] }
    public var confirmation: (OrderSoupIntent) async throws -> IntentResponse = { _ in .ready }
    public var handling: (OrderSoupIntent) async throws -> IntentResponse = { intent in
        IntentResponse(
            code: ResponseCode(rawValue: 100),
            values: ["quantity": String(intent.quantity ?? 1), "soup": intent.soup?.name ?? "?"])
    }
    /// Every phase called, in order.
    public private(set) var calls: [String] = []

    public init() {}

    public func resolveSoup(for intent: OrderSoupIntent) async throws -> ResolutionResult<Soup> {
        calls.append("resolveSoup")
        return try await soup(intent)
    }
    public func provideSoupOptions(for intent: OrderSoupIntent, searchTerm: String?) async throws -> ObjectCollection<Soup> {
        calls.append("provideSoupOptions(\(searchTerm ?? ""))")
        return try await options(searchTerm)
    }
    public func resolveQuantity(for intent: OrderSoupIntent) async throws -> ResolutionResult<Int> {
        calls.append("resolveQuantity")
        return try await quantity(intent)
    }
    public func resolveToppings(for intent: OrderSoupIntent) async throws -> [ResolutionResult<String>] {
        calls.append("resolveToppings")
        return try await toppings(intent)
    }
    public func confirm(intent: OrderSoupIntent) async throws -> IntentResponse {
        calls.append("confirm")
        return try await confirmation(intent)
    }
    public func handle(intent: OrderSoupIntent) async throws -> IntentResponse {
        calls.append("handle")
        return try await handling(intent)
    }
    public func handle(intent: OpenSafeIntent) async -> IntentResponse {
        calls.append("openSafe")
        return .success
    }
}

/// The kitchen app's delegate: answers `handler` (which a test may swap or clear) or the store's.
@MainActor
public final class KitchenDelegate: ApplicationDelegate {
    /// What `handlerFor` answers when no screen registered one (nil: not handled).
    public let fallback: (@MainActor (AnyIntent) -> Any?)?
    public init(fallback: (@MainActor (AnyIntent) -> Any?)? = nil) {
        self.fallback = fallback
    }
    public func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? {
        application.handlerStore.handler(for: intent) ?? fallback?(intent)
    }
}

/// The kitchen's scene delegate: one screen, named after its session.
@MainActor
public final class KitchenSceneDelegate: SceneDelegate {
    public init() {}
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let screen = KitchenScreen(name: "Screen-\(session.persistentIdentifier)")
        screen.connectionActivities = options.userActivities
        screen.restoredFrom = session.stateRestorationActivity
        scene.rootViewController = screen
    }
    /// Where the screen is: its name and how many times the scene was asked (so a restored
    /// scene shows which save it came back from).
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        saves += 1
        let activity = UserActivity(activityType: "com.example.kitchen.screen")
        try? activity.update { $0.userInfo = ["screen": .string(scene.rootViewController?.name ?? ""), "saves": .integer(saves)] }
        return activity
    }
    private var saves = 0
    public func scene(_ scene: Scene, continue userActivity: UserActivity) {
        (scene.rootViewController as? KitchenScreen)?.continued.append(userActivity)
    }
}

/// A screen that registers its own handler when it appears.
@MainActor
public final class KitchenScreen: ViewController {
    public let handler = ScriptedSoupHandler()
    public var connectionActivities: [UserActivity] = []
    public var continued: [UserActivity] = []
    /// The session's restoration activity when the scene connected, if it had one.
    public var restoredFrom: UserActivity?
    override public func viewDidAppear() {
        registerIntentHandler(handler)
    }
}

/// The kitchen app's pieces.
public enum Kitchen {
    /// A manifest listing the soup and safe intents (the safe restricted while locked).
    public static func manifest(multipleScenes: Bool = true) -> AppManifest {
        AppManifest(
            supportsMultipleScenes: multipleScenes,
            sceneConfigurations: [
                .windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "KitchenSceneDelegate")]
            ],
            intentsSupported: ["OrderSoupIntent", "OpenSafeIntent"],
            intentsRestrictedWhileLocked: ["OpenSafeIntent"],
            userActivityTypes: ["OrderSoupIntent", "OpenSafeIntent"])
    }

    /// The kitchen's scene delegate factories, by configuration name.
    @MainActor
    public static var sceneDelegates: [String: SceneDelegateFactory] { ["Default": { KitchenSceneDelegate() }] }

    /// The kitchen extension's handler: it says it is the extension in every dialog, or answers
    /// continueInApp (so the system must open the app).
    @MainActor
    public static func extensionHandler(continueInApp: Bool) -> ScriptedSoupHandler {
        let handler = ScriptedSoupHandler()
        handler.handling = { intent in
            if continueInApp { return .continueInApp }
            return IntentResponse(
                code: .success, dialog: "The extension ordered \(intent.quantity ?? 1) \(intent.soup?.name ?? "soup").")
        }
        return handler
    }

    /// The catalog of the fixture intents.
    public static func catalog() throws -> IntentCatalog {
        try IntentCatalog([OrderSoupIntent.self, OpenSafeIntent.self, UnlistedIntent.self])
    }

    /// A kitchen app, not running.
    @MainActor
    public static func application(
        device: Device = Device(), multipleScenes: Bool = true,
        fallback: (@MainActor (AnyIntent) -> Any?)? = nil
    ) -> Application {
        Application(
            manifest: manifest(multipleScenes: multipleScenes), device: device,
            sceneDelegates: sceneDelegates, delegate: { KitchenDelegate(fallback: fallback) })
    }
}
