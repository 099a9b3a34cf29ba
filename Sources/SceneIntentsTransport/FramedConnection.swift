import Foundation
import Glibc
import Synchronization

/// What a ``FramedConnection`` delivers: payloads in order, then exactly one `closed`.
public enum ConnectionEvent: Equatable, Sendable {
    /// One complete frame's payload.
    case frame(Data)
    /// The connection ended; nothing follows.
    case closed(CloseReason)
}

/// A connected Unix stream socket carrying length-prefixed frames (see ``Framing``).
///
/// Get one from ``SocketListener`` (server side) or ``connect(to:limit:policy:)`` (client side),
/// then call ``start(_:)`` (a callback) or ``events()`` (an `AsyncStream`) once to receive.
/// Reading runs on a dedicated thread, never on a Swift-concurrency thread. ``send(_:)`` may be
/// called from any thread. The connection ends exactly once, with one ``CloseReason``; its
/// descriptor is closed exactly once, by ``close()`` or when the reader meets the end.
public final class FramedConnection: Sendable {
    /// The process on the other end, checked against the ``PeerPolicy`` before you got here.
    public let peer: PeerCredentials
    /// The largest payload accepted or sent.
    public let limit: Int

    private let lifecycle: ConnectionLifecycle
    private var descriptor: Int32 { lifecycle.socket.value }

    /// Adopts a connected socket `descriptor` (which must be close-on-exec); the connection now
    /// owns it.
    public init(adopting descriptor: Int32, peer: PeerCredentials, limit: Int = Framing.defaultLimit) {
        lifecycle = ConnectionLifecycle(adopting: descriptor)
        self.peer = peer
        self.limit = limit
    }

    /// Connects to the listener at `path`, checking the listener's user against `policy`.
    ///
    /// Unix-socket connects complete at once unless the listener's backlog is full.
    public static func connect(
        to path: String, limit: Int = Framing.defaultLimit, policy: PeerPolicy = .sameUser
    ) throws(TransportError) -> FramedConnection {
        let (descriptor, peer) = try UnixAddress.connect(to: path, policy: policy)
        return FramedConnection(adopting: descriptor, peer: peer, limit: limit)
    }

    /// Two connections joined by a socket pair, in this process: for tests of a protocol above
    /// this one, with no path and no listener (each side's ``peer`` is this process).
    public static func pair(limit: Int = Framing.defaultLimit) throws(TransportError) -> (FramedConnection, FramedConnection) {
        var descriptors: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0 else {
            throw .call("socketpair", "AF_UNIX")
        }
        let peer = PeerCredentials(pid: getpid(), uid: geteuid(), gid: getegid())
        return (
            FramedConnection(adopting: descriptors[0], peer: peer, limit: limit),
            FramedConnection(adopting: descriptors[1], peer: peer, limit: limit)
        )
    }

    /// Starts reading: `handler` gets every frame in order, then one `.closed`, on the
    /// connection's reader thread (keep it short; hand long work elsewhere).
    ///
    /// On a connection that has already ended, `handler` gets its `.closed` at once, here. Answers
    /// `false` if the connection was already started or had ended.
    @discardableResult
    public func start(_ handler: @escaping @Sendable (ConnectionEvent) -> Void) -> Bool {
        lifecycle.begin(closed: { handler(.closed($0)) }) {
            startThread("sceneintents.connection.\(descriptor)") { self.readLoop(handler) }
        }
    }

    /// Starts reading on the main thread, under a running ``MainLoop``: `handler` gets every frame
    /// in order, then one `.closed`, on the main actor, with no thread between the socket and it.
    ///
    /// Otherwise as ``start(_:)``. Answers `false` also when the loop is not running (nothing is
    /// started then: use ``start(_:)``).
    @MainActor @discardableResult
    public func startOnMainLoop(_ handler: @escaping @MainActor (ConnectionEvent) -> Void) -> Bool {
        guard MainLoop.isRunning else { return false }
        return lifecycle.begin(closed: { handler(.closed($0)) }) {
            let receiver = FrameReceiver(limit: limit)
            let refused = MainLoop.watch(descriptor) { [self] in
                while true {
                    switch receiver.receive(descriptor, blocking: false, isClosing: { lifecycle.isClosing }, deliver: { handler(.frame($0)) }) {
                    case .received: continue
                    case .drained: return
                    case .ended(let reason):
                        MainLoop.unwatch(descriptor)
                        return lifecycle.finish(reason) { handler(.closed($0)) }
                    }
                }
            }
            if let refused { lifecycle.finish(.ioError(refused)) { handler(.closed($0)) } }
        }
    }

