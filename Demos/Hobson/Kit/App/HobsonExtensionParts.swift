import Foundation
import SceneIntents
import SceneIntentsFeatures

/// What Hobson's intents extension (`hobson-intents`) serves: the extension's feature group
/// (`InsultMe`, `MakeMeLaugh`) through its own dispatcher, the same path as the app's, with no
/// screen.
@MainActor
public struct HobsonExtensionParts {
    /// The extension's name.
    public static let name = "Hobson Intents"
    /// The intent types it handles.
    public static let intentsSupported = [InsultMeIntent.typeName, MakeMeLaughIntent.typeName]
    /// The app's intent types.
    public let catalog: IntentCatalog
    /// Every request's handler.
    public let handler: HobsonIntentHandler
    /// The dispatcher its actions perform through; its `outlet` sends what the extension
    /// performs (donations) to the system.
    public let dispatcher: ActionDispatcher

    /// The parts, over the bundled manifest.
    ///
    /// - Throws: a `ManifestError` or `IntentCatalogError` when the bundled Info.plist or the
    ///   intent types cannot work.
    public init(clock: some Clock<Duration> = ContinuousClock()) throws {
        let actions = HobsonActions(book: InsultBook())
        dispatcher = ActionDispatcher(
            group: HobsonFeatures.intentsExtension, manifest: try HobsonApp.bundledManifest(), scheme: HobsonApp.scheme,
            conditions: HobsonFeatures.defaultConditions, clock: clock)
        catalog = HobsonApp.catalog
        actions.register(with: dispatcher) { NoScreen() }
        handler = HobsonIntentHandler(dispatcher: dispatcher)
    }
}
