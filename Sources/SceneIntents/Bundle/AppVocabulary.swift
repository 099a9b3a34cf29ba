/// The words an app gives the assistant, as data: the phrases that ask for each intent, the
/// values a phrase's slots can take, and the app's own wording of the assistant's lines.
///
/// An app declares it once; it goes into the app's bundle (`AppBundleData`), from which a system
/// that knows the app only as installed reads it, and an assistant in the app's own process is
/// made from the same value, so both understand and say the same.
///
/// ```swift
/// var words = AppVocabulary()
/// words.add(["order ${soup}", "i'd like ${soup}"], for: OrderSoupIntent.self)
/// words.entities["soup"] = menu.map { Entity(identifier: $0.id, name: $0.name) }
/// words.dialogs["didNotGetValue"] = "Hmm, ${app} didn't catch that."
/// ```
public struct AppVocabulary: Sendable, Hashable, Codable {
    /// A way to ask for an intent: words with `${parameter}` slots ("order ${soup}").
    public struct Phrase: Sendable, Hashable, Codable {
        /// The words, with `${slot}`s naming the intent's parameters.
        public var template: String
        /// The intent's type name.
        public var intent: String

        /// A phrase.
        public init(_ template: String, intent: String) {
            self.template = template
            self.intent = intent
        }
    }

    /// The phrases, in the order they were added (earlier ones win ties within an intent).
    public var phrases: [Phrase]
    /// The values each slot can take, by slot name; a slot without entities takes any words.
    /// The cases of an enum parameter need no entry: the assistant takes them from the enum.
    public var entities: [String: [Entity]]
    /// The app's wording of the assistant's lines, by line name (the assistant's `DialogLine`
    /// raw values, such as `didNotGetValue`); the assistant checks each when it reads them.
    public var dialogs: [String: String]

    /// A vocabulary.
    public init(phrases: [Phrase] = [], entities: [String: [Entity]] = [:], dialogs: [String: String] = [:]) {
        self.phrases = phrases
        self.entities = entities
        self.dialogs = dialogs
    }

    /// Adds phrases for intent type `I`.
    public mutating func add<I: Intent>(_ templates: [String], for type: I.Type) {
        phrases += templates.map { Phrase($0, intent: I.typeName) }
    }
}
