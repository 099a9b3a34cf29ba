extension HydratorApp {
    /// Hydrator's own words where the assistant's default would do, keyed by the name of the
    /// assistant's line: carried in its bundle's data, so said in process, through the daemon and
    /// in the shell alike (`HydratorShell` checks each name is a line the assistant says).
    public nonisolated static let dialogReplacements: [String: String] = [
        "didNotGetValue": "Hmm, ${app} didn't catch that. You can say ${examples}."
    ]
}
