import AssistantService
import HobsonKit
import SceneIntents
import SceneIntentsCommandLine

/// What the user does to Hobson's process and sessions from outside it: `:kill`, `:close N`,
/// `:quit`, the same as in the other demos.
extension HobsonPlace {
    /// Carries out `line` when it is one of the user's commands on the app's process or
    /// sessions; nil when it is not one.
    ///
    /// - `:kill` sends SIGKILL to `hobson-app` (separate processes only): nothing is discarded.
    /// - `:close N` closes session-N: in process the application discards it; with separate
    ///   processes the system does, running or not (one closed while not running is discarded
    ///   at the next launch, heard in `didDiscardSceneSessions`).
    /// - `:quit` terminates the app in process; with separate processes it is the user's
    ///   force-quit: the process ends and every session kept for it is discarded.
    func userCommand(_ line: String) async throws(HobsonCommandError) -> [String]? {
        let words = line.split(separator: " ").map(String.init)
        guard let name = words.first, [":kill", ":close", ":quit"].contains(name) else { return nil }
        do throws(AppCommandError) {
            switch (self, name) {
            case (.inProcess, ":kill"):
                throw ProcessConnection.killNeedsSeparateProcesses
            case (.separate(let routed), ":kill"): return [try await routed.app.killHost()]
            case (.inProcess(let app, _, _), ":close"):
                let application = app.application
                do {
                    try application.userCloses(
                        SessionClosing.session(line, arguments: Array(words.dropFirst()), in: application, appName: HobsonApp.name))
                } catch let error as AppCommandError {
                    throw error
                } catch {
                    throw AppCommandError(.refused, line, "\(error)")
                }
            case (.separate(let routed), ":close"):
                guard words.count == 2 else { throw AppCommandError(.badArgument, line, ":close takes a session number, for example :close 1.") }
                if case .refused(let why) = await routed.app.closeSession(try SessionClosing.identifier(line, number: words[1])) {
                    throw AppCommandError(.refused, line, why)
                }
            case (.inProcess(let app, _, _), _): if app.application.isRunning { app.application.terminate() }
            case (.separate(let routed), _): await routed.app.forceQuit()
            }
            return []
        } catch {
            throw HobsonCommandError(error.code == .badArgument ? .badArgument : .refused, value: error.value, error.message)
        }
    }
}
