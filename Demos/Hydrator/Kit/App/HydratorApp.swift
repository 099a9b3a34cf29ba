import Foundation
import SceneIntents

/// Hydrator, assembled: the app (manifest, delegates, Today and Add screens) over the shared
/// store, and its intent host. An assistant reaches it through a connection its front end makes
/// (`HydratorShell`), in this process or another.
@MainActor
public final class HydratorApp {
    /// The app's name.
    public nonisolated static let name = "Hydrator"
    /// The app's bundle identifier.
    public nonisolated static let bundleIdentifier = "com.example.Hydrator"
    /// The app's runtime.
    public let application: Application
    /// The app's side of the boundary.
    public let host: IntentHost
    /// The device (lock state), shared with the assistant.
    public let device: Device
    /// The app's view of the shared store.
    public let model: HydrationModel

    /// The app over the store in `container`, not yet running.
    public init(
        container: String, device: Device = Device(), calendar: Calendar = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        let model = HydrationModel(store: HydrationStore(container: container), calendar: calendar, now: now)
        self.model = model
        self.device = device
        application = Application(
            manifest: Self.manifest, device: device,
            sceneDelegates: ["Default Configuration": { HydratorSceneDelegate(model: model) }],
            delegate: { HydratorAppDelegate(model: model) })
        host = IntentHost(application: application, catalog: Self.catalog)
    }

    /// The app's manifest; `Bundle/Hydrator.app/Info.plist` says the same (a test checks).
    public nonisolated static let manifest = AppManifest(
        supportsMultipleScenes: true,
        sceneConfigurations: [
            .windowApplication: [SceneConfiguration(name: "Default Configuration", delegateClassName: "HydratorSceneDelegate")]
        ],
        intentsSupported: HydratorIntentDefinition.intentTypes.map { $0.typeName },
        userActivityTypes: HydratorIntentDefinition.intentTypes.map { $0.typeName })

    /// The intents the app defines (generated from `Hydrator.intentdefinition`).
    public nonisolated static let catalog = HydratorIntentDefinition.catalog

    /// The words the assistant understands for Hydrator: the definition's shortcut titles, a few
    /// more ways to say it, each with "ounces", "ounce" or "oz", and Hydrator's own wording of
    /// the assistant's lines (the drinks' names come from `HydrationType` itself). What its
    /// bundle carries, and what an assistant in its process is made from.
    public nonisolated static func words() -> AppVocabulary {
        var words = AppVocabulary(dialogs: dialogReplacements)
        for (phrase, intent) in HydratorIntentDefinition.phrases {
            words.phrases += unitVariants(of: phrase).map { AppVocabulary.Phrase($0, intent: intent) }
        }
        words.add(spokenPhrases.flatMap(unitVariants), for: TrackIntakeIntent.self)
        return words
    }

    /// Ways to ask beyond the definition's titles.
    public nonisolated static let spokenPhrases = [
        "log a drink of ${hydrationType}", "log a drink", "track my water intake", "log ${ounces} ounces",
        "i drank ${ounces} ounces of ${hydrationType}", "add ${ounces} ounces of ${hydrationType}",
    ]

    /// The words a phrase's unit may be said with: "ounces", and "ounce" (1 ounce) and "oz", and
    /// the fluid ounces drinks are sold in ("fl oz", "fluid ounces").
    public nonisolated static let unitWords = ["ounces", "ounce", "oz", "fl oz", "fluid ounces", "fluid ounce"]

    /// `phrase` with each of `unitWords` where it says "ounces", and with no unit word, so that
    /// an amount written against its unit ("8oz", which matching reads as one word) is taken
    /// whole into the slot and read by `ounces(in:)` (itself alone when it says no "ounces").
    nonisolated static func unitVariants(of phrase: String) -> [String] {
        guard phrase.contains(" ounces") else { return [phrase] }
        return (unitWords.map { " \($0)" } + [""]).map { phrase.replacingOccurrences(of: " ounces", with: $0) }
    }

    /// The amount in words such as "8 oz", "eight ounces", "1 ounce" or "8oz" (a number, then
    /// one of `unitWords`, with or without a space between), if they say one.
    nonisolated static func ounces(in words: String) -> Int? {
        amount(in: words).flatMap { Int.fromSpoken($0, identifier: nil) }
    }

    /// Whether `words` say a fraction of an ounce ("1.5", "2.5 oz", "0.5oz"), which Hydrator
    /// refuses with its own reason rather than as words it did not catch.
    nonisolated static func saysFraction(_ words: String) -> Bool {
        let number = amount(in: words) ?? words.trimmingCharacters(in: .whitespaces)
        guard number.contains("."), let value = Double(number), value.isFinite else { return false }
        return value.rounded() != value
    }

    /// The words before the unit of "8 oz", "eight ounces", "8oz" or "8 fl oz" (nil when no
    /// unit ends them, or nothing is before it).
    private nonisolated static func amount(in words: String) -> String? {
        let said = words.split(separator: " ").joined(separator: " ").lowercased()
        // The longest unit first: "8 fluid ounces" ends with "ounces" too.
        guard let unit = unitsLongestFirst.first(where: { said.hasSuffix($0) }) else { return nil }
        let number = said.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
        return number.isEmpty ? nil : number
    }

    private nonisolated static let unitsLongestFirst = unitWords.sorted { $0.count > $1.count }

    /// The app delegate of the current run, if the app is running.
    public var delegate: HydratorAppDelegate? { application.delegate as? HydratorAppDelegate }
}
