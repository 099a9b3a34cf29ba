import Foundation
import Glibc

/// The glibc calls Swift's `Glibc` module hides behind `_GNU_SOURCE`, looked up once at run time.
enum GNU {
    private static func symbol<F>(_ name: String, as type: F.Type) -> F? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    /// `accept4(2)`, to get accepted descriptors with `SOCK_CLOEXEC` atomically.
    static let accept4 = symbol(
        "accept4",
        as: (@convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32).self)

    /// `pipe2(2)`, to get a pipe's two ends with `O_CLOEXEC` atomically (the Glibc module does
    /// not declare it).
    static let pipe2 = symbol("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)

    /// `pidfd_open(2)` (glibc 2.36+, Linux 5.3+): a descriptor that becomes readable when a child
    /// exits, without reaping it.
    static let pidfdOpen = symbol("pidfd_open", as: (@convention(c) (pid_t, UInt32) -> Int32).self)

    /// `prctl(2)`, variadic in C: called with its five integer arguments, which is how the
    /// platforms this runs on (x86-64, AArch64 Linux) pass a variadic call's integers too.
    static let prctl = symbol("prctl", as: (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32).self)

    /// `clone(2)`'s glibc wrapper, variadic in C (its optional arguments are not used): runs
    /// `function(argument)` in a new process on `stack` (its highest address).
    static let clone = symbol(
        "clone",
        as: (@convention(c) (@convention(c) (UnsafeMutableRawPointer?) -> Int32, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32).self)

    /// `syscall(2)`, variadic in C: called with a number and four integer-sized arguments.
    static let syscall = symbol("syscall", as: (@convention(c) (Int, Int, UnsafeRawPointer?, UnsafeMutableRawPointer?, Int) -> Int).self)

    /// `rt_sigaction`'s number: the raw call reaches the two signals glibc keeps for itself (32
    /// and 33), which its `signal` and `sigaction` refuse to reset.
    #if arch(x86_64)
    static let rtSigaction = 13
    #elseif arch(arm64)
    static let rtSigaction = 134
    #endif

    /// `close_range(2)` (glibc 2.34+): closes a range of descriptors in one call.
    static let closeRange = symbol("close_range", as: (@convention(c) (UInt32, UInt32, Int32) -> Int32).self)

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+): closes every descriptor from a
    /// number upwards in the child, a second guard after `O_CLOEXEC`.
    static let addCloseFrom = symbol(
        "posix_spawn_file_actions_addclosefrom_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}

/// The process on the other end of a Unix socket, from `SO_PEERCRED` (as it was at connect time).
public struct PeerCredentials: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The peer's process id.
    public let pid: pid_t
    /// The peer's effective user id.
    public let uid: uid_t
    /// The peer's effective group id.
    public let gid: gid_t

    /// Credentials as given (tests, or a peer known by other means).
    public init(pid: pid_t, uid: uid_t, gid: gid_t) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    /// Reads `SO_PEERCRED` of a connected Unix socket.
    static func of(_ descriptor: Int32) -> PeerCredentials? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }: three 32-bit fields.
        var fields: (UInt32, UInt32, UInt32) = (0, 0, 0)
        var size = socklen_t(MemoryLayout.size(ofValue: fields))
        let result = withUnsafeMutableBytes(of: &fields) {
            getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, $0.baseAddress, &size)
        }
        guard result == 0, size == socklen_t(MemoryLayout.size(ofValue: fields)) else { return nil }
        return PeerCredentials(pid: pid_t(bitPattern: fields.0), uid: fields.1, gid: fields.2)
    }

    /// `pid N, uid N, gid N`.
    public var description: String { "pid \(pid), uid \(uid), gid \(gid)" }
}

/// Which peers a listener or a connector accepts.
public enum PeerPolicy: Sendable {
    /// Only peers running as this process's effective user id (the default).
    case sameUser
    /// Any peer (tests, or a caller that checks ``PeerCredentials`` itself).
    case anyUser

