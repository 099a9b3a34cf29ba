import Assistant
import SceneIntents

/// Wyoming's `recognize`: the intent the words read as, in the app whose words read them best,
/// with its parameters as entities; no app is called.
enum WyomingRecognizer {
    /// `intent` (name and entities) or `not-recognized` (saying why) for `text`; ties between
    /// apps go to `current` (a bundle identifier).
    static func recognize(_ text: String, among apps: [ServedApp], preferring current: String?) -> WyomingEvent {
        if let refusal = Admission.refusal(of: text) { return .notRecognized(text: refusal) }
        guard let app = AppChooser.choose(text, among: apps, preferring: current) else {
            return .notRecognized(text: "No app here understands \"\(text)\".")
        }
        // A voice shortcut's phrase is its intent, with the parameters the user recorded it with.
        if let shortcut = app.shortcuts?.store.voiceShortcut(matching: text), case .intent(let intent) = shortcut.suggestion.shortcut {
            let descriptor = app.connection.catalog.descriptor(named: intent.typeName)
            let entities = (descriptor?.parameters ?? []).compactMap { parameter -> WyomingEntity? in
                guard let values = descriptor?.values(of: parameter.name, in: intent), let value = values.first else { return nil }
                return WyomingEntity(name: parameter.name.rawValue, value: json(value))
            }
            return .intent(name: intent.typeName, entities: entities.sorted { $0.name < $1.name })
        }
        switch app.vocabulary.match(text) {
        case .matched(let interpretation):
            let descriptor = app.connection.catalog.descriptor(named: interpretation.intent)
            let entities = interpretation.slots.sorted { $0.key < $1.key }.map { name, slot in
                let said = interpretation.said(slot, in: text)
                let value = descriptor?.value(for: name, spoken: said, identifier: slot.entity?.identifier)
                return WyomingEntity(name: name.rawValue, value: value.map(json) ?? .string(said))
            }
            return .intent(name: interpretation.intent, entities: entities)
        case .ambiguous(let candidates):
            let intents = candidates.map(\.intent).joined(separator: " or ")
            return .notRecognized(text: "\"\(text)\" could be \(intents) in \(app.bundle.name): say which.")
        case .noMatch:
            return .notRecognized(text: "No app here understands \"\(text)\".")
        }
    }

    /// A value as an entity carries it: a number or a truth value as such, anything else as
    /// its title (a recipe's name, a drink's).
    private static func json(_ value: AnyParameterValue) -> JSONValue {
        switch value.base {
        case let number as Int: .number(number)
        case let number as Double: JSONValue.number(number) ?? .string(value.displayItem.title)
        case let flag as Bool: .bool(flag)
        default: .string(value.displayItem.title)
        }
    }
}
