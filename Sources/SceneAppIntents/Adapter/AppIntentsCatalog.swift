import SceneIntents

/// An app's App Intents as the engine's: the one adapter between the two.
///
/// ```swift
/// let intents = AppIntentsCatalog([LogDrinkIntent.self], shortcuts: HydratorShortcuts.self)
/// let host = IntentHost(application: app, catalog: intents.catalog)
/// // the app delegate: application(_:handlerFor:) → intents.handler(for: intent, in: application)
/// AppMain(name: "Hydrator", bundleIdentifier: "com.example.Hydrator", words: intents.vocabulary(appName: "Hydrator")) {
///     HostedApp(host)
/// }.run()
/// ```
///
/// Each intent type becomes an engine intent named by its `persistentIdentifier`, with one
/// parameter per `@Parameter` (in declaration order) and `perform()` as its handle phase, so the
/// engine's phase budgets, trace, routing (app or extension), bundle data and testing kit apply
/// to it unchanged. Intents the shortcuts run are included whether or not they are listed.
public struct AppIntentsCatalog: Sendable {
    /// The intent types, in the order given (then the shortcuts' intents not listed).
    public let intentTypes: [any AppIntent.Type]
    /// The app's shortcuts.
    public let shortcuts: [AppShortcut]
    /// Where `@Dependency` reads from while the app's intents run.
    public let dependencies: AppDependencyManager
    /// The engine's catalog of the intents.
    public let catalog: IntentCatalog

    /// The catalog of these intent types and the shortcuts of `shortcuts`.
    public init(
        _ intents: [any AppIntent.Type], shortcuts provider: (any AppShortcutsProvider.Type)? = nil,
        dependencies: AppDependencyManager = .shared
    ) {
        let shortcuts = provider?.appShortcuts ?? []
        var types: [any AppIntent.Type] = []
        var seen = Set<ObjectIdentifier>()
        for type in intents + shortcuts.map(\.intentType) where seen.insert(ObjectIdentifier(type)).inserted {
            types.append(type)
        }
        // A type the engine's catalog leaves out (a second of one name, as two intents migrated
        // from one custom intent; a name no manifest can carry) is named in its problems and left
        // out of the lists here too, so no manifest lists an intent the app cannot serve.
        let catalog = IntentCatalog(intents: types.map { Self.engineType(of: $0) })
        var names = Set<String>()
        intentTypes = types.filter {
            catalog.descriptor(named: $0.persistentIdentifier) != nil && names.insert($0.persistentIdentifier).inserted
        }
        self.catalog = catalog
        self.shortcuts = shortcuts
        self.dependencies = dependencies
    }

    /// What the engine's catalog refused, each naming the intent, which is left out of the
    /// catalog and the manifest: a second intent type of one name, a name no manifest can carry
    /// (empty, over 255 bytes, a control character), a parameter declared twice.
    public var problems: [IntentCatalogError] { catalog.problems }

    /// The intents' names, as a manifest lists them (`INIntentsSupported`).
    public var intentNames: [String] { intentTypes.map { $0.persistentIdentifier } }

    /// A manifest for an app that handles every intent in app: multiple scenes on, the intents
    /// listed, and listed as the activities the app continues (`NSUserActivityTypes`: any of
    /// them may bring the app forward, by `openAppWhenRun` or from `perform()`).
    public func manifest(sceneConfigurations: [SceneSessionRole: [SceneConfiguration]]) -> AppManifest {
        AppManifest(
            supportsMultipleScenes: true, sceneConfigurations: sceneConfigurations, intentsSupported: intentNames,
            userActivityTypes: intentNames)
    }

    /// The assistant's words for the app: each shortcut phrase, with `\(.applicationName)` as
    /// `appName`; an `AppEnum` slot takes the enum's cases, an `AppEntity` slot any words (its
    /// query finds the entity).
    public func vocabulary(appName: String) -> AppVocabulary {
        var words = AppVocabulary()
        for shortcut in shortcuts {
            words.phrases += shortcut.templates(appName).map { AppVocabulary.Phrase($0, intent: shortcut.intentIdentifier) }
        }
        return words
    }

    /// The handler of a request for one of the catalog's intents: what the app delegate's
    /// `application(_:handlerFor:)` answers. The current screen's `AppIntentScreenHandler`
    /// performs the intent when it handles its type; otherwise the intent's own `perform()`
    /// runs. Nil for an intent not in the catalog.
    @MainActor
    public func handler(for intent: AnyIntent, in application: Application) -> Any? {
        guard catalog.descriptor(named: intent.typeName) != nil else { return nil }
        let screen = application.handlerStore.handler(for: intent) as? AppIntentScreenHandler
        return AppIntentRunner(screen: screen?.handles(intent.typeName) == true ? screen : nil, dependencies: dependencies)
    }

    /// The handler of a request served by an intents extension (no screens): the intent's own
    /// `perform()`.
    @MainActor
    public func extensionHandler(for intent: AnyIntent) -> Any? {
        guard catalog.descriptor(named: intent.typeName) != nil else { return nil }
        return AppIntentRunner(screen: nil, dependencies: dependencies)
    }

    /// An intent of the app's type as the engine's request, with the values it was given (for a
    /// shortcut or a test that starts from an intent).
    public static func request<Intent: AppIntent>(_ intent: Intent) -> AnyIntent {
        AnyIntent(EngineIntent(intent))
    }

    /// The intent's parameter summary for its values (`"Log 8 of Water"`), a slot without a
    /// value written `${name}`; nil when the intent declares none.
    public static func summary<Intent: AppIntent>(of intent: Intent) -> String? {
        (Intent.parameterSummary as? any RenderedSummary)?.rendered(for: intent)
    }

    private static func engineType<A: AppIntent>(of type: A.Type) -> any Intent.Type { EngineIntent<A>.self }
}

/// An app delegate for an app whose intents are all App Intents: its handler for each request
/// is the catalog's (`AppIntentsCatalog.handler(for:in:)`), and it attaches its donation
/// manager to the app as it launches.
@MainActor
public final class AppIntentsAppDelegate: ApplicationDelegate {
    /// The app's intents.
    public let intents: AppIntentsCatalog
    /// What the app's donations go through.
    public let donations: IntentDonationManager

    /// A delegate for these intents, donating through `donations`.
    public init(intents: AppIntentsCatalog, donations: IntentDonationManager = .shared) {
        self.intents = intents
        self.donations = donations
    }

    /// Attaches the donation manager to the app.
    public func application(_ application: Application, willFinishLaunchingWith reason: LaunchReason) -> Bool {
        donations.attach(application)
        return true
    }

    /// The catalog's handler.
    public func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? {
        intents.handler(for: intent, in: application)
    }
}
