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

    private let descriptor: Int32
    private let identity: (device: UInt64, inode: UInt64)
    private let shared = Shared()
    private enum Phase { case bound, accepting, closing, closed }
    /// What the accept thread shares with the listener (a `Mutex` cannot be captured itself).
    private final class Shared: Sendable {
        let phase = Mutex(Phase.bound)
    }

    /// Binds and listens at `path` (the socket file made `0600`); call ``start(_:)`` or
    /// ``events()`` to begin accepting.
    public init(path: String, limit: Int = Framing.defaultLimit, policy: PeerPolicy = .sameUser, backlog: Int32 = 128)
        throws(TransportError)
    {
        try Self.clearStaleSocket(at: path)
        let descriptor = try UnixAddress.socket()
        do throws(TransportError) {
            let bound = try UnixAddress.with(path) { address, length in bind(descriptor, address, length) }
            guard bound == 0 else {
                if errno == EADDRINUSE {
                    throw TransportError(.addressInUse, value: path, message: "another socket appeared at '\(path)' while binding")
                }
                throw TransportError.call("bind", path)
            }
            // The runtime directory is 0700, so nobody else can reach the file in the moment
            // before it is narrowed to 0600.
            guard chmod(path, 0o600) == 0 else { throw TransportError.call("chmod", path) }
            guard listen(descriptor, backlog) == 0 else { throw TransportError.call("listen", path) }
            var status = stat()
            guard stat(path, &status) == 0 else { throw TransportError.call("stat", path) }
            identity = (UInt64(status.st_dev), UInt64(status.st_ino))
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        self.path = path
        self.limit = limit
        self.policy = policy
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    /// Starts accepting on a dedicated thread: `handler` gets each event there, in order, and
    /// `.stopped` last. Answers `false`, doing nothing, if already started or closed.
    @discardableResult
    public func start(_ handler: @escaping @Sendable (ListenerEvent) -> Void) -> Bool {
        let begin = shared.phase.withLock { phase -> Bool in
            guard case .bound = phase else { return false }
            phase = .accepting
            return true
        }
        guard begin else { return false }
        startThread("sceneintents.listener") { [descriptor, policy, limit, shared] in
            Self.acceptLoop(descriptor, policy: policy, limit: limit, shared: shared, handler)
        }
        return true
    }

    /// Starts accepting and answers the events as a stream that finishes after `.stopped`.
    public func events() -> AsyncStream<ListenerEvent> {
        eventStream(isLast: { if case .stopped = $0 { true } else { false } }, start: start)
    }

    /// Stops accepting, frees the descriptor and removes the socket file (if it is still the
    /// one bound here). Connections already accepted are not affected. Idempotent.
    public func close() {
        let previous = shared.phase.withLock { phase -> Phase in
            let previous = phase
            if case .bound = phase { phase = .closed } else if case .accepting = phase { phase = .closing }
            return previous
        }
        switch previous {
        case .bound: Glibc.close(descriptor)
        // Shutting a listening socket down wakes the blocked `accept`; the accept thread then
        // closes the descriptor.
        case .accepting: _ = shutdown(descriptor, Int32(SHUT_RDWR))
        case .closing, .closed: return
        }
        var status = stat()
        if lstat(path, &status) == 0, UInt64(status.st_dev) == identity.device, UInt64(status.st_ino) == identity.inode {
            unlink(path)
        }
    }

    private static func acceptLoop(
        _ descriptor: Int32, policy: PeerPolicy, limit: Int, shared: Shared,
        _ handler: @Sendable (ListenerEvent) -> Void
    ) {
        func stopping() -> Bool { shared.phase.withLock { if case .accepting = $0 { false } else { true } } }
        while true {
            let client = GNU.accept4.map { accept4 in
                accept4(descriptor, nil, nil, Int32(SOCK_CLOEXEC.rawValue))
            } ?? Glibc.accept(descriptor, nil, nil)
            if client < 0 {
                let code = errno
                if stopping() { break }
                switch code {
                case EINTR, ECONNABORTED, EPROTO: continue
                default:
                    handler(.failed(SystemError("accept", code: code)))
                    // Out of descriptors or memory: back off briefly instead of spinning.
                    usleep(10_000)
                    continue
                }
            }
            if GNU.accept4 == nil { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
            guard let peer = PeerCredentials.of(client) else {
                let error = SystemError("getsockopt(SO_PEERCRED)")
                Glibc.close(client)
                handler(.failed(error))
                continue
            }
            guard policy.admits(peer) else {
                Glibc.close(client)
                handler(.rejected(PeerRejection(peer: peer, expectedUID: geteuid())))
                continue
            }
            handler(.accepted(FramedConnection(adopting: client, peer: peer, limit: limit)))
        }
        Glibc.close(descriptor)
        shared.phase.withLock { $0 = Phase.closed }
        handler(.stopped)
    }

    /// Removes a socket file nobody listens on; refuses a live socket or a non-socket.
    private static func clearStaleSocket(at path: String) throws(TransportError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            throw TransportError(
                .notASocket, value: path,
                message: "'\(path)' exists and is not a socket; remove it or choose another path")
        }
        let probe = try UnixAddress.socket()
        defer { Glibc.close(probe) }
        let connected = try UnixAddress.with(path) { address, length in
            retryingEINTR { Glibc.connect(probe, address, length) }
        }
        if connected == 0 {
            throw TransportError(
                .addressInUse, value: path,
                message: "a process is already listening at '\(path)'; stop it or choose another runtime directory")
        }
        guard errno == ECONNREFUSED else { throw TransportError.call("connect (probing a stale socket)", path) }
        guard unlink(path) == 0 || errno == ENOENT else { throw TransportError.call("unlink (stale socket)", path) }
    }
}
