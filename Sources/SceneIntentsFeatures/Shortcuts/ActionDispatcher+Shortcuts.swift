import SceneIntents

extension ActionDispatcher {
    /// The shortcut for performing `action` with `input`, with the action's suggested phrase.
    /// One generic call for every intent action: no per-action code.
    ///
    /// - Throws: `ShortcutError` when the action's feature is unavailable now (it is not
    ///   offered) or its intent can make no shortcut.
    public func suggestion<A: IntentAction>(for action: A, _ input: A.Input) throws(ShortcutError) -> ShortcutSuggestion {
        if let feature = group.feature(declaring: A.self), let requirement = conditions.unmet(by: feature) {
            let unavailable = FeatureUnavailable(feature: feature.name, action: A.name, requirement: requirement)
            throw ShortcutError(.unavailable, value: A.name, "\(unavailable); it is not offered")
        }
        return ShortcutSuggestion(try Shortcut.make(from: action.intent(for: input)), suggestedPhrase: A.suggestedInvocationPhrase)
    }

    /// Sets the app's shortcut suggestions as a whole (empty clears them), through the outlet.
    public func setSuggestions(_ suggestions: [ShortcutSuggestion]) {
        outlet?(.setSuggestions(suggestions))
    }

    /// Deletes donations (by identifiers, group or all), through the outlet.
    public func deleteDonations(_ deletion: DonationDeletion) {
        outlet?(.deleteDonations(deletion))
    }

    /// Records a voice shortcut for `action` with `input` with the system's editor: `phrase`
    /// is what the user recorded (nil: they dismissed the sheet, `cancelled`). One generic call
    /// for every intent action.
    ///
    /// - Throws: `VoiceShortcutRefusal` for a clash, a bad phrase, or a shortcut that cannot be
    ///   made (`invalidShortcut`, with the `ShortcutError`'s message).
    public func addVoiceShortcut<A: IntentAction>(
        for action: A, _ input: A.Input, phrase: String?, editor: some VoiceShortcutEditing
    ) async throws(VoiceShortcutRefusal) -> VoiceShortcutResult {
        let suggestion: ShortcutSuggestion
        do throws(ShortcutError) { suggestion = try self.suggestion(for: action, input) } catch {
            throw VoiceShortcutRefusal(.invalidShortcut, value: phrase ?? A.name, error.message)
        }
        return try await editor.add(suggestion, phrase: phrase)
    }
}
