import Assistant
import AssistantDaemon
import AssistantService
import Foundation
import Glibc
import RecipeAssistantKit
import SceneIntentsTesting
import SceneIntentsTransport

/// A fresh private runtime directory under /tmp (short: socket paths have a length limit).
func freshRuntimeDirectory() -> String {
    "/tmp/si-d-\(getpid())-\(OneTimeToken.generate().value.prefix(8))"
}

/// The demo bundles of this checkout.
let demoFolders = DemoBundles.appsFolders(besideSource: #filePath)

/// The folder of the Recipe Assistant's bundle: what a daemon in these tests serves unless told.
let recipeFolders = demoFolders.filter { $0.contains("/RecipeAssistant/") }

/// A daemon in this process, serving the demo bundles (executables beside the test bundle) in
/// a private runtime directory; its hosts are real processes, so it reads the real clock.
func makeDaemon(
    folders: [String] = recipeFolders, directory: String = freshRuntimeDirectory(),
    configure: (inout DaemonConfiguration) -> Void = { _ in }
) throws -> Daemon {
    var configuration = DaemonConfiguration(
        appsFolders: folders, executableSearchDirectories: [BuiltProducts.directory], runtimeDirectory: directory)
    // Budgets are not what these tests are about: a generous one keeps a cold spawn on a loaded
    // machine from timing out.
    configuration.assistant.phaseBudget = .seconds(60)
    configure(&configuration)
    return try Daemon(configuration)
}

/// Stops the daemon and answers what it left: open work, and files in its runtime directory.
func finish(_ daemon: Daemon) async -> [String] {
    await daemon.stop()
    let files = (try? FileManager.default.contentsOfDirectory(atPath: daemon.runtimeDirectory.path)) ?? []
    try? FileManager.default.removeItem(atPath: daemon.runtimeDirectory.path)
    return await daemon.inFlight + files.map { "file \($0) left in the runtime directory" }
}

/// A client speaking the protocol directly, as `assistant` does.
final class TestClient {
    let connection: FramedConnection
    private var events: AsyncStream<ConnectionEvent>.Iterator

    init(_ socketPath: String, greet: Bool = true) async throws {
        connection = try FramedConnection.connect(to: socketPath)
        events = connection.events().makeAsyncIterator()
        if greet {
            try send(.hello(version: ClientProtocol.version))
            _ = await next()
        }
    }

    func send(_ message: ClientMessage) throws {
        try connection.send(ClientProtocol.encode(message))
    }

    /// The next message; nil once the connection ended.
    func next() async -> DaemonMessage? {
        guard case .frame(let bytes)? = await events.next() else { return nil }
        return try? ClientProtocol.decode(DaemonMessage.self, from: bytes)
    }

    /// Sends `message` and collects what comes back up to the message that ends the exchange
    /// (outcome, listing, failure, welcome, or a trace not asked for by `say`), answering each prompt
    /// with the next of `replies`.
    func exchange(_ message: ClientMessage, replies: [String] = []) async throws -> [DaemonMessage] {
        try send(message)
        var replies = replies[...]
        var received: [DaemonMessage] = []
        let isSay = if case .say = message { true } else { false }
        while let next = await next() {
            received.append(next)
            switch next {
            case .prompt: if let reply = replies.popFirst() { try send(.reply(text: reply)) }
            case .outcome, .listing, .failure, .welcome: return received
            case .traceEvents where !isSay: return received
            default: continue
            }
        }
        return received
    }
}

/// Trace events as `kind: detail` with process numbers and real times replaced (a deadline is
/// an instant of the assistant's clock, which started when the assistant was made), so whole
/// traces compare.
func traceLines(_ events: [TraceEvent]) -> [String] {
    events.map { "\($0.kind.rawValue): \($0.detail)" }.map { line in
        line.replacing(/pid \d+/, with: "pid N").replacing(/after [\d.]+ ms/, with: "after X ms")
            .replacing(/until [\d.]+s/, with: "until Ts")
    }
}

/// Waits (on the real clock: another process is involved) until `condition` holds; false if it
/// still does not after `limit`.
func eventually(within limit: Duration = .seconds(10), _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

/// Whether a process runs (a zombie waiting for its parent counts as gone).
func isAlive(_ pid: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = status.lastIndex(of: ")")
    else { return false }
    return !status[close...].hasPrefix(") Z")
}

/// The children of a process, from /proc (each thread lists the children it started).
func children(of pid: Int32) -> [Int32] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task in
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }
}
