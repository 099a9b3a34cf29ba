import SceneIntentsTransport

extension SessionStore {
    /// The name of the folder, inside a runtime directory, where a front end that starts its
    /// app's processes keeps the app's sessions.
    public static let runtimeFolderName = "sessions"

    /// The store in `<runtimeDirectory>/sessions` (made on first use): the demos' front ends with
    /// `--separate-processes` keep their app's sessions there, so a front end started again over
    /// the same runtime directory restores them too.
    ///
    /// - Throws: `SessionStoreError` when the folder cannot be made.
    public convenience init(runtimeDirectory: RuntimeDirectory) throws(SessionStoreError) {
        try self.init(directory: runtimeDirectory.socketPath(Self.runtimeFolderName))
    }
}
