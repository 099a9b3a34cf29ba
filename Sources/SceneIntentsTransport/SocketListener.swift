import Foundation
import Glibc
import Synchronization

/// What a ``SocketListener`` reports.
public enum ListenerEvent: Sendable {
    /// A peer admitted by the policy, not yet started: call ``FramedConnection/start(_:)`` or
    /// ``FramedConnection/events()`` (or ``FramedConnection/close()``).
    case accepted(FramedConnection)
    /// A peer turned away by the policy; its descriptor is already closed.
    case rejected(PeerRejection)
    /// `accept` failed (for example `EMFILE`); the listener keeps serving.
    case failed(SystemError)
    /// The listener was closed; nothing follows.
    case stopped
}

/// A Unix stream socket listening at a path, file mode `0600`, accepting on a dedicated thread
/// and checking each peer with `SO_PEERCRED`.
///
/// Binding removes a stale socket file nobody listens on, and refuses a live one
/// (``TransportError/Code/addressInUse``) or anything that is not a socket. ``close()`` stops
/// accepting and removes the socket file if it is still the one this listener made.
public final class SocketListener: Sendable {
    /// Where the socket file is.
    public let path: String
    /// The frame limit given to accepted connections.
    public let limit: Int
    /// Which peers are admitted.
    public let policy: PeerPolicy

    private let socket: ListeningSocket

    /// Binds and listens at `path` (the socket file made `0600`); call ``start(_:)`` or
    /// ``events()`` to begin accepting.
    public init(path: String, limit: Int = Framing.defaultLimit, policy: PeerPolicy = .sameUser, backlog: Int32 = 128)
        throws(TransportError)
    {
        socket = try ListeningSocket.unix(path: path, backlog: backlog)
        self.path = path
        self.limit = limit
        self.policy = policy
    }

    /// Starts accepting on a dedicated thread: `handler` gets each event there, in order, and
    /// `.stopped` last. Answers `false`, doing nothing, if already started or closed.
    @discardableResult
    public func start(_ handler: @escaping @Sendable (ListenerEvent) -> Void) -> Bool {
        socket.start(
            "sceneintents.listener",
            accepted: { [policy, limit] client in
                guard let peer = PeerCredentials.of(client) else {
                    let error = SystemError("getsockopt(SO_PEERCRED)")
                    Glibc.close(client)
                    return handler(.failed(error))
                }
                guard policy.admits(peer) else {
                    Glibc.close(client)
                    return handler(.rejected(PeerRejection(peer: peer, expectedUID: geteuid())))
                }
                handler(.accepted(FramedConnection(adopting: client, peer: peer, limit: limit)))
            },
            failed: { handler(.failed($0)) }, stopped: { handler(.stopped) })
    }

    /// Starts accepting and answers the events as a stream that finishes after `.stopped`.
    public func events() -> AsyncStream<ListenerEvent> {
        eventStream(isLast: { if case .stopped = $0 { true } else { false } }, start: start)
    }

    /// Stops accepting, frees the descriptor and removes the socket file (if it is still the
    /// one bound here). Connections already accepted are not affected. Idempotent.
    public func close() {
        socket.close()
    }
}
