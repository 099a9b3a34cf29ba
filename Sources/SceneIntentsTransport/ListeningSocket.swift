import Foundation
import Glibc
import Synchronization

/// A bound, listening stream socket (Unix or TCP) that accepts on a dedicated thread: what
/// ``SocketListener`` and ``StreamListener`` are built on.
///
/// ``close()`` stops accepting and frees the descriptor (the accept thread frees it once it
/// wakes), and removes a Unix socket file if it is still the one bound here.
final class ListeningSocket: Sendable {
    let descriptor: Int32
    /// The Unix socket file bound here, with its device and inode; nil for TCP.
    private let file: (path: String, device: UInt64, inode: UInt64)?
    private let shared = Shared()
    private enum Phase { case bound, accepting, closing, closed }
    /// What the accept thread shares with the socket (a `Mutex` cannot be captured itself).
    private final class Shared: Sendable {
        let phase = Mutex(Phase.bound)
    }

    private init(descriptor: Int32, file: (path: String, device: UInt64, inode: UInt64)?) {
        self.descriptor = descriptor
        self.file = file
    }

    deinit { close() }

    /// Binds and listens at `path` (the file made `0600`), replacing a stale socket file nobody
    /// listens on; refuses a live socket (``TransportError/Code/addressInUse``) or a non-socket.
    static func unix(path: String, backlog: Int32) throws(TransportError) -> ListeningSocket {
        try clearStaleSocket(at: path)
        let descriptor = try UnixAddress.socket()
        do throws(TransportError) {
            let bound = try UnixAddress.with(path) { address, length in bind(descriptor, address, length) }
            guard bound == 0 else {
                if errno == EADDRINUSE {
                    throw TransportError(.addressInUse, value: path, message: "another socket appeared at '\(path)' while binding")
                }
                throw TransportError.call("bind", path)
            }
            // Peers are checked with SO_PEERCRED as well, so one that connects in the moment
            // before the file is narrowed to 0600 is still turned away if it is another user.
            guard chmod(path, 0o600) == 0 else { throw TransportError.call("chmod", path) }
            guard listen(descriptor, backlog) == 0 else { throw TransportError.call("listen", path) }
            var status = stat()
            guard stat(path, &status) == 0 else { throw TransportError.call("stat", path) }
            return ListeningSocket(descriptor: descriptor, file: (path, UInt64(status.st_dev), UInt64(status.st_ino)))
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    /// Binds and listens at a TCP address (`SO_REUSEADDR`, so a restarted server gets its port
    /// back at once); answers the socket and the port bound (the one the system chose for 0).
    static func tcp(_ address: IPAddress, port: UInt16, backlog: Int32) throws(TransportError) -> (ListeningSocket, UInt16) {
        let text = "\(address.family == AF_INET6 ? "IPv6" : "IPv4") port \(port)"
        let descriptor = Glibc.socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .call("socket", text) }
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard address.withSocketAddress(port: port, { bind(descriptor, $0, $1) }) == 0 else {
            let error = errno == EADDRINUSE
                ? TransportError(.addressInUse, value: text, message: "another process already listens on \(text)")
                : TransportError.call("bind", text)
            Glibc.close(descriptor)
            throw error
        }
        guard listen(descriptor, backlog) == 0, let bound = IPAddress.endpoint(of: descriptor, peer: false) else {
            let error = TransportError.call("listen", text)
            Glibc.close(descriptor)
            throw error
        }
        return (ListeningSocket(descriptor: descriptor, file: nil), bound.port)
    }

    /// Starts accepting on a thread named `name`: each accepted descriptor (close-on-exec) goes
    /// to `accepted`, each failed `accept` to `failed` (the socket keeps serving), and `stopped`
    /// comes last, once closed. Answers `false`, doing nothing, if already started or closed.
    func start(
        _ name: String, accepted: @escaping @Sendable (Int32) -> Void, failed: @escaping @Sendable (SystemError) -> Void,
        stopped: @escaping @Sendable () -> Void
    ) -> Bool {
        let begin = shared.phase.withLock { phase -> Bool in
            guard case .bound = phase else { return false }
            phase = .accepting
            return true
        }
        guard begin else { return false }
        startThread(name) { [descriptor, shared] in
            Self.acceptLoop(descriptor, shared: shared, accepted: accepted, failed: failed)
            stopped()
        }
        return true
    }

    /// Stops accepting and frees the descriptor; removes the socket file (if it is still the
    /// one bound here). Connections already accepted are not affected. Idempotent.
    func close() {
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
        guard let file else { return }
        var status = stat()
        if lstat(file.path, &status) == 0, UInt64(status.st_dev) == file.device, UInt64(status.st_ino) == file.inode {
            unlink(file.path)
        }
    }

    private static func acceptLoop(
        _ descriptor: Int32, shared: Shared, accepted: @Sendable (Int32) -> Void, failed: @Sendable (SystemError) -> Void
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
                    failed(SystemError("accept", code: code))
                    // Out of descriptors or memory: back off briefly instead of spinning.
                    usleep(10_000)
                    continue
                }
            }
            if GNU.accept4 == nil { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
            accepted(client)
        }
        Glibc.close(descriptor)
        shared.phase.withLock { $0 = Phase.closed }
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
