import Assistant
import SceneIntents

extension ShortcutsStore: VoiceShortcutEditing {
    /// `add(_:phrase:)` run on the store's queue: the calling task is suspended, not blocked.
    public func add(_ suggestion: ShortcutSuggestion, phrase: String?) async throws(VoiceShortcutRefusal) -> VoiceShortcutResult {
        try await offload { () throws(VoiceShortcutRefusal) in try self.add(suggestion, phrase: phrase) }
    }

    /// `edit(phrase:_:)` run on the store's queue: the calling task is suspended, not blocked.
    public func edit(phrase: String, _ change: VoiceShortcutChange) async throws(VoiceShortcutRefusal) -> VoiceShortcutResult {
        try await offload { () throws(VoiceShortcutRefusal) in try self.edit(phrase: phrase, change) }
    }

    /// Records `phrase` for a shortcut; nil (the user dismissed the sheet) answers `cancelled`.
    ///
    /// - Throws: `VoiceShortcutRefusal` when the phrase is empty or holds `${`, clashes with
    ///   another voice shortcut or an app phrase, the shortcut cannot be made, or the log refused.
    public func add(_ suggestion: ShortcutSuggestion, phrase: String?) throws(VoiceShortcutRefusal) -> VoiceShortcutResult {
        guard let phrase else { return .cancelled }
        let words = try Self.checked(phrase)
        do throws(ShortcutError) { try suggestion.shortcut.validate(in: catalog) } catch {
            throw VoiceShortcutRefusal(.invalidShortcut, value: phrase, error.message)
        }
        let shortcut = VoiceShortcut(identifier: makeIdentifier(), phrase: words, suggestion: suggestion)
        try save(.voiceShortcutAdded(try frozen(shortcut)), phrase: words, replacing: nil)
        return .added(shortcut)
    }

    /// Changes the phrase of the voice shortcut recorded as `phrase`, deletes it, or (cancel)
    /// leaves it.
    ///
    /// - Throws: `unknownPhrase` when no voice shortcut has the phrase; as `add` for a new phrase.
    public func edit(phrase: String, _ change: VoiceShortcutChange) throws(VoiceShortcutRefusal) -> VoiceShortcutResult {
        guard let current = voiceShortcut(phrased: phrase) else {
            throw VoiceShortcutRefusal(.unknownPhrase, value: phrase, "there is no voice shortcut “\(phrase)”")
        }
        switch change {
        case .cancel:
            return .cancelled
        case .delete:
            try save(.voiceShortcutDeleted(identifier: current.identifier), phrase: nil, replacing: current.identifier)
            return .deleted(current)
        case .rephrase(let newPhrase):
            let words = try Self.checked(newPhrase)
            try save(.voiceShortcutRephrased(identifier: current.identifier, phrase: words), phrase: words, replacing: current.identifier)
            var updated = current
            updated.phrase = words
            return .updated(updated)
        }
    }

    /// `appPhrases`, then each intent voice shortcut's phrase for its intent: the words an
    /// assistant reads the app's requests with, the user's own phrases included.
    public func vocabulary(over appPhrases: Vocabulary) -> Vocabulary {
        var vocabulary = appPhrases
        for shortcut in voiceShortcuts() where Admission.refusal(of: shortcut.phrase) == nil {
            guard case .intent(let intent) = shortcut.suggestion.shortcut else { continue }
            // Each phrase was checked when it was recorded (one over the limit, recorded before
            // there was one, could never be said).
            try? vocabulary.addPhrase(shortcut.phrase, intent: intent.typeName)
        }
        return vocabulary
    }

    /// Every voice shortcut, in the order recorded (a read of the replayed state: no I/O).
    public func voiceShortcuts() -> [VoiceShortcut] { state.withLock { $0.replayed.voiceShortcuts } }

    /// The voice shortcut saying `words` runs, if any (read as the assistant reads phrases).
    public func voiceShortcut(matching words: String) -> VoiceShortcut? {
        // Words the assistant refuses as too long are matched against nothing.
        guard Admission.refusal(of: words) == nil else { return nil }
        let shortcuts = voiceShortcuts()
        guard case .matched(let reading) = Self.vocabulary(of: shortcuts).match(words) else { return nil }
        return shortcuts.first { $0.identifier == reading.intent }
    }

