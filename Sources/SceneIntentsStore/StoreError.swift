import Glibc

/// Why a store operation failed: what kind of failure, which file, which step and the system's
/// error number, with a message a user can act on.
///
/// A failed `append` has left nothing half-written that a reader could see: any partial record
/// was truncated away under the lock before the error was thrown.
public struct StoreError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
    /// The kind of failure; each has one cause a caller can tell apart and act on.
    public enum Code: String, Sendable, Equatable, Codable {
        /// The file system is full, or the user's quota is used up (`ENOSPC`, `EDQUOT`).
        case noSpace
        /// The file would grow past the largest size allowed (`EFBIG`, e.g. `RLIMIT_FSIZE`).
        case fileTooLarge
        /// The container is on a read-only file system (`EROFS`).
        case readOnly
        /// The process may not open or change the file or its directory (`EACCES`, `EPERM`).
        case permissionDenied
        /// A directory stands where the log should be, or a file where a folder of its path
        /// should be (`EISDIR`, `ENOTDIR`).
        case notAFile
        /// A folder of the path does not exist (`ENOENT` where the store does not create it).
        case notFound
        /// The file exists but does not start with the log's header: it is not a log, and the
        /// store refuses to write to it rather than damage it.
        case notALog
        /// The log was written by a newer format version than this code reads.
        case unsupportedVersion
        /// A record is larger than `AppendLog.maximumPayloadSize`.
        case recordTooLarge
        /// A typed record could not be encoded as JSON.
        case encodingFailed
        /// Any other system error (the `errno` says which).
        case ioFailed
    }

    /// The kind of failure.
    public let code: Code
    /// The file (or directory) the failed step worked on.
    public let path: String
    /// The step that failed: `open`, `write`, `fsync`, `truncate`, `lock`, `rename`, `read`, ….
    public let operation: String
    /// The system's error number, when the kernel refused the step.
    public let errno: Int32?
    /// Extra detail (the decoder's or encoder's message, the bad header, the size).
    public let detail: String?

    /// Makes an error; `code` is derived from `errno` by `init(operation:path:errno:)`.
    public init(_ code: Code, path: String, operation: String, errno: Int32? = nil, detail: String? = nil) {
        self.code = code
        self.path = path
        self.operation = operation
        self.errno = errno
        self.detail = detail
    }

    /// An error for a system call that failed with `errno`, classified into a `Code`.
    public init(operation: String, path: String, errno: Int32) {
        let code: Code
        switch errno {
        case ENOSPC, EDQUOT: code = .noSpace
        case EFBIG: code = .fileTooLarge
        case EROFS: code = .readOnly
        case EACCES, EPERM: code = .permissionDenied
        case EISDIR, ENOTDIR: code = .notAFile
        case ENOENT: code = .notFound
        default: code = .ioFailed
        }
        self.init(code, path: path, operation: operation, errno: errno)
    }

    /// One line: what failed, where, why, and what to do about it.
    public var description: String {
        let cause = errno.map { " (\(String(cString: strerror($0))), errno \($0))" } ?? ""
        let extra = detail.map { ": \($0)" } ?? ""
        let advice: String
        switch code {
        case .noSpace: advice = "free some disk space and try again"
        case .fileTooLarge: advice = "compact the log or raise the file size limit"
        case .readOnly: advice = "the container is read-only; remount it read-write"
        case .permissionDenied: advice = "check the owner and permissions of the file and its directory"
        case .notAFile: advice = "something else stands on the path; move it away or choose another path"
        case .notFound: advice = "a folder on the path does not exist; create it or choose another path"
        case .notALog: advice = "the file is not a SceneIntents log; move it away or choose another path"
        case .unsupportedVersion: advice = "open it with a newer SceneIntentsStore"
        case .recordTooLarge: advice = "split the record into smaller ones"
        case .encodingFailed: advice = "the value cannot be stored as JSON"
        // Only EIO is the device's failure; any other errno (a loop of links, a name too long)
        // is explained by the system's reason above.
        case .ioFailed: advice = errno == EIO ? "the device reported an I/O error: check the disk" : "the system refused it for the reason given"
        }
        return "\(code.rawValue): \(operation) \(path) failed\(cause)\(extra); \(advice)"
    }
}

/// Something a reader skipped instead of returning it: the records around it are returned intact.
///
/// A warning is information, not a failure: a torn tail is what a writer killed in the middle of
/// an append leaves behind (the next append truncates it), and a reader that races an append in
/// progress can see one too (the next read sees the whole record).
public enum LogWarning: Sendable, Equatable, CustomStringConvertible {
    /// The file ends inside a record (or inside the file header): `bytes` bytes from `offset`
    /// to the end of the file are not a whole record.
    case tornTail(offset: Int, bytes: Int)
    /// `bytes` bytes from `offset` were skipped because they hold no valid record: one record
    /// failing its checksum, or a damaged region (a damaged length, a byte inserted or deleted)
    /// after which the reader found the next valid record again.
    case corruptRecord(offset: Int, bytes: Int)
    /// The record at `offset` passed its checksum but is not a valid JSON value of the typed
    /// log's record type (`RecordLog` only); `reason` is the decoder's message.
    case undecodable(offset: Int, reason: String)

    /// Where in the file the skipped bytes start.
    public var offset: Int {
        switch self {
        case .tornTail(let offset, _), .corruptRecord(let offset, _), .undecodable(let offset, _): offset
        }
    }

    /// One line naming what was skipped and where.
    public var description: String {
        switch self {
        case .tornTail(let offset, let bytes): "torn tail: \(bytes) bytes at offset \(offset) are not a whole record"
        case .corruptRecord(let offset, let bytes):
            "corrupt record: \(bytes) bytes at offset \(offset) fail their checksum"
        case .undecodable(let offset, let reason): "undecodable record at offset \(offset): \(reason)"
        }
    }
}
