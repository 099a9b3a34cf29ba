import Foundation
import Glibc
import Synchronization

/// What a ``StreamConnection`` delivers: bytes as they arrive, then exactly one `closed`.
public enum StreamEvent: Equatable, Sendable {
    /// The bytes of one read (any amount; a protocol above cuts them into its messages).
    case bytes(Data)
    /// The connection ended; nothing follows. A stream has no frames, so the reason is never
    /// a protocol error.
    case closed(CloseReason)
}

/// A connected stream socket (Unix or TCP) carrying bytes with no framing of its own: what a
/// protocol with its own framing, such as a line of JSON per message, is spoken over.
///
/// Get one from ``StreamListener`` or ``connect(to:)``, then call ``start(_:)`` (a callback, on
/// the connection's reader thread: where a protocol cuts its messages, so what it holds is
/// bounded by its own limit) or ``events()`` once. ``send(_:)`` may be called from any thread;
/// one call's bytes are never interleaved with another's. The connection ends exactly once; its
/// descriptor is closed exactly once. TCP connections have `TCP_NODELAY` set: each send goes out
/// at once.
public final class StreamConnection: Sendable {
    /// The other end: `pid N, uid N, gid N` for a Unix socket, `host:port` for TCP.
    public let peer: String
    /// The other end's credentials, for a Unix socket.
    public let credentials: PeerCredentials?

    private let lifecycle: ConnectionLifecycle

    /// Adopts a connected socket `descriptor` (which must be close-on-exec); the connection now
    /// owns it. The peer is read from the socket.
    public init(adopting descriptor: Int32) {
        lifecycle = ConnectionLifecycle(adopting: descriptor)
        if let tcp = IPAddress.endpoint(of: descriptor, peer: true) {
            var on: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            peer = tcp.text
            credentials = nil
        } else {
            credentials = PeerCredentials.of(descriptor)
            peer = credentials?.description ?? "an unknown peer"
        }
    }

    /// Connects to `address` (a Unix socket's listener must run as this user).
    public static func connect(to address: StreamAddress) throws(TransportError) -> StreamConnection {
        switch address {
        case .unix(let path):
            return StreamConnection(adopting: try UnixAddress.connect(to: path, policy: .sameUser).0)
        case .tcp(let host, let port):
            guard let ip = IPAddress(host) else {
                throw TransportError(.systemCall, value: host, message: "'\(host)' is not a numeric IP address")
            }
            let descriptor = Glibc.socket(ip.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw .call("socket", "\(address)") }
            guard ip.withSocketAddress(port: port, { address, length in retryingEINTR { Glibc.connect(descriptor, address, length) } }) == 0 else {
                let error = TransportError.call("connect", "\(address)")
                Glibc.close(descriptor)
                throw error
            }
            return StreamConnection(adopting: descriptor)
        }
    }

    /// Starts reading: `handler` gets the bytes of every read in order, then one `.closed`, on
    /// the connection's reader thread. On a connection that has already ended, `handler` gets
    /// its `.closed` at once, here. Answers `false` if already started or ended.
    @discardableResult
    public func start(_ handler: @escaping @Sendable (StreamEvent) -> Void) -> Bool {
        lifecycle.begin(closed: { handler(.closed($0)) }) {
            startThread("sceneintents.stream.\(lifecycle.socket.value)") { self.readLoop(handler) }
        }
    }

    /// Starts reading and answers the events as a stream that finishes after `.closed`.
    public func events() -> AsyncStream<StreamEvent> {
        eventStream(isLast: { if case .closed = $0 { true } else { false } }, start: start)
    }

    /// Sends `bytes`, all of them, before returning (waiting only while the peer's buffer is
    /// full). A dead peer never raises `SIGPIPE`: the send throws.
    ///
    /// - Throws: ``TransportError/Code/connectionClosed`` once the connection has ended (or is
    ///   closing), ``TransportError/Code/systemCall`` when the write fails.
    public func send(_ bytes: Data) throws(TransportError) {
        let outcome = lifecycle.socket.withWriteLease { descriptor in bytes.withUnsafeBytes { writeAll(descriptor, $0) } }
        if case .some(.none) = outcome { return }
        throw lifecycle.sendError(outcome, value: peer, peer: peer, ended: "")
    }

    /// Ends the connection with ``CloseReason/closedLocally`` (unless it had already ended).
    /// Idempotent; never blocks. A started connection's reader wakes, frees the descriptor, then
    /// delivers `.closed`.
    public func close() { lifecycle.close() }

    /// How the connection ended, or `nil` while it is open.
    public var closeReason: CloseReason? { lifecycle.closeReason }

    private func readLoop(_ handler: @Sendable (StreamEvent) -> Void) {
        let capacity = 16 << 10
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = recv(lifecycle.socket.value, buffer.baseAddress, capacity, 0)
            if count > 0 {
                if lifecycle.isClosing { continue }
                handler(.bytes(Data(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))))
                continue
            }
            if count < 0, errno == EINTR { continue }
            return lifecycle.finish(count == 0 ? .peerClosed : .ioError(SystemError("recv"))) { handler(.closed($0)) }
        }
    }
}
