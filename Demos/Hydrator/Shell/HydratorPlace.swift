import Assistant
import AssistantService
import Foundation
import HydratorKit
import SceneIntents
import SceneIntentsCommandLine
import SceneIntentsTransport

/// Where the shell's Hydrator runs, and the one way each app-side command reaches it: in the
/// shell's process the driver is called directly; with separate processes the daemon's routing
/// (`RoutedConnection` over the development bundle) sends each request to `hydrator-app` when it
/// has a scene in the foreground, else to `hydrator-intents`, and an app-side line goes as
/// `SystemEvent.command` to the app's host, whose `HostEndpoint.onCommand` runs the same driver.
@MainActor
enum HydratorPlace {
    /// The app runs in the shell's process, reached through `connection`.
    case inProcess(HydratorApp, AppDriver, connection: InProcessConnection)
    /// The app and its extension run in their own processes, started on demand.
    case separate(RoutedConnection)

    /// The app's host executable.
    nonisolated static let appExecutableName = "hydrator-app"

    /// The app and its extension as the daemon runs them: the development bundle
    /// (`Demos/Hydrator/Bundle`) with the executables beside the running one, every host on the
    /// container the options name.
    static func routedConnection(_ options: HydratorShell.Options, device: Device) throws -> RoutedConnection {
        let registry = BundleRegistry(
            appsFolders: DemoBundles.appsFolders(), executableSearchDirectories: BundleRegistry.currentExecutableDirectory().map { [$0] } ?? [])
        guard let bundle = registry.app(identifier: HydratorApp.bundleIdentifier) else {
            throw AppCommandError(
                .refused, "--separate-processes",
                "the Hydrator bundle was not found beside this checkout's build: \(registry.diagnostics.map(\.description).joined(separator: "; "))")
        }
        let runtime = try RuntimeDirectory.prepare(options.runtimeDirectory)
        return try RoutedConnection(
            bundle: bundle, catalog: HydratorApp.catalog, device: device, runtimeDirectory: runtime,
            environment: [HydrationStore.containerVariable: options.containerPath],
            sessions: SessionStore(runtimeDirectory: runtime))
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
    /// With separate processes, `:quit` is the user's force-quit (the app's process ends and
    /// every session kept for it is discarded) and `:close N` closes session-N through the
    /// system, running or not (one closed while not running is discarded at the next launch).
    func run(_ line: String) async throws(AppCommandError) -> String {
        switch self {
        case .inProcess(_, let driver, _): return try await driver.run(line)
        case .separate(let connection):
            let words = line.split(separator: " ")
            if line == ":quit" {
                await connection.app.forceQuit()
                return ""
            }
            let outcome: EventOutcome
            if words.first == ":close", words.count == 2 {
                outcome = await connection.app.closeSession(try AppDriver.sessionIdentifier(line, number: String(words[1])))
            } else if line == ":close" {
                // The front window is the running app's: `:close` alone starts no process.
                guard let running = await connection.app.sendIfRunning(.command(line)) else {
                    throw AppCommandError(.nothingToActOn, line, "\(HydratorApp.name) is not running; close a session with :close N.")
                }
                outcome = running
            } else {
                outcome = await connection.send(line == ":open" ? .open : .command(line))
            }
            switch outcome {
            case .done(let output): return output ?? ""
            case .refused(let why): throw AppCommandError(.refused, line, why)
            }
        }
    }

    /// Sends SIGKILL to the app's process (`ProcessConnection.killHost`): nothing is discarded.
    func kill() async throws(AppCommandError) -> String {
        guard case .separate(let connection) = self else {
            throw ProcessConnection.killNeedsSeparateProcesses
        }
        return try await connection.app.killHost()
    }

    /// The foreground screen, framed (a process that is not running is not started for it).
    func screen() async -> String {
        if case .separate(let connection) = self, await connection.app.processIdentifier == nil {
            return AppDriver.notRunningLine(HydratorApp.name)
        }
        do { return try await run(":screen") } catch { return "(\(error.message))" }
    }

    /// Ends the app: terminates it in process, or stops every host and removes the sockets.
    func close() async {
        switch self {
        case .inProcess(let app, _, _): if app.application.isRunning { app.application.terminate() }
        case .separate(let connection): await connection.close()
        }
    }
}
