import Foundation
import SceneIntents
import SceneIntentsFeatures

/// Hobson, assembled: the app (manifest from its Info.plist, delegates, its screen), its intent
/// host, and the dispatcher every action goes through. Whoever connects the app to a system sets
/// the dispatcher's outlet, where its shortcuts messages (donations, suggestions, timeline lines)
/// go: the app host to its endpoint, the front end (`HobsonCLI`) to its in-process connection.
@MainActor
public final class HobsonApp {
    /// The app's name.
    public static let name = "Hobson"
    /// The app's URL scheme.
    public static let scheme = "hobson"
    /// The app's runtime.
    public let application: Application
    /// The app's side of the boundary.
    public let host: IntentHost
    /// The device, shared with the assistant.
    public let device: Device
    /// The insults.
    public let book: InsultBook
    /// The one dispatch path.
    public let dispatcher: ActionDispatcher
    /// The actions.
    public let actions: HobsonActions

    /// The app, not yet running.
    ///
    /// - Parameters:
    ///   - clock: times the dispatcher's performances.
    ///   - manifest: the manifest (default: the Info.plist shipped with the demo).
    ///   - group: the features served (default: the app's group).
    ///   - makeIdentifier: names donations (default: UUIDs).
    ///   - now: dates donations.
    public init<C: Clock>(
        clock: C, manifest: AppManifest? = nil, group: FeatureGroup = HobsonFeatures.app,
        conditions: FeatureConditions = HobsonFeatures.defaultConditions, device: Device = Device(),
        makeIdentifier: @escaping @MainActor () -> String = { HobsonApp.shortIdentifier() },
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws where C.Duration == Duration {
        let manifest = try manifest ?? Self.bundledManifest()
        let book = InsultBook()
        let actions = HobsonActions(book: book)
        let dispatcher = ActionDispatcher(
            group: group, manifest: manifest, scheme: Self.scheme, conditions: conditions, clock: clock,
            makeIdentifier: makeIdentifier, now: now)
        self.book = book
        self.actions = actions
        self.dispatcher = dispatcher
        self.device = device
        application = Application(
            manifest: manifest, device: device,
            sceneDelegates: [
                "Default Configuration": { HobsonSceneDelegate(book: book, actions: actions, dispatcher: dispatcher) }
            ],
            delegate: { HobsonAppDelegate(book: book, dispatcher: dispatcher, actions: actions) })
        host = IntentHost(application: application, catalog: Self.catalog)
        let application = application
        actions.register(with: dispatcher) { () -> any InsultPresenter in Self.presenter(of: application) }
    }

    /// The foreground screen, or nothing to draw on (launched for an intent, no scene).
    static func presenter(of application: Application) -> any InsultPresenter {
        if let screen = application.mostRecentlyActiveScene?.visibleViewController as? InsultViewController { return screen }
        return NoScreen()
    }

    /// A short random name for a donation or a voice shortcut (8 hexadecimal digits).
    public nonisolated static func shortIdentifier() -> String {
        String(UUID().uuidString.prefix(8)).lowercased()
    }

    /// The intents the app defines.
    public nonisolated static let catalog = IntentCatalog(intents: [InsultMeIntent.self, GetFavouriteInsultIntent.self, MakeMeLaughIntent.self])

    /// The manifest read from the Info.plist shipped with the demo.
    public nonisolated static func bundledManifest() throws -> AppManifest {
        guard let url = Bundle.module.url(forResource: "Info", withExtension: "plist", subdirectory: "Resources") else {
            throw ManifestError(code: .malformedPropertyList, key: "Info.plist", value: "not found in the demo's resources")
        }
        return try AppManifest(contentsOf: url)
    }

    /// The words the assistant understands for Hobson (the styles' names come from
    /// `InsultStyle` itself): what its bundle carries, and what an assistant in its process is
    /// made from.
    public nonisolated static func words() -> AppVocabulary {
        var words = AppVocabulary()
        words.add(["insult me", "insult me like a ${style}", "give me a ${style} insult"], for: InsultMeIntent.self)
        words.add(["whats my favourite insult", "tell me my favourite insult"], for: GetFavouriteInsultIntent.self)
        words.add(["make me laugh", "tell me a joke"], for: MakeMeLaughIntent.self)
        return words
    }

    /// Sets the app's shortcut suggestions again (after its conditions changed).
    public func publishSuggestions() {
        actions.publishSuggestions(with: dispatcher)
    }

    /// The screen on top of the foreground scene, if any.
    public var screen: InsultViewController? {
        application.mostRecentlyActiveScene?.visibleViewController as? InsultViewController
    }
}
