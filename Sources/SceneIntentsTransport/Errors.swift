import Glibc

/// A system call that failed, with its `errno` named (for example `recv: ECONNRESET (Connection
/// reset by peer)`).
public struct SystemError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed, such as `recv`, `bind` or `posix_spawn`.
    public let operation: String
    /// The `errno` value it left.
    public let code: Int32

    /// Records a failed `operation` with the given `errno` (by default the current one).
    public init(_ operation: String, code: Int32 = errno) {
        self.operation = operation
        self.code = code
    }

    /// The symbolic name of the `errno` value (`EPIPE`), or `errno N` for one not in the table.
    public var name: String { Self.names[code] ?? "errno \(code)" }

    /// `operation: NAME (strerror text)`.
    public var description: String { "\(operation): \(name) (\(String(cString: strerror(code))))" }

    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", ESRCH: "ESRCH", EINTR: "EINTR", EIO: "EIO", E2BIG: "E2BIG",
        ENOEXEC: "ENOEXEC", EBADF: "EBADF", ECHILD: "ECHILD", EAGAIN: "EAGAIN", ENOMEM: "ENOMEM",
        EACCES: "EACCES", EEXIST: "EEXIST", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL",
        ENFILE: "ENFILE", EMFILE: "EMFILE", ENOSPC: "ENOSPC", EPIPE: "EPIPE", ENAMETOOLONG: "ENAMETOOLONG",
        ENOSYS: "ENOSYS", ELOOP: "ELOOP", ENOTSOCK: "ENOTSOCK", EADDRINUSE: "EADDRINUSE",
        ENOBUFS: "ENOBUFS", ECONNABORTED: "ECONNABORTED", ECONNRESET: "ECONNRESET", ENOTCONN: "ENOTCONN",
        ETIMEDOUT: "ETIMEDOUT", ECONNREFUSED: "ECONNREFUSED", EPROTO: "EPROTO",
    ]
}

/// What went wrong with a frame: the connection that met it ends with
/// ``CloseReason/protocolError(_:)``.
public enum FrameError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A frame announced (or a payload to send had) `length` bytes, more than `limit`.
    case oversize(length: Int, limit: Int)
    /// The stream ended inside a frame: `received` of the `expected` bytes (header included) came.
    case truncated(expected: Int, received: Int)

    /// The problem in words, with the sizes involved.
    public var description: String {
        switch self {
        case .oversize(let length, let limit):
            "frame of \(length) bytes is over the limit of \(limit) bytes"
        case .truncated(let expected, let received):
            "stream ended inside a frame: \(received) of \(expected) bytes received"
        }
    }
}

/// Why a ``FramedConnection`` ended. Every connection ends with exactly one.
public enum CloseReason: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The peer closed its end (or exited) between frames.
    case peerClosed
    /// The peer sent bytes that are not a valid frame stream.
    case protocolError(FrameError)
    /// Reading failed with a system error (for example `ECONNRESET`).
    case ioError(SystemError)
    /// ``FramedConnection/close()`` was called on this side.
    case closedLocally
    /// The peer sent frames faster than they were read: more than `unread` waited (see
    /// ``FramedConnection/events(unreadLimit:)``), and the connection was closed.
    case flooded(unread: Int)

    /// The reason in words, for traces and logs.
    public var description: String {
        switch self {
        case .peerClosed: "peer closed the connection"
        case .protocolError(let error): "protocol error: \(error)"
        case .ioError(let error): "I/O error: \(error)"
        case .closedLocally: "closed locally"
        case .flooded(let unread): "flooded: more than \(unread) messages were sent ahead of their answers"
        }
    }
}

/// A transport operation that could not be done: a code, the offending value (a path, a size, a
/// user id) and a message saying what to do about it.
public struct TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable {
        /// The runtime directory is not a directory, belongs to another user, or is group- or
        /// world-accessible.
        case unsafeRuntimeDirectory
        /// A socket path is longer than `sockaddr_un` can hold (107 bytes).
        case socketPathTooLong
        /// Another process is listening at the socket path.
        case addressInUse
        /// Something that is not a socket sits at the socket path.
        case notASocket
        /// The connected peer runs as another user.
        case peerRejected
        /// A payload to send is over the frame limit.
        case frameTooLarge
        /// The connection has ended; see its ``FramedConnection/closeReason``.
        case connectionClosed
        /// A system call failed; ``TransportError/system`` names it.
        case systemCall
    }

    /// What kind of failure this is.
    public let code: Code
    /// The offending value (path, size, user id, executable).
    public let value: String
    /// A sentence a user can act on.
    public let message: String
    /// The failed system call, for ``Code/systemCall`` (and a few others that wrap one).
    public let system: SystemError?

    /// Creates an error; `system` is the failed call behind it, if any.
    public init(_ code: Code, value: String, message: String, system: SystemError? = nil) {
        self.code = code
        self.value = value
        self.message = message
        self.system = system
    }

    /// A failed system call on `value` (a path or a descriptor), with the current `errno`.
    static func call(_ operation: String, _ value: String, code: Int32 = errno) -> TransportError {
        let system = SystemError(operation, code: code)
        return TransportError(.systemCall, value: value, message: "\(system) on \(value)", system: system)
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}
