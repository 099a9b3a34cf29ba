import AssistantDaemon
import Foundation
import SceneIntentsCommandLine
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
    /// The daemon's messages and the user's lines.
    let inbox: Inbox
    /// The apps the daemon serves.
    private(set) var apps: [String] = []

    /// How long the daemon has to answer hello: as long as it gives a client to say it. A daemon
    /// that is stopped (SIGSTOP) or wedged still accepts connections, so without this the client
    /// would wait for ever.
    static let helloLimit: Duration = .seconds(5)

    /// Connects to the daemon in `runtimeDirectory` (or the default) and says hello; `clock`
    /// times the answer.
    init(runtimeDirectory: String?, clock: some Clock<Duration> = ContinuousClock()) async throws(Unavailable) {
        let directory = runtimeDirectory ?? RuntimeDirectory.defaultPath()
        let path = (directory as NSString).appendingPathComponent(ClientProtocol.socketName)
        do {
            connection = try FramedConnection.connect(to: path, limit: ClientProtocol.frameLimit)
        } catch {
            // With no --runtime-dir, the daemon may be running in another directory: say how to reach it.
            let start = runtimeDirectory.map { "swift run assistantd --runtime-dir \($0)" }
                ?? "swift run assistantd (a daemon started with --runtime-dir DIR is reached with assistant --runtime-dir DIR)"
            let cause = error.system.map { $0.code == ENOENT || $0.code == ECONNREFUSED } == true
                ? "no daemon is running on \(path)" : "cannot reach the daemon on \(path): \(error.message)"
            throw Unavailable(message: "\(cause).\nStart one with: \(start)")
        }
        inbox = Inbox(events: connection.events(), input: { StandardInputLines() })
        send(.hello(version: ClientProtocol.version))
        let inbox = inbox
        let timer = Task {
            try? await clock.sleep(for: Self.helloLimit, tolerance: nil)
            if !Task.isCancelled { inbox.stopWaiting() }
        }
        defer { timer.cancel() }
        switch await inbox.nextMessage() {
        case .welcome(_, let apps)?: self.apps = apps
        case .failure(let error)?: throw Unavailable(message: "the daemon refused this client: \(error.message)")
        case nil where inbox.stoppedWaiting:
            throw Unavailable(message: "the daemon on \(path) did not answer hello within \(Self.helloLimit): it may be stopped (SIGSTOP) or wedged")
        default: throw Unavailable(message: "the daemon on \(path) did not answer hello")
        }
    }

    /// Sends a message; false, after one line on standard error, when it is over the
    /// protocol's frame limit (nothing is sent then). A daemon that is gone is noticed by
    /// `inbox.nextMessage()`.
    @discardableResult
    func send(_ message: ClientMessage) -> Bool {
        guard let bytes = try? ClientProtocol.encode(message) else { return false }
        do {
            try connection.send(bytes)
        } catch where error.code == .frameTooLarge {
            Out.error("this message is \(bytes.count) bytes, over the protocol's limit of \(ClientProtocol.frameLimit) bytes; it was not sent")
            return false
        } catch {}
        return true
    }

    /// Ends the connection.
    func close() {
        connection.close()
    }
}
