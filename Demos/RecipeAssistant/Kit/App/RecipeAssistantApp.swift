import Foundation
import SceneIntents

/// The Recipe Assistant, assembled: the app (manifest from its Info.plist, delegates, screens)
/// and its intent host. An assistant reaches it through a connection its front end makes
/// (`RecipeAssistantCLI`), in this process or another.
@MainActor
public final class RecipeAssistantApp {
    /// The app's name.
    public static let name = "Recipe Assistant"
    /// The app's bundle identifier: its host says it in its hello, and its sessions are kept under it.
    public static let bundleIdentifier = "com.example.RecipeAssistant"
    /// The app's runtime.
    public let application: Application
    /// The app's side of the boundary.
    public let host: IntentHost
    /// The device (lock state), shared with the assistant.
    public let device: Device
    /// The recipes.
    public let book: RecipeBook
    /// Whether the device's lock sent the scenes on screen to the background (its unlock
    /// brings them back).
    var lockSentHome = false

    /// The app, not yet running.
    ///
    /// - Parameters:
    ///   - catalogSize: synthetic recipes added to the book for search at scale.
    ///   - manifest: the manifest (default: the Info.plist shipped with the demo).
    public init(catalogSize: Int = 0, device: Device = Device(), manifest: AppManifest? = nil) throws {
        let book = RecipeBook.demo(catalogSize: catalogSize)
        self.book = book
        self.device = device
        let runs = RecipeModelRuns(book: book)
        application = Application(
            manifest: try manifest ?? Self.bundledManifest(), device: device,
            sceneDelegates: ["Default Configuration": { RecipeSceneDelegate(model: runs.current) }],
            delegate: { RecipeAppDelegate(model: runs.start()) })
        host = IntentHost(application: application, catalog: Self.catalog)
    }

    /// The intents the app defines (generated from `Recipes.intentdefinition`).
    public nonisolated static let catalog = RecipesIntentDefinition.catalog

    /// The manifest read from the Info.plist shipped with the demo.
    public nonisolated static func bundledManifest() throws -> AppManifest {
        guard let url = Bundle.module.url(forResource: "Info", withExtension: "plist", subdirectory: "Resources")
        else {
            throw ManifestError(code: .malformedPropertyList, key: "Info.plist", value: "not found in the demo's resources")
        }
        return try AppManifest(contentsOf: url)
    }

    /// The words the assistant understands, with `featured` recipes as entities: what the app's
    /// bundle carries (made with the demo book's featured recipes), and what an assistant in its
    /// process is made from.
    public nonisolated static func words(featured: [Recipe]) -> AppVocabulary {
        var words = AppVocabulary()
        words.add(
            [
                "show directions for ${recipe}", "directions for ${recipe}", "show me ${recipe}",
                "how do i make ${recipe}", "let's cook ${recipe}", "next step", "what's next", "continue",
                "show directions",
            ], for: ShowDirectionsIntent.self)
        words.entities["recipe"] = featured.map { Entity(identifier: $0.identifier, name: $0.title) }
        return words
    }

    /// The screen on top of the foreground (most recently active) scene, if any.
    public var foregroundScreen: (any RecipeScreen)? {
        application.mostRecentlyActiveScene?.visibleViewController as? any RecipeScreen
    }
}
