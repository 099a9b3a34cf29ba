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

    /// How long the daemon may say nothing while it is waited for: its hello's answer comes
    /// within this (as long as it gives a client to say hello), and after this much silence at
    /// any other time it is pinged, then given up after as much again. A daemon that is stopped
    /// (SIGSTOP) or wedged still accepts connections and frames, so without this the client
    /// would wait for ever.
    static let quietLimit: Duration = .seconds(5)

    /// What waiting for the daemon came to.
    enum Heard {
        case message(DaemonMessage)
        /// The connection ended: the daemon stopped.
        case gone
        /// Nothing came, a ping included, for twice `quietLimit`.
        case silent
    }

    /// The clock the silences are timed on.
    private let clock: any Clock<Duration>

    /// Connects to the daemon in `runtimeDirectory` (or the default) and says hello; `clock`
    /// times the silences.
    init(runtimeDirectory: String?, clock: any Clock<Duration> = ContinuousClock()) async throws(Unavailable) {
        self.clock = clock
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
        switch await inbox.nextMessage(orQuietAfter: Self.quietLimit, on: clock) {
        case .message(.welcome(_, let apps)): self.apps = apps
        case .message(.failure(let error)): throw Unavailable(message: "the daemon refused this client: \(error.message)")
        case .quiet:
            throw Unavailable(message: "the daemon on \(path) did not answer hello within \(Self.quietLimit): it may be stopped (SIGSTOP) or wedged")
        default: throw Unavailable(message: "the daemon on \(path) did not answer hello")
        }
    }

    /// The daemon's next message: after `quietLimit` of silence it is pinged (its `pong` is
    /// taken here), and after as much again with nothing it is given up.
    func next() async -> Heard {
        var pinged = false
        while true {
            switch await inbox.nextMessage(orQuietAfter: Self.quietLimit, on: clock) {
            case .message(.pong): pinged = false
            case .message(let message): return .message(message)
            case .ended: return .gone
            case .quiet where !pinged:
                guard send(.ping) else { return .gone }
                pinged = true
            case .quiet: return .silent
            }
        }
    }

    /// Sends a message; false, after one line on standard error, when it is over the
    /// protocol's frame limit (nothing is sent then). A daemon that is gone is noticed by
    /// `next()`.
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
