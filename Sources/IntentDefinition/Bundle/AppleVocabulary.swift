import Foundation
import SceneIntents

/// `AppIntentVocabulary.plist`, Apple's format for an app's phrases and parameter values.
///
/// `IntentPhrases`: `[{IntentName, IntentExamples: [phrase]}]`, the phrases without slots (Apple's
/// examples are plain words). `ParameterVocabularies`: `[{ParameterNames: ["Intent.parameter"],
/// ParameterVocabulary: [{VocabularyItemIdentifier, VocabularyItemSynonyms:
/// [{VocabularyItemPhrase}]}]}]`, one entry per slot; an item's first synonym is its name.
enum AppleVocabulary {
    /// The property list of `vocabulary`'s plain phrases and entities; a slot is listed under
    /// every intent of `catalog` with a parameter of its name (under its bare name when none has).
    static func propertyList(of vocabulary: AppVocabulary, catalog: CatalogDescription) -> [String: Any] {
        var order: [String] = []
        var examples: [String: [String]] = [:]
        for phrase in vocabulary.phrases where !phrase.template.contains("${") {
            if examples[phrase.intent] == nil { order.append(phrase.intent) }
            examples[phrase.intent, default: []].append(phrase.template)
        }
        let parameters = vocabulary.entities.keys.sorted().map { slot -> [String: Any] in
            let owners = catalog.intents.filter { $0.parameters.contains { $0.name.rawValue == slot } }.map { "\($0.typeName).\(slot)" }
            let items = (vocabulary.entities[slot] ?? []).map { entity -> [String: Any] in
                [
                    "VocabularyItemIdentifier": entity.identifier,
                    "VocabularyItemSynonyms": ([entity.name] + entity.synonyms).map { ["VocabularyItemPhrase": $0] },
                ]
            }
            return ["ParameterNames": owners.isEmpty ? [slot] : owners, "ParameterVocabulary": items]
        }
        return [
            "IntentPhrases": order.map { ["IntentName": $0, "IntentExamples": examples[$0] ?? []] as [String: Any] },
            "ParameterVocabularies": parameters,
        ]
    }

    /// The phrases and entities the file's bytes hold.
    static func read(_ data: Data, file: String) throws(AppBundleDataError) -> AppVocabulary {
        let value: PropertyListValue
        do { value = try PropertyListValue.read(data) } catch {
            throw AppBundleDataError(file: file, problem: "is not a property list (\(error))")
        }
        guard let root = value.dictionaryValue else { throw AppBundleDataError(file: file, problem: "is not a dictionary") }
        var vocabulary = AppVocabulary()
        for (index, entry) in try list(root["IntentPhrases"], "IntentPhrases", file).enumerated() {
            let key = "IntentPhrases[\(index)]"
            let intent = try text(entry["IntentName"], "\(key).IntentName", file)
            for example in try texts(entry["IntentExamples"], "\(key).IntentExamples", file) {
                vocabulary.phrases.append(AppVocabulary.Phrase(example, intent: intent))
            }
        }
        for (index, entry) in try list(root["ParameterVocabularies"], "ParameterVocabularies", file).enumerated() {
            let key = "ParameterVocabularies[\(index)]"
            guard let name = try texts(entry["ParameterNames"], "\(key).ParameterNames", file).first else {
                throw AppBundleDataError(file: file, problem: "\(key).ParameterNames is empty")
            }
            let slot = String(name.split(separator: ".").last ?? Substring(name))
            vocabulary.entities[slot] = try list(entry["ParameterVocabulary"], "\(key).ParameterVocabulary", file).enumerated().map {
                item throws(AppBundleDataError) in
                let itemKey = "\(key).ParameterVocabulary[\(item.offset)]"
                let identifier = try text(item.element["VocabularyItemIdentifier"], "\(itemKey).VocabularyItemIdentifier", file)
                let phrases = try list(item.element["VocabularyItemSynonyms"], "\(itemKey).VocabularyItemSynonyms", file).enumerated().map {
                    synonym throws(AppBundleDataError) in
                    try text(synonym.element["VocabularyItemPhrase"], "\(itemKey).VocabularyItemSynonyms[\(synonym.offset)].VocabularyItemPhrase", file)
                }
                guard let first = phrases.first else {
                    throw AppBundleDataError(file: file, problem: "\(itemKey).VocabularyItemSynonyms is empty: an item needs its name")
                }
                return Entity(identifier: identifier, name: first, synonyms: Array(phrases.dropFirst()))
            }
        }
        return vocabulary
    }

    private static func list(
        _ value: PropertyListValue?, _ key: String, _ file: String
    ) throws(AppBundleDataError) -> [[String: PropertyListValue]] {
        guard let value else { return [] }
        guard let list = value.dictionariesValue else { throw AppBundleDataError(file: file, problem: "\(key) is not a list of dictionaries") }
        return list
    }

    private static func texts(_ value: PropertyListValue?, _ key: String, _ file: String) throws(AppBundleDataError) -> [String] {
        guard let value else { return [] }
        guard let list = value.stringsValue else { throw AppBundleDataError(file: file, problem: "\(key) is not a list of strings") }
        return list
    }

    private static func text(_ value: PropertyListValue?, _ key: String, _ file: String) throws(AppBundleDataError) -> String {
        guard let text = value?.stringValue, !text.isEmpty else { throw AppBundleDataError(file: file, problem: "\(key) is missing or not a string") }
        return text
    }
}
