import Assistant

extension HydratorApp {
    /// Hydrator's own words where the assistant's default would do: said in process, through the
    /// daemon (`assistantd` links the same table) and in the shell alike.
    public nonisolated static let dialogReplacements: [String: String] = [
        DialogLine.didNotGetValue.rawValue: "Hmm, ${app} didn't catch that. You can say ${examples}."
    ]

    /// The assistant's lines with Hydrator's replacements.
    ///
    /// - Throws: `DialogTableError` when a replacement uses a slot its line does not have.
    public nonisolated static func dialogs() throws(DialogTableError) -> DialogTable {
        try DialogTable(Dictionary(uniqueKeysWithValues: dialogReplacements.compactMap { entry in
            DialogLine(rawValue: entry.key).map { ($0, entry.value) }
        }))
    }

    /// `configuration` saying Hydrator's lines, unless its caller already replaced some.
    nonisolated static func withDialogs(_ configuration: AssistantConfiguration) throws -> AssistantConfiguration {
        guard configuration.dialogs == .defaults else { return configuration }
        var configured = configuration
        configured.dialogs = try dialogs()
        return configured
    }
}
