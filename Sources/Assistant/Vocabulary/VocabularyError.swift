/// Why ``Vocabulary/addPhrase(_:intent:)`` or ``Vocabulary/addPhrase(_:for:)`` rejected a phrase
/// template.
public struct VocabularyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of mistake in the template.
    public enum Code: String, Sendable, Equatable, Codable {
        /// The template has no words and no slots (it is empty, blank or only punctuation).
        case emptyTemplate
        /// A `${` has no closing `}` before the end or before the next `${`.
        case unclosedSlot
        /// A slot is written `${}`.
        case emptySlotName
        /// A slot name holds something other than letters, digits and underscores.
        case invalidSlotName
        /// Two slots follow each other with no word between them, so the split of the
        /// spoken words between them would be a guess.
        case adjacentSlots
        /// The same slot name appears twice in one template.
        case repeatedSlot
        /// The intent name is empty.
        case emptyIntent
        /// A slot names no parameter of the intent the phrase is added for (the words it
        /// would catch would be dropped).
        case unknownSlot
        /// The phrase is for an intent the app's catalog does not define.
        case unknownIntent
    }

    /// The kind of mistake.
    public var code: Code
    /// The template as it was passed in.
    public var template: String
    /// What is wrong and how to fix it, for a developer reading a log.
    public var message: String

    /// Creates an error; `message` should say how to fix the template.
    public init(code: Code, template: String, message: String) {
        self.code = code
        self.template = template
        self.message = message
    }

    /// The message followed by the offending template.
    public var description: String {
        "\(message) (template: \"\(template)\")"
    }
}
