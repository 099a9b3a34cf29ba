import AssistantDaemon
import Foundation
import SceneIntentsTransport

/// The client's connection to `assistantd`: connect, greet, then send messages and read the
/// daemon's one at a time.
@MainActor
final class DaemonLink {
    /// Why the daemon cannot be used, with the exit status it gives.
    struct Unavailable: Error {
        let message: String
    }

    private let connection: FramedConnection
    private var messages: AsyncStream<ConnectionEvent>.Iterator
    /// The apps the daemon serves.
    private(set) var apps: [String] = []

    /// Connects to the daemon in `runtimeDirectory` (or the default) and says hello.
    init(runtimeDirectory: String?) async throws(Unavailable) {
        let directory = runtimeDirectory ?? RuntimeDirectory.defaultPath()
        let path = (directory as NSString).appendingPathComponent(ClientProtocol.socketName)
        do {
            connection = try FramedConnection.connect(to: path)
        } catch {
            let start = "swift run assistantd" + (runtimeDirectory.map { " --runtime-dir \($0)" } ?? "")
            let cause = error.system.map { $0.code == ENOENT || $0.code == ECONNREFUSED } == true
                ? "no daemon is running on \(path)" : "cannot reach the daemon on \(path): \(error.message)"
            throw Unavailable(message: "\(cause).\nStart one with: \(start)")
        }
        messages = connection.events().makeAsyncIterator()
        send(.hello(version: ClientProtocol.version))
        switch await next() {
        case .welcome(_, let apps)?: self.apps = apps
        case .failure(let error)?: throw Unavailable(message: "the daemon refused this client: \(error.message)")
        default: throw Unavailable(message: "the daemon on \(path) did not answer hello")
        }
    }

    /// Sends a message (a daemon that is gone is noticed by `next`).
    func send(_ message: ClientMessage) {
        guard let bytes = try? ClientProtocol.encode(message) else { return }
        try? connection.send(bytes)
    }

    /// The daemon's next message; nil when the connection ended (or sent something unreadable).
    func next() async -> DaemonMessage? {
        // One reader at a time: the copy shares the stream's storage and is put back after.
        var reading = messages
        let event = await reading.next(isolation: #isolation)
        messages = reading
        guard case .frame(let bytes)? = event else { return nil }
        return try? ClientProtocol.decode(DaemonMessage.self, from: bytes)
    }

    /// Ends the connection.
    func close() {
        connection.close()
    }
}
