/// A phrase the user recorded, bound to a shortcut: saying it runs the shortcut.
public struct VoiceShortcut: Sendable, Equatable, Codable, CustomStringConvertible {
    /// A unique identifier, stable across edits.
    public var identifier: String
    /// The phrase, as recorded.
    public var phrase: String
    /// The shortcut, with the phrase that was suggested for it.
    public var suggestion: ShortcutSuggestion

    /// A voice shortcut.
    public init(identifier: String, phrase: String, suggestion: ShortcutSuggestion) {
        self.identifier = identifier
        self.phrase = phrase
        self.suggestion = suggestion
    }

    /// "“roast me” → InsultMe".
    public var description: String { "“\(phrase)” → \(suggestion.shortcut.typeName)" }
}

/// How adding or editing a voice shortcut ended.
public enum VoiceShortcutResult: Sendable, Equatable, CustomStringConvertible {
    /// A new voice shortcut was recorded.
    case added(VoiceShortcut)
    /// Its phrase was changed.
    case updated(VoiceShortcut)
    /// It was deleted.
    case deleted(VoiceShortcut)
    /// The user cancelled: nothing changed.
    case cancelled

    /// One line.
    public var description: String {
        switch self {
        case .added(let shortcut): "added \(shortcut)"
        case .updated(let shortcut): "updated \(shortcut)"
        case .deleted(let shortcut): "deleted \(shortcut)"
        case .cancelled: "cancelled"
        }
    }
}

/// What the user does when editing a voice shortcut.
public enum VoiceShortcutChange: Sendable, Equatable {
    /// Records a new phrase.
    case rephrase(String)
    /// Deletes the voice shortcut.
    case delete
    /// Leaves it as it is.
    case cancel
}

/// Why a voice shortcut could not be added or edited.
public typealias VoiceShortcutRefusal = FeatureError<VoiceShortcutRefusalCode>

/// The kinds of `VoiceShortcutRefusal`.
public enum VoiceShortcutRefusalCode: String, FeatureErrorCode {
    /// Another voice shortcut already answers the phrase.
    case clashesWithVoiceShortcut
    /// One of the app's own intent phrases already answers it.
    case clashesWithAppPhrase
    /// The phrase has no words, or holds `${`.
    case invalidPhrase
    /// No voice shortcut has this phrase.
    case unknownPhrase
    /// The shortcut cannot be made (see `ShortcutError`).
    case invalidShortcut
    /// The store could not keep the change.
    case storeFailed
}

/// The system's voice shortcut editor, as the app reaches it (the Add to Siri sheet).
public protocol VoiceShortcutEditing: Sendable {
    /// Records `phrase` (nil: the user dismissed the sheet, `cancelled`) for the suggestion.
    func add(_ suggestion: ShortcutSuggestion, phrase: String?) async throws(VoiceShortcutRefusal) -> VoiceShortcutResult
    /// Changes or deletes the voice shortcut recorded as `phrase`.
    func edit(phrase: String, _ change: VoiceShortcutChange) async throws(VoiceShortcutRefusal) -> VoiceShortcutResult
    /// Every voice shortcut, in the order recorded.
    func voiceShortcuts() async -> [VoiceShortcut]
}
