import Assistant
import AssistantService
import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsCommandLine
import SceneIntentsTransport

/// Where Hobson runs, and the one way each app-side command reaches it: in the session's
/// process the driver is called directly; in separate processes the line goes as
/// `SystemEvent.command` to `hobson-app`, whose `HostEndpoint.onCommand` runs the same driver,
/// and requests are routed to the app or its extension (`hobson-intents`).
@MainActor
public enum HobsonPlace {
    /// In the session's process, reached through `connection` (`HobsonApp.connect()`).
    case inProcess(HobsonApp, AppDriver, connection: InProcessConnection)
    /// `Hobson.app` and its intents extension, each in its own process, started on demand.
    case separate(RoutedConnection)

    /// Why the separate processes cannot be set up.
    public struct SetupError: Error, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// A routed connection to the development bundle `Demos/Hobson/Bundle`, whose executables
    /// are found beside the running one, with sockets in `runtimeDirectory`.
    ///
    /// - Throws: `SetupError` when the bundle cannot be read, `TransportError` when a socket
    ///   cannot be made.
    public static func separate(runtimeDirectory: String?, device: Device) throws -> HobsonPlace {
        let registry = BundleRegistry(
            appsFolders: DemoBundles.appsFolders(), executableSearchDirectories: BundleRegistry.currentExecutableDirectory().map { [$0] } ?? [])
        guard let bundle = registry.app(named: HobsonApp.name) else {
            throw SetupError(description: "Hobson.app was not found in the checkout's Demos/*/Bundle: \(registry.diagnostics)")
        }
        // The app's sessions are kept in the runtime directory's `sessions` folder, so a killed
        // app comes back to the insult it showed.
        let runtime = try RuntimeDirectory.prepare(runtimeDirectory)
        return .separate(
            try RoutedConnection(
                bundle: bundle, catalog: HobsonApp.catalog, device: device, runtimeDirectory: runtime,
                sessions: SessionStore(runtimeDirectory: runtime)))
    }

    /// The app's connection (routed, in separate processes).
    var connection: any AppConnection {
        switch self {
        case .inProcess(_, _, let connection): connection
        case .separate(let routed): routed
        }
    }

    /// Passes the shortcuts messages of the app (and of its extension) to `receive`.
    func receiveShortcuts(_ receive: @escaping @Sendable (ShortcutsMessage) -> Void) {
        switch self {
        case .inProcess(_, _, let connection): connection.receiveShortcuts(receive)
        case .separate(let routed):
            for host in [routed.app] + routed.extensions.map(\.connection) { host.receiveShortcuts(receive) }
        }
    }

    /// Runs an app-side command line where the app is; what it printed, line by line.
    func run(_ line: String) async throws(AppCommandError) -> [String] {
        try await output(line).split(separator: "\n").map(String.init)
    }

    /// The foreground screen, framed (a process that is not running is not started for it).
    func screen() async -> String {
        if case .separate(let routed) = self, await routed.app.processIdentifier == nil {
            return AppDriver.notRunningLine(HobsonApp.name)
        }
        do { return try await output(":screen") } catch { return "(\(error.message))" }
    }

    /// Ends the app: terminates it, or stops its processes and removes the sockets.
    func close() async {
        switch self {
        case .inProcess(let app, _, _): if app.application.isRunning { app.application.terminate() }
        case .separate(let routed): await routed.close()
        }
    }

    /// What an app-side line printed. In process the app's driver runs it (`:kill` needs
    /// separate processes). In separate processes, as in the other demos: `:kill` sends SIGKILL
    /// to `hobson-app` (nothing is discarded); `:close N` closes session-N through the system,
    /// running or not (one closed while not running is discarded at the next launch, heard in
    /// `didDiscardSceneSessions`); `:quit` is the user's force-quit (the process ends and every
    /// session kept for it is discarded); opening is the system's to do (it launches the app);
    /// anything else is the app's command.
    private func output(_ line: String) async throws(AppCommandError) -> String {
        let words = line.split(separator: " ").map(String.init)
        let routed: RoutedConnection
        switch self {
        case .inProcess(_, let driver, _):
            if words.first == ":kill" { throw ProcessConnection.killNeedsSeparateProcesses }
            return try await driver.run(line)
        case .separate(let connection): routed = connection
        }
        switch words.first {
        case ":kill": return try await routed.app.killHost()
        case ":close":
            guard words.count == 2 else { throw AppCommand.close.badArgument(line) }
            return try Self.check(await routed.app.closeSession(try AppDriver.sessionIdentifier(line, number: words[1])), line)
        case ":quit":
            await routed.app.forceQuit()
            return ""
        case ":open" where words.count == 1: return try Self.check(await routed.send(.open), line)
        default: return try Self.check(await routed.send(.command(line)), line)
        }
    }

    private static func check(_ outcome: EventOutcome, _ line: String) throws(AppCommandError) -> String {
        switch outcome {
        case .done(let output): return output ?? ""
        case .refused(let why): throw AppCommandError(.refused, line, why)
        }
    }
}