    func admits(_ peer: PeerCredentials) -> Bool {
        switch self {
        case .sameUser: peer.uid == geteuid()
        case .anyUser: true
        }
    }
}

/// A peer turned away by the ``PeerPolicy``: its descriptor was closed at once.
public struct PeerRejection: Error, Equatable, Sendable, CustomStringConvertible {
    /// Who the peer was.
    public let peer: PeerCredentials
    /// The user id the policy required.
    public let expectedUID: uid_t

    /// Who was refused and which user was required.
    public var description: String {
        "refused a connection from \(peer): only uid \(expectedUID) may connect"
    }
}

enum UnixAddress {
    /// The longest path `sockaddr_un` holds, leaving room for the terminating NUL.
    static let maximumPathLength = MemoryLayout<sockaddr_un>.size - MemoryLayout<sa_family_t>.size - 1

    /// Calls `body` with `path` as a `sockaddr_un`, or throws when it does not fit.
    static func with<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) throws(TransportError) -> R {
        let bytes = Array(path.utf8)
        guard bytes.count <= maximumPathLength, !bytes.isEmpty else {
            throw TransportError(
                .socketPathTooLong, value: path,
                message: "socket path '\(path)' is \(bytes.count) bytes; a Unix socket path must be 1 to \(maximumPathLength) bytes (choose a shorter runtime directory)")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        return asSocketAddress(address, body)
    }

    /// A socket connected to the listener at `path` and the listener's credentials, checked
    /// against `policy` (Unix-socket connects complete at once unless the backlog is full).
    static func connect(to path: String, policy: PeerPolicy) throws(TransportError) -> (Int32, PeerCredentials) {
        let descriptor = try UnixAddress.socket()
        let result = try UnixAddress.with(path) { address, length in
            retryingEINTR { Glibc.connect(descriptor, address, length) }
        }
        guard result == 0 else {
            let error = TransportError.call("connect", path)
            Glibc.close(descriptor)
            throw error
        }
        guard let peer = PeerCredentials.of(descriptor) else {
            let error = TransportError.call("getsockopt(SO_PEERCRED)", path)
            Glibc.close(descriptor)
            throw error
        }
        guard policy.admits(peer) else {
            Glibc.close(descriptor)
            let rejection = PeerRejection(peer: peer, expectedUID: geteuid())
            throw TransportError(.peerRejected, value: "\(peer.uid)", message: "\(rejection) (listener at \(path))")
        }
        return (descriptor, peer)
    }

    /// A new Unix stream socket, close-on-exec.
    static func socket() throws(TransportError) -> Int32 {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .call("socket", "AF_UNIX") }
        return descriptor
    }
}

/// Retries a system call interrupted by a signal: its result once it succeeds (answers 0 or
/// more) or fails with any other error (`errno` is that error's).
@inline(__always)
package func retryingEINTR<T: SignedInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

/// Runs `body` on a new dedicated thread with a small stack: the blocking work (reading,
/// accepting, waiting for a child) never runs on a Swift-concurrency thread.
func startThread(_ name: String, stackSize: Int = 256 << 10, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.name = name
    thread.stackSize = stackSize
    thread.start()
}

/// An `AsyncStream` over a `start(handler)` API, finished after the event `isLast` picks, or
/// after whatever `start` delivered at once if it declined (already started or ended).
func eventStream<Event: Sendable>(
    isLast: @escaping @Sendable (Event) -> Bool, start: (@escaping @Sendable (Event) -> Void) -> Bool
) -> AsyncStream<Event> {
    let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
    let started = start { event in
        continuation.yield(event)
        if isLast(event) { continuation.finish() }
    }
    if !started { continuation.finish() }
    return stream
}

/// Calls `body` with `address` (a `sockaddr_un`, `sockaddr_in` or `sockaddr_in6`) as the
/// `sockaddr` the socket calls take, and its length.
func asSocketAddress<Address, R>(_ address: Address, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
    var address = address
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<Address>.size)) }
    }
}
