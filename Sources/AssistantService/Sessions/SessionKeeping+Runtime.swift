import SceneIntentsTransport

extension SessionKeeping {
    /// The name of the folder, inside a runtime directory, where a front end that starts its
    /// app's process keeps the app's sessions.
    public static let folderName = "sessions"

    /// Keeps `bundleIdentifier`'s sessions in `<runtimeDirectory>/sessions` (one file per app,
    /// made on first use): the demos' front ends with `--separate-processes` keep them there, so
    /// a front end started again over the same runtime directory restores them too.
    ///
    /// - Throws: `SessionStoreError` when the folder cannot be made.
    public init(runtimeDirectory: RuntimeDirectory, bundleIdentifier: String) throws(SessionStoreError) {
        self.init(
            store: try SessionStore(directory: runtimeDirectory.socketPath(Self.folderName)),
            bundleIdentifier: bundleIdentifier)
    }
}