    /// Starts reading and answers the events as a stream that finishes after `.closed`.
    ///
    /// With `unreadLimit`, at most that many frames wait in the stream: a peer that sends one
    /// more before the reader catches up is closed, and the stream ends with
    /// `.closed(.flooded(unread:))` after the frames that waited. Give it where the protocol is
    /// a request and its answer, so a well-behaved peer is never near it; without it the stream
    /// holds whatever the peer sends. An ended connection answers a stream holding only its
    /// `.closed`; one already started under another reader answers an empty stream.
    public func events(unreadLimit: Int? = nil) -> AsyncStream<ConnectionEvent> {
        let isLast: @Sendable (ConnectionEvent) -> Bool = { if case .closed = $0 { true } else { false } }
        guard let unreadLimit else { return eventStream(isLast: isLast, start: start) }
        // Room for the frames, the one too many, and the `.closed` that ends a flood; only the
        // reader thread yields, so the flag needs no ordering beyond its own.
        let (stream, continuation) = AsyncStream.makeStream(of: ConnectionEvent.self, bufferingPolicy: .bufferingOldest(unreadLimit + 2))
        let flooded = Atomic(false)
        let started = start { [weak self] event in
            guard !flooded.load(ordering: .relaxed) else { return }
            let result = continuation.yield(event)
            if case .enqueued(remaining: 1) = result, !isLast(event) {
                flooded.store(true, ordering: .relaxed)
                continuation.yield(.closed(.flooded(unread: unreadLimit)))
                continuation.finish()
                self?.close()
            } else if isLast(event) {
                continuation.finish()
            }
        }
        if !started { continuation.finish() }
        return stream
    }

    /// Sends one frame carrying `payload`, writing all of it before returning.
    ///
    /// Safe from any thread: frames from concurrent senders never interleave. It waits only while
    /// the peer's socket buffer is full. A dead peer never raises `SIGPIPE`: the send throws
    /// (``TransportError/Code/systemCall`` with `EPIPE`), and the reader soon ends the connection.
    /// Throws ``TransportError/Code/frameTooLarge`` for a payload over ``limit`` (nothing sent;
    /// the connection stays up) and ``TransportError/Code/connectionClosed`` once it has ended.
    public func send(_ payload: Data) throws(TransportError) {
        try send(contentsOf: [payload])
    }

    /// Sends one frame per payload, in order, in one write: what a peer that produced several
    /// messages at once pays one system call and one wake-up of the reader for. Any payload
    /// over ``limit`` throws ``TransportError/Code/frameTooLarge`` and nothing is sent; the rest
    /// is as ``send(_:)``.
    public func send(contentsOf payloads: [Data]) throws(TransportError) {
        // One buffer for all the frames, sized first: a delivery's messages are copied once.
        var size = 0
        for payload in payloads {
            guard payload.count <= limit, payload.count <= Int(UInt32.max) else {
                let error = FrameError.oversize(length: payload.count, limit: limit)
                throw TransportError(.frameTooLarge, value: "\(payload.count)", message: "cannot send: \(error)")
            }
            size += Framing.headerSize + payload.count
        }
        var frame: [UInt8] = []
        frame.reserveCapacity(size)
        for payload in payloads { Framing.append(payload, to: &frame) }
        let outcome = lifecycle.socket.withWriteLease { descriptor in
            frame.withUnsafeBytes { writeAll(descriptor, $0) }
        }
        if case .some(.none) = outcome { return }
        throw lifecycle.sendError(
            outcome, value: "\(peer.pid)", peer: "\(peer)", ended: " (\(closeReason?.description ?? "closing"))")
    }

    /// Ends the connection with ``CloseReason/closedLocally`` (unless it had already ended).
    /// Idempotent; never blocks.
    ///
    /// A started connection's reader wakes, frees the descriptor, then delivers `.closed` (so
    /// once `.closed` or ``closed()`` is seen, the descriptor is gone); frames not yet delivered
    /// are dropped. A sender waiting for room fails with ``TransportError/Code/connectionClosed``.
    public func close() { lifecycle.close() }

    /// How the connection ended, or `nil` while it is open.
    public var closeReason: CloseReason? { lifecycle.closeReason }

    /// Waits until the connection has ended (it must be started, or closed) and answers why.
    public func closed() async -> CloseReason { await lifecycle.closed() }

    // MARK: - Reading and writing

    private func readLoop(_ handler: @Sendable (ConnectionEvent) -> Void) {
        let receiver = FrameReceiver(limit: limit)
        while true {
            let step = receiver.receive(descriptor, blocking: true, isClosing: { lifecycle.isClosing }) { handler(.frame($0)) }
            if case .ended(let reason) = step { return lifecycle.finish(reason) { handler(.closed($0)) } }
        }
    }
}
