import SceneIntents

/// `:close [N]`, said once for every app: the user closes session-N (the front window's session
/// without N), which discards it. Where the app runs in its own process, the front end closes it
/// through the system even while the app is not running (`closeIdentifier`); where it runs in
/// process, the driver closes it in the application (`session`).
public enum SessionClosing {
    /// The identifier `:close N` names ("session-N").
    ///
    /// - Throws: `AppCommandError` (`badArgument`, `AppCommand.close`'s) when N is not a whole
    ///   number from 1.
    public static func identifier(_ line: String, number: String) throws(AppCommandError) -> String {
        guard let value = Int(number), value > 0 else { throw AppCommand.close.badArgument(line) }
        return "session-\(value)"
    }

    /// The session `:close` closes in `application`: session-`number`, or the front window's
    /// without one.
    ///
    /// - Throws: `AppCommandError` naming the problem: a bad number, no such open session, no
    ///   window open.
    @MainActor
    public static func session(
        _ line: String, number: String?, in application: Application, appName: String
    ) throws(AppCommandError) -> SceneSession {
        guard let number else {
            guard let scene = application.mostRecentlyActiveScene else {
                throw AppCommandError(.nothingToActOn, line, "No window is open.")
            }
            return scene.session
        }
        let identifier = try identifier(line, number: number)
        guard let session = application.openSessions.first(where: { $0.persistentIdentifier == identifier }) else {
            throw AppCommandError(.nothingToActOn, line, "\(appName) has no open session \(identifier).")
        }
        return session
    }
}
