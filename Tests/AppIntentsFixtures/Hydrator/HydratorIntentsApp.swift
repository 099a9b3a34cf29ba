import Foundation
import HydratorKit
import SceneAppIntents
import SceneIntents

/// Hydrator with its intent declared in App Intents' style (`LogDrinkIntent` here): the demo's
/// model, store and screens, its intents from `AppIntentsCatalog`, `perform()` logging through
/// the app's model (a `@Dependency`), so the Today screen shows what was logged.
@MainActor
public final class HydratorIntentsApp {
    /// The app's name (what `\(.applicationName)` says).
    public nonisolated static let name = "Hydrator"
    /// The app's intents, shortcuts and dependencies.
    public let intents: AppIntentsCatalog
    /// The app's runtime.
    public let application: Application
    /// The app's side of the boundary.
    public let host: IntentHost
    /// The app's view of the shared store.
    public let model: HydrationModel

    /// The app over the store in `container`, not yet running.
    public init(
        container: String, device: Device = Device(), calendar: Calendar = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let model = HydrationModel(store: HydrationStore(container: container), calendar: calendar, now: now)
        self.model = model
        let dependencies = AppDependencyManager()
        dependencies.add(dependency: model)
        let intents = AppIntentsCatalog([LogDrinkIntent.self], shortcuts: HydratorShortcuts.self, dependencies: dependencies)
        self.intents = intents
        application = Application(
            manifest: Self.manifest, device: device, sceneDelegates: ["Default Configuration": { HydratorSceneDelegate(model: model) }],
            delegate: { AppIntentsAppDelegate(intents: intents) })
        host = IntentHost(application: application, catalog: intents.catalog)
    }

    /// The app's manifest: the catalog's intents, Hydrator's scene configuration.
    public nonisolated static var manifest: AppManifest {
        AppIntentsCatalog([LogDrinkIntent.self]).manifest(sceneConfigurations: [
            .windowApplication: [SceneConfiguration(name: "Default Configuration", delegateClassName: "HydratorSceneDelegate")]
        ])
    }

    /// The assistant's words for the app: its shortcuts' phrases.
    public nonisolated static var words: AppVocabulary {
        AppIntentsCatalog([LogDrinkIntent.self], shortcuts: HydratorShortcuts.self).vocabulary(appName: name)
    }

    /// The intents as an intents extension serves them: `perform()` logging straight to the
    /// store in `container` through a model of its own (the extension has no screens).
    public static func extensionIntents(container: String) -> AppIntentsCatalog {
        let model = HydrationModel(store: HydrationStore(container: container))
        let dependencies = AppDependencyManager()
        dependencies.add(dependency: model)
        return AppIntentsCatalog([LogDrinkIntent.self], dependencies: dependencies)
    }

    /// The intents' engine catalog (for an assistant that links the app's types).
    public nonisolated static var catalog: IntentCatalog { AppIntentsCatalog([LogDrinkIntent.self]).catalog }
}
