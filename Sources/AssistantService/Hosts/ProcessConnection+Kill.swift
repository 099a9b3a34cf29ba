import Glibc
import SceneIntents

/// What a user's `:kill` does to the app's process.
extension ProcessConnection {
    /// Sends SIGKILL to the app's process, as a crash would end it: nothing is asked of the app
    /// and nothing is discarded (its kept sessions come back at the next launch). Waits until the
    /// connection has noticed the end, so the next event starts from a known state.
    ///
    /// - Returns: what the user reads: "Killed <app> (process <pid>) with SIGKILL."
    /// - Throws: `AppCommandError` (`nothingToActOn`) when no process runs.
    public func killHost() async throws(AppCommandError) -> String {
        guard let process = await processIdentifier else {
            throw AppCommandError(.nothingToActOn, ":kill", "\(appName) has no process to kill.")
        }
        Glibc.kill(process, SIGKILL)
        // A real process's end is waited for on the real clock: the supervisor notices it within
        // milliseconds, and 5 s bounds a system that never does.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while await processIdentifier == process, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2), clock: clock)
        }
        return "Killed \(appName) (process \(process)) with SIGKILL."
    }
}
