import SceneIntents

/// The app's shortcuts: what a user can say, with no setup, to run its intents.
///
/// ```swift
/// struct HydratorShortcuts: AppShortcutsProvider {
///     static var appShortcuts: [AppShortcut] {
///         AppShortcut(
///             intent: LogDrinkIntent(), phrases: ["Log \(\.$drink) in \(.applicationName)"],
///             shortTitle: "Log a Drink", systemImageName: "drop")
///     }
/// }
/// ```
///
/// The phrases become the assistant's vocabulary (`AppIntentsCatalog.vocabulary(appName:)`):
/// `\(.applicationName)` is the app's name, a parameter's slot (`\(\.$drink)`) takes the words
/// for its value (an `AppEnum`'s cases; an `AppEntity`'s words go to its query).
public protocol AppShortcutsProvider {
    /// The shortcuts.
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
    /// The colour of the app's tile in Shortcuts (kept).
    static var shortcutTileColor: ShortcutTileColor { get }
    /// Tells the system the entities a phrase's slots may take have changed (the vocabulary
    /// here takes any words for an entity slot and hands them to the query: nothing to do).
    static func updateAppShortcutParameters()
}

extension AppShortcutsProvider {
    /// Navy.
    public static var shortcutTileColor: ShortcutTileColor { .navy }
    /// Nothing to update.
    public static func updateAppShortcutParameters() {}
}

/// One shortcut: an intent and the phrases that run it.
public struct AppShortcut: Sendable {
    /// The intent's identifier (`AppIntent.persistentIdentifier`).
    public let intentIdentifier: String
    /// The intent's type.
    let intentType: any AppIntent.Type
    /// The phrases as vocabulary templates, for an app named `appName`.
    let templates: @Sendable (_ appName: String) -> [String]
    /// The shortcut's short title.
    public let shortTitle: LocalizedStringResource?
    /// The symbol shown with it.
    public let systemImageName: String?

    /// A shortcut.
    public init<Intent: AppIntent>(
        intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource, systemImageName: String
    ) {
        self.init(intent: intent, phrases: phrases, title: shortTitle, image: systemImageName)
    }

    /// A shortcut with no title (the intent's title is used).
    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>]) {
        self.init(intent: intent, phrases: phrases, title: nil, image: nil)
    }

    /// A shortcut with a title and no symbol.
    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource) {
        self.init(intent: intent, phrases: phrases, title: shortTitle, image: nil)
    }

    private init<Intent: AppIntent>(
        intent: Intent, phrases: [AppShortcutPhrase<Intent>], title: LocalizedStringResource?, image: String?
    ) {
        intentIdentifier = Intent.persistentIdentifier
        intentType = Intent.self
        templates = { appName in phrases.map { $0.template(appName: appName) } }
        shortTitle = title
        systemImageName = image
    }
}

/// A phrase of a shortcut: words, the app's name (`\(.applicationName)`), parameter slots.
public struct AppShortcutPhrase<Intent: AppIntent>: Sendable, ExpressibleByStringInterpolation {
    enum Segment: Sendable {
        case text(String)
        case applicationName
        /// A parameter, named from an intent of the type.
        case parameter(@Sendable (Intent) -> String?)
    }

    let segments: [Segment]

    /// A phrase of words.
    public init(stringLiteral value: String) {
        segments = [.text(value)]
    }

    /// A phrase with the app's name and slots.
    public init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
    }

    /// The phrase as a vocabulary template: the app's name written in, each slot `${name}`.
    func template(appName: String) -> String {
        let intent = Intent()
        return segments.map { segment in
            switch segment {
            case .text(let text): text
            case .applicationName: appName
            case .parameter(let name): name(intent).map { "${\($0)}" } ?? ""
            }
        }.joined()
    }

    /// Builds a phrase.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []

        /// An empty phrase.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Words.
        public mutating func appendLiteral(_ literal: String) {
            segments.append(.text(literal))
        }

        /// The app's name.
        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) {
            segments.append(.applicationName)
        }

        /// A parameter's slot.
        public mutating func appendInterpolation<Value>(_ keyPath: KeyPath<Intent, IntentParameter<Value>> & Sendable) {
            segments.append(.parameter { intent in ParameterNames.name(of: intent[keyPath: keyPath], in: intent) })
        }
    }
}

/// A token of a shortcut phrase.
public enum AppShortcutPhraseToken: Sendable, Hashable {
    /// The app's name.
    case applicationName
}

/// Builds the list of an app's shortcuts.
@resultBuilder
public enum AppShortcutsBuilder {
    /// One shortcut.
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    /// Several.
    public static func buildExpression(_ shortcuts: [AppShortcut]) -> [AppShortcut] { shortcuts }
    /// The shortcuts, in order.
    public static func buildBlock(_ parts: [AppShortcut]...) -> [AppShortcut] { parts.flatMap { $0 } }
    /// Shortcuts included when a condition holds.
    public static func buildOptional(_ part: [AppShortcut]?) -> [AppShortcut] { part ?? [] }
    /// One branch's shortcuts.
    public static func buildEither(first part: [AppShortcut]) -> [AppShortcut] { part }
    /// The other branch's shortcuts.
    public static func buildEither(second part: [AppShortcut]) -> [AppShortcut] { part }
    /// Shortcuts under an availability check.
    public static func buildLimitedAvailability(_ part: [AppShortcut]) -> [AppShortcut] { part }
    /// Shortcuts made in a loop.
    public static func buildArray(_ parts: [[AppShortcut]]) -> [AppShortcut] { parts.flatMap { $0 } }
}

/// The colour of an app's tile in Shortcuts (kept).
public enum ShortcutTileColor: Sendable, Hashable {
    /// A colour.
    case red, tangerine, orange, yellow, lime, grass, teal, lightBlue, navy, blue, purple, lavender, pink, grayBlue, grayBrown
}
