import Foundation
import Glibc

/// What a ``StreamListener`` reports.
public enum StreamListenerEvent: Sendable {
    /// A peer, not yet started: call ``StreamConnection/start(_:)`` or
    /// ``StreamConnection/events()`` (or ``StreamConnection/close()``).
    case accepted(StreamConnection)
    /// A Unix-socket peer of another user, turned away; its descriptor is already closed.
    case rejected(PeerRejection)
    /// `accept` failed (for example `EMFILE`); the listener keeps serving.
    case failed(SystemError)
    /// The listener was closed; nothing follows.
    case stopped
}

/// A stream socket listening at a ``StreamAddress`` (a Unix socket path, or a TCP address),
/// accepting on a dedicated thread; the connections carry bytes with no framing
/// (``StreamConnection``).
///
/// A Unix socket is made as ``SocketListener`` makes its own (file mode `0600`, a stale file
/// replaced, a live one refused) and admits only peers of this user. A TCP listener admits any
/// peer that can reach its address: whoever listens beyond loopback decides that
/// (``StreamAddress/isLoopback``).
public final class StreamListener: Sendable {
    /// Where it listens; for TCP, with the port bound (the one the system chose for port 0).
    public let address: StreamAddress

    private let socket: ListeningSocket

    /// Binds and listens at `address`; call ``start(_:)`` or ``events()`` to begin accepting.
    ///
    /// - Throws: ``TransportError`` `.addressInUse` when another process listens there,
    ///   `.notASocket` for a path holding something else, `.systemCall` naming the failed call.
    public init(_ address: StreamAddress, backlog: Int32 = 128) throws(TransportError) {
        switch address {
        case .unix(let path):
            socket = try ListeningSocket.unix(path: path, backlog: backlog)
            self.address = address
        case .tcp(let host, let port):
            guard let ip = IPAddress(host) else {
                throw TransportError(.systemCall, value: host, message: "'\(host)' is not a numeric IP address")
            }
            let (socket, bound) = try ListeningSocket.tcp(ip, port: port, backlog: backlog)
            self.socket = socket
            self.address = .tcp(host: host, port: bound)
        }
    }

    /// Starts accepting on a dedicated thread: `handler` gets each event there, in order, and
    /// `.stopped` last. Answers `false`, doing nothing, if already started or closed.
    @discardableResult
    public func start(_ handler: @escaping @Sendable (StreamListenerEvent) -> Void) -> Bool {
        let isUnix = if case .unix = address { true } else { false }
        return socket.start(
            "sceneintents.stream-listener",
            accepted: { client in
                let connection = StreamConnection(adopting: client)
                if isUnix {
                    guard let peer = connection.credentials else {
                        connection.close()
                        return handler(.failed(SystemError("getsockopt(SO_PEERCRED)")))
                    }
                    guard PeerPolicy.sameUser.admits(peer) else {
                        connection.close()
                        return handler(.rejected(PeerRejection(peer: peer, expectedUID: geteuid())))
                    }
                }
                handler(.accepted(connection))
            },
            failed: { handler(.failed($0)) }, stopped: { handler(.stopped) })
    }

    /// Starts accepting and answers the events as a stream that finishes after `.stopped`.
    public func events() -> AsyncStream<StreamListenerEvent> {
        eventStream(isLast: { if case .stopped = $0 { true } else { false } }, start: start)
    }

    /// Stops accepting and frees the descriptor; removes a Unix socket file (if it is still the
    /// one bound here). Connections already accepted are not affected. Idempotent.
    public func close() {
        socket.close()
    }
}