    /// The voice shortcut recorded as exactly these words (ignoring case and outer spaces).
    func voiceShortcut(phrased phrase: String) -> VoiceShortcut? {
        let wanted = phrase.trimmingCharacters(in: .whitespaces).lowercased()
        return voiceShortcuts().first { $0.phrase.lowercased() == wanted }
    }

    /// Commits a change whose new phrase (if any) must not clash with the other voice shortcuts
    /// (checked under the lock, so two adds cannot both take a phrase) or the app's phrases.
    private func save(_ record: ShortcutsRecord, phrase: String?, replacing identifier: String?) throws(VoiceShortcutRefusal) {
        if let phrase, let clash = Self.reading(phrase, in: appPhrases) {
            throw VoiceShortcutRefusal(
                .clashesWithAppPhrase, value: phrase,
                "“\(phrase)” is already how \(appName) is asked for \(clash.intent) (“\(clash.phrase)”); choose other words")
        }
        do throws(StoreFailure) {
            try commit(record) { (state: ShortcutsState) throws(StoreFailure) in
                guard let phrase else { return }
                let others = state.voiceShortcuts.filter { $0.identifier != identifier }
                if let clash = Self.reading(phrase, in: Self.vocabulary(of: others)),
                    let other = others.first(where: { $0.identifier == clash.intent })
                {
                    let message = "“\(phrase)” would clash with the voice shortcut “\(other.phrase)”; choose other words"
                    throw StoreFailure(detail: message, refusal: VoiceShortcutRefusal(.clashesWithVoiceShortcut, value: phrase, message))
                }
            }
        } catch {
            throw error.refusal ?? VoiceShortcutRefusal(.storeFailed, value: phrase ?? "", error.detail)
        }
    }

    private func frozen(_ shortcut: VoiceShortcut) throws(VoiceShortcutRefusal) -> Frozen {
        do throws(StoreFailure) { return try Frozen(shortcut) } catch {
            throw VoiceShortcutRefusal(.storeFailed, value: shortcut.phrase, error.detail)
        }
    }

    /// The phrase, trimmed, when it can be a voice shortcut's: words the assistant admits as an
    /// utterance (`Admission`), since it is said as one.
    private static func checked(_ phrase: String) throws(VoiceShortcutRefusal) -> String {
        if Admission.refusal(of: phrase) != nil {
            throw VoiceShortcutRefusal(
                .invalidPhrase, value: Admission.shortened(phrase),
                "a voice shortcut's phrase is said as an utterance: at most \(Admission.limitText) characters")
        }
        let words = phrase.trimmingCharacters(in: .whitespaces)
        // Words are said: a control character (a tab, a terminal's escape) is never heard, and
        // would be printed wherever the phrase is listed.
        if words.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw VoiceShortcutRefusal(
                .invalidPhrase, value: PrintableText.escaped(words), "a voice shortcut's phrase is words: no control characters")
        }
        var probe = Vocabulary()
        guard !words.contains("$"), (try? probe.addPhrase(words, intent: "probe")) != nil else {
            throw VoiceShortcutRefusal(.invalidPhrase, value: phrase, "a voice shortcut's phrase needs words, and no “$” or “{”")
        }
        return words
    }

    /// How `vocabulary` reads the phrase, when it reads it as anything.
    private static func reading(_ phrase: String, in vocabulary: Vocabulary) -> Interpretation? {
        switch vocabulary.match(phrase) {
        case .matched(let reading): reading
        case .ambiguous(let readings): readings.first
        case .noMatch: nil
        }
    }

    /// The voice shortcuts' phrases as a vocabulary whose "intents" are their identifiers.
    private static func vocabulary(of shortcuts: [VoiceShortcut]) -> Vocabulary {
        var vocabulary = Vocabulary()
        // Each phrase passed `checked` when it was recorded; one over the limit (recorded before
        // there was one) could never be said, and would slow every match.
        for shortcut in shortcuts where Admission.refusal(of: shortcut.phrase) == nil {
            try? vocabulary.addPhrase(shortcut.phrase, intent: shortcut.identifier)
        }
        return vocabulary
    }
}
