import AssistantService
import HobsonKit
import SceneIntents
import SceneIntentsCommandLine

/// What the user does to Hobson's process and sessions from outside it, in separate processes:
/// `:kill`, `:close N`, `:quit`, the same as in the other demos. In process, `:close` and
/// `:quit` are the app's driver's, and `:kill` is refused.
extension HobsonPlace {
    /// Carries out `line` when it is one of the user's commands on the app's process or
    /// sessions; nil when it is not one.
    ///
    /// - `:kill` sends SIGKILL to `hobson-app` (separate processes only): nothing is discarded.
    /// - `:close N` closes session-N through the system, running or not (one closed while not
    ///   running is discarded at the next launch, heard in `didDiscardSceneSessions`).
    /// - `:quit` is the user's force-quit: the process ends and every session kept for it is
    ///   discarded.
    func userCommand(_ line: String) async throws(AppCommandError) -> [String]? {
        let words = line.split(separator: " ").map(String.init)
        guard case .separate(let routed) = self else {
            if words.first == ":kill" { throw ProcessConnection.killNeedsSeparateProcesses }
            return nil
        }
        switch words.first {
        case ":kill": return [try await routed.app.killHost()]
        case ":close":
            guard words.count == 2 else { throw AppCommand.close.badArgument(line) }
            if case .refused(let why) = await routed.app.closeSession(try SessionClosing.identifier(line, number: words[1])) {
                throw AppCommandError(.refused, line, why)
            }
        case ":quit": await routed.app.forceQuit()
        default: return nil
        }
        return []
    }
}
