import Assistant
import AssistantService
import Foundation
import Glibc
import RecipeAssistantKit
import SceneIntents
import SceneIntentsCommandLine
import SceneIntentsTransport

/// Where the shell's app runs, and the one way each app-side command reaches it: in the shell's
/// process the driver is called directly; in its own process the line goes as
/// `SystemEvent.command` to the host, whose `HostEndpoint.onCommand` runs the same driver.
@MainActor
enum AppPlace {
    /// The app runs in the shell's process, reached through `connection`.
    case inProcess(RecipeAssistantApp, AppDriver, connection: InProcessConnection)
    /// The app runs in its own process (`recipe-assistant-app`), started on demand.
    case separate(ProcessConnection)

    /// The name of the app's host executable, found beside the running one.
    nonisolated static let hostExecutableName = "recipe-assistant-app"

    /// A connection that starts `recipe-assistant-app` (beside the running executable) with the
    /// options that matter app-side, listening in `options.runtimeDirectory` (or the default);
    /// each launch starts with `device`'s lock state, so a relaunch does not forget `:lock`. The
    /// app's scene sessions are kept in the runtime directory's `sessions` folder, so a killed
    /// app comes back where the cook was.
    static func connection(_ options: RecipeShell.Options, device: Device) throws -> ProcessConnection {
        let executable = ((BundleRegistry.currentExecutableDirectory() ?? ".") as NSString).appendingPathComponent(hostExecutableName)
        let arguments = ["--catalog-size", String(options.catalogSize)] + (options.json ? ["--json"] : [])
        let runtime = try RuntimeDirectory.prepare(options.runtimeDirectory)
        return try ProcessConnection(
            launch: HostLaunch(executable: executable, arguments: arguments, device: device), appName: RecipeAssistantApp.name,
            manifest: RecipeAssistantApp.bundledManifest(), catalog: RecipeAssistantApp.catalog, runtimeDirectory: runtime,
            sessions: SessionKeeping(store: SessionStore(runtimeDirectory: runtime), bundleIdentifier: RecipeAssistantApp.bundleIdentifier))
    }

    /// The assistant's way to the app.
    var connection: any AppConnection {
        switch self {
        case .inProcess(_, _, let connection): connection
        case .separate(let connection): connection
        }
    }

    /// Runs an app-side command line where the app is; answers what it printed.
    ///
    /// In its own process, `:quit` is the user's force-quit: the app's process ends (asked, then
    /// killed after the grace) and every session kept for it is discarded; `:close N` closes
    /// session-N (running or not: one closed while not running is discarded at the next
    /// launch); `:scenes` and `:close` alone start no process (with none they say so); every
    /// other line goes to the app's process, started if need be.
    func run(_ line: String) async throws(AppCommandError) -> String {
        switch self {
        case .inProcess(_, let driver, _): return try await driver.run(line)
        case .separate(let connection):
            let outcome: EventOutcome?
            let words = line.split(separator: " ")
            switch (words.first ?? "", words.count) {
            case (":quit", 1):
                await connection.forceQuit()
                return ""
            case (":close", 2):
                outcome = await connection.closeSession(try AppDriver.sessionIdentifier(line, number: String(words[1])))
            // The front window is the running app's: `:close` alone starts no process.
            case (":scenes", 1), (":close", 1): outcome = await connection.sendIfRunning(.command(line))
            default: outcome = await connection.send(.command(line))
            }
            switch outcome {
            case .done(let output)?: return output ?? ""
            case .refused(let why)?: throw AppCommandError(.refused, line, why)
            case nil: return "\(RecipeAssistantApp.name) is not running: it has no process."
            }
        }
    }

    /// The foreground screen, framed (a process that is not running is not started for it).
    func screen() async -> String {
        if case .separate(let connection) = self, await connection.processIdentifier == nil {
            return AppDriver.notRunningLine(RecipeAssistantApp.name)
        }
        do { return try await run(":screen") } catch { return "(\(error.message))" }
    }

    /// Sends SIGKILL to the app's process and waits until the connection has noticed its end,
    /// so the next turn starts from a known state.
    func kill() async throws(AppCommandError) -> String {
        guard case .separate(let connection) = self else {
            throw ProcessConnection.killNeedsSeparateProcesses
        }
        return try await connection.killHost()
    }

    /// Ends the app: terminates it in process, or stops its host and removes the socket.
    func close() async {
        switch self {
        case .inProcess(let app, _, _): if app.application.isRunning { app.application.terminate() }
        case .separate(let connection):
            // `close` asks the app to quit (it answers, terminates and exits 0), kills a host that
            // has not exited after the grace (a stopped one never answers), stops listening and
            // removes the socket.
            await connection.close()
        }
    }
}
