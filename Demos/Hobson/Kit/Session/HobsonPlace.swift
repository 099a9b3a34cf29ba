import Assistant
import AssistantService
import Foundation
import SceneIntents
import SceneIntentsTransport

/// Where Hobson runs, and the one way each app-side command reaches it: in the session's
/// process the driver is called directly; in its own process (`hobson-app`) the line goes as
/// `SystemEvent.command` to the host, whose `HostEndpoint.onCommand` runs the same driver.
@MainActor
public enum HobsonPlace {
    /// In the session's process.
    case inProcess(HobsonApp, HobsonAppDriver)
    /// In its own process, started on demand.
    case separate(ProcessConnection)

    /// A connection that starts `hobson-app` (beside the running executable) on demand.
    public static func separate(runtimeDirectory: String?) throws -> HobsonPlace {
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let executable = ((running as NSString).deletingLastPathComponent as NSString).appendingPathComponent("hobson-app")
        return .separate(
            try ProcessConnection(
                launch: HostLaunch(executable: executable, arguments: []), appName: HobsonApp.name,
                manifest: HobsonApp.bundledManifest(), catalog: HobsonApp.catalog(),
                runtimeDirectory: RuntimeDirectory.prepare(runtimeDirectory)))
    }

    /// The app's connection.
    var connection: any AppConnection {
        switch self {
        case .inProcess(let app, _): app.connection
        case .separate(let connection): connection
        }
    }

    /// Passes the app's shortcuts messages to `receive`.
    func receiveShortcuts(_ receive: @escaping @Sendable (ShortcutsMessage) -> Void) {
        switch self {
        case .inProcess(let app, _): app.connection.receiveShortcuts(receive)
        case .separate(let connection): connection.receiveShortcuts(receive)
        }
    }

    /// Runs an app-side command line where the app is; what it printed. In another process, a
    /// command that performs an action is followed by `:last`, which reports it.
    func run(_ line: String) async throws(HobsonCommandError) -> [String] {
        switch self {
        case .inProcess(_, let driver): return try await driver.run(line)
        case .separate(let connection):
            var lines = try await Self.send(line, to: connection)
            if line.hasPrefix(":tap") || line.hasPrefix(":url") { lines += try await Self.send(":last", to: connection) }
            return lines
        }
    }

    /// The foreground screen's lines (a process that is not running is not started for it).
    func screen() async -> [String] {
        if case .separate(let connection) = self, await connection.processIdentifier == nil {
            return ["(\(HobsonApp.name) is not running.)"]
        }
        do { return try await run(":screen") } catch { return ["(\(error.message))"] }
    }

    /// Ends the app: terminates it, or stops its host and removes the socket.
    func close() async {
        switch self {
        case .inProcess(let app, _): if app.application.isRunning { app.application.terminate() }
        case .separate(let connection):
            if await connection.processIdentifier != nil { _ = await connection.send(.quit) }
            await connection.close()
        }
    }

    private static func send(_ line: String, to connection: ProcessConnection) async throws(HobsonCommandError) -> [String] {
        switch await connection.send(.command(line)) {
        case .done(let output): return (output ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        case .refused(let why): throw HobsonCommandError(.refused, value: line, why)
        }
    }
}
