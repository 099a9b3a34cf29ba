import Assistant
import AssistantService
import SceneIntents
import SceneIntentsTransport

/// Where a shell's app runs, and the one way each app-side `:command` reaches it: in the shell's
/// process the app's driver runs the line; in its own process the line goes as
/// `SystemEvent.command` to the app's host, whose `AppEndpoint.onCommand` runs the same driver,
/// so a command answers in the same words either way.
///
/// The app's process is started on demand, except for what the user does to it from outside
/// (`run(_:)`): `:quit`, `:close`, `:kill`, `:scenes`, and the screen shown after each turn.
@MainActor
public enum AppPlace {
    /// The app runs in the shell's process: `driver` runs each line, and the assistant reaches
    /// the app through `connection`.
    case inProcess(AppDriver, connection: InProcessConnection)
    /// The app runs in its own process, started on demand.
    case separate(ProcessConnection)
    /// The app and its intents extensions run in their own processes, each request routed to
    /// one of them (`RoutedConnection`); app-side lines go to the app's process.
    case routed(RoutedConnection)

    /// The refusal of `:kill` where the app runs in the shell's own process.
    public nonisolated static let killNeedsSeparateProcesses = AppCommandError(
        .notSeparate, ":kill", ":kill needs --separate-processes; here the app runs in the shell's own process.")

    /// The development bundle of the app named `appName` (found in `appsFolders`, its
    /// executables beside the running one), in its own processes and its extensions', with
    /// sockets in `runtimeDirectory` (nil: the default) and its scene sessions kept in that
    /// directory's `sessions` folder, so a killed app comes back where the user was.
    ///
    /// - Parameter environment: variables added to every host's environment.
    /// - Throws: `AppCommandError` (`refused`, naming `--separate-processes`) when the bundle is
    ///   not found; `TransportError` when the runtime directory or a socket cannot be made.
    public static func routed(
        appName: String, catalog: IntentCatalog, device: Device, runtimeDirectory: String?,
        environment: [String: String] = [:], appsFolders: [String] = DemoBundles.appsFolders()
    ) throws -> AppPlace {
        let registry = BundleRegistry(
            appsFolders: appsFolders, executableSearchDirectories: BundleRegistry.currentExecutableDirectory().map { [$0] } ?? [])
        guard let bundle = registry.app(named: appName) else {
            let problems = registry.diagnostics.map(\.description)
            throw AppCommandError(
                .refused, "--separate-processes",
                "\(appName).app was not found in \(appsFolders.isEmpty ? "this checkout's Demos/*/Bundle" : appsFolders.joined(separator: ", "))"
                    + (problems.isEmpty ? "" : " (\(problems.joined(separator: "; ")))"))
        }
        let runtime = try RuntimeDirectory.prepare(runtimeDirectory)
        return .routed(
            try RoutedConnection(
                bundle: bundle, catalog: catalog, device: device, runtimeDirectory: runtime, environment: environment,
                sessions: SessionStore(runtimeDirectory: runtime)))
    }

    /// The assistant's way to the app.
    public var connection: any AppConnection {
        switch self {
        case .inProcess(_, let connection): connection
        case .separate(let connection): connection
        case .routed(let connection): connection
        }
    }

    /// The app's own process; nil when the app runs in the shell's.
    public var appProcess: ProcessConnection? {
        switch self {
        case .inProcess: nil
        case .separate(let connection): connection
        case .routed(let connection): connection.app
        }
    }

    /// Runs an app-side command line where the app is; answers what it printed.
    ///
    /// In process the driver runs it (`:kill` needs separate processes). In its own process,
    /// `:kill` sends SIGKILL (nothing is discarded: `ProcessConnection.killHost`); `:quit` is
    /// the user's force-quit (the process ends, asked and then killed after the grace, and every
    /// session kept for it is discarded); `:close N` closes session-N through the system, running
    /// or not (one closed while not running is discarded at the next launch); `:scenes` and
    /// `:close` alone start no process; every other line goes to the app's process, started if
    /// need be, whose driver runs it.
    public func run(_ line: String) async throws(AppCommandError) -> String {
        let words = line.split(separator: " ")
        let app: ProcessConnection
        switch self {
        case .inProcess(let driver, _):
            if words.first == ":kill" { throw Self.killNeedsSeparateProcesses }
            return try await driver.run(line)
        case .separate(let connection): app = connection
        case .routed(let connection): app = connection.app
        }
        let outcome: EventOutcome
        switch (words.first ?? "", words.count) {
        case (":kill", 1): return try await app.killHost()
        case (":quit", 1):
            await app.forceQuit()
            return ""
        case (":close", 2): outcome = await app.closeSession(try AppDriver.sessionIdentifier(line, number: String(words[1])))
        case (":close", 1):
            // The front window is the running app's.
            guard let running = await app.sendIfRunning(.command(line)) else {
                throw AppCommandError(.nothingToActOn, line, "\(app.appName) is not running; close a session with :close N.")
            }
            outcome = running
        case (":scenes", 1):
            guard let running = await app.sendIfRunning(.command(line)) else { return "\(app.appName) is not running: it has no process." }
            outcome = running
        default: outcome = await app.send(.command(line))
        }
        switch outcome {
        case .done(let output): return output ?? ""
        case .refused(let why): throw AppCommandError(.refused, line, why)
        }
    }

    /// The foreground screen, framed; in parentheses, why there is none (a process that is not
    /// running is not started for it).
    public func screen() async -> String {
        if let app = appProcess, await app.processIdentifier == nil { return AppDriver.notRunningLine(app.appName) }
        do { return try await run(AppCommand.screen.name) } catch { return "(\(error.message))" }
    }

    /// Ends the app: terminates it in process, or stops every host it has and removes the
    /// sockets (a host is asked to quit, and killed if it has not exited after the grace).
    public func close() async {
        switch self {
        case .inProcess(let driver, _): if driver.application.isRunning { driver.application.terminate() }
        case .separate(let connection): await connection.close()
        case .routed(let connection): await connection.close()
        }
    }
}
