import Assistant
import AssistantService
import Foundation
import HydratorKit
import SceneIntents
import SceneIntentsTransport

/// Where the shell's Hydrator runs, and the one way each app-side command reaches it: in the
/// shell's process the driver is called directly; in its own process (`hydrator-app`) the line
/// goes as `SystemEvent.command` to the host, whose `HostEndpoint.onCommand` runs the same driver.
@MainActor
enum HydratorPlace {
    /// The app runs in the shell's process.
    case inProcess(HydratorApp, HydratorAppDriver)
    /// The app runs in its own process, started on demand.
    case separate(ProcessConnection)

    /// The app's host executable.
    nonisolated static let appExecutableName = "hydrator-app"

    /// An executable beside the running one (where `swift build` puts every product).
    nonisolated static func besideSelf(_ name: String) -> String {
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ((running as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    }

    /// A connection that starts `hydrator-app` on the container, its socket in the runtime
    /// directory the options name (or the default).
    static func appConnection(_ options: HydratorShell.Options) throws -> ProcessConnection {
        try ProcessConnection(
            launch: HostLaunch(executable: besideSelf(appExecutableName), arguments: ["--container", options.containerPath]),
            appName: HydratorApp.name, manifest: HydratorApp.manifest, catalog: HydratorApp.catalog(),
            runtimeDirectory: RuntimeDirectory.prepare(options.runtimeDirectory))
    }

    /// The assistant's way to the app.
    var connection: any AppConnection {
        switch self {
        case .inProcess(let app, _): app.connection
        case .separate(let connection): connection
        }
    }

    /// Runs an app-side command line where the app is; answers what it printed.
    func run(_ line: String) async throws(HydratorCommandError) -> String {
        switch self {
        case .inProcess(_, let driver): return try driver.run(line)
        case .separate(let connection):
            switch await connection.send(.command(line)) {
            case .done(let output): return output ?? ""
            case .refused(let why): throw HydratorCommandError(.refused, line, why)
            }
        }
    }

    /// The foreground screen, framed (a process that is not running is not started for it).
    func screen() async -> String {
        if case .separate(let connection) = self, await connection.processIdentifier == nil {
            return HydratorAppDriver.notRunningLine
        }
        do { return try await run(":screen") } catch { return "(\(error.message))" }
    }

    /// Saves the Add screen (awaited in process; the app's own process takes only instant commands).
    func save() async throws(HydratorCommandError) -> String {
        guard case .inProcess(_, let driver) = self else {
            throw HydratorCommandError(
                .refused, ":save", ":save needs the app in the shell's process; say \"log 8 ounces of water\" instead.")
        }
        return await (try driver.addScreen(":save")).save()
    }

    /// Ends the app: terminates it in process, or stops its host and removes the socket.
    func close() async {
        switch self {
        case .inProcess(let app, _): if app.application.isRunning { app.application.terminate() }
        case .separate(let connection):
            if await connection.processIdentifier != nil { _ = await connection.send(.quit) }
            await connection.close()
        }
    }
}
