import Dispatch
import Foundation
import Glibc
import Synchronization

/// A crash-safe, append-only log of byte records in one file, shared by any number of threads and
/// processes: the store behind an app group container and behind the system's donations and
/// voice shortcuts.
///
/// - `append` is durable: under an exclusive advisory lock (`flock`) it truncates any torn tail a
///   crashed writer left, writes the record and `fsync`s before it returns. A record whose append
///   returned is on disk; a record whose append threw is not visible to readers.
/// - `read` takes no lock. It returns every intact record in order and reports what it skipped
///   (a torn tail, a record failing its checksum) as `LogWarning`s; it never returns a corrupt
///   record and a bad record never hides an earlier one.
/// - `rewrite` compacts: it writes the new contents to a temporary file, `fsync`s it, renames it
///   over the log and `fsync`s the directory. Writers (in any process) that still have the old
///   file open notice under the lock that the path names another file, and reopen it.
///
/// Every method is **synchronous** and may wait for the disk (an `fsync` is milliseconds) or for
/// another process's lock: call it from a thread that may block, not from a task on Swift's
/// cooperative pool. `RecordLog` offers `async` forms that run the work on a Dispatch queue.
public final class AppendLog: Sendable {
    /// The log file's path.
    public let path: String

    /// The largest payload one record may hold (64 MiB); a reader treats a larger length as damage.
    ///
    /// A record takes 16 bytes more than its payload in the file (8 in a version-1 file).
    public static let maximumPayloadSize = LogFormat.maximumPayloadSize

    /// The writer's open file, under a `Mutex` so the threads of one process take turns (`flock`
    /// excludes other open files, not other threads sharing this one).
    let writer = Mutex(WriterState())

    /// The serial queue the `async` forms run on, so blocking I/O never occupies a thread of the
    /// cooperative pool.
    let queue: DispatchQueue

    /// A log at `path`. Nothing is opened yet: the first append creates the file (and its
    /// header); reading a log that does not exist yet answers no records.
    public init(path: String) {
        self.path = path
        queue = DispatchQueue(label: "SceneIntentsStore \(path)")
    }

    deinit {
        writer.withLock { state in state.descriptor?.close() }
    }

    /// Reads every intact record, without taking the lock.
    ///
    /// Throws only when the file cannot be read, or is not a log (`notALog`,
    /// `unsupportedVersion`); damage inside the log becomes warnings in the snapshot.
    public func read() throws(StoreError) -> LogSnapshot {
        let descriptor: Descriptor
        do {
            descriptor = try Descriptor.open(path, O_RDONLY)
        } catch where error.errno == ENOENT {
            return LogSnapshot(records: [], warnings: [], token: .absent)
        }
        defer { descriptor.close() }
        return try snapshot(of: descriptor)
    }

    /// A value that changes whenever the log changes (an append, a truncation, a compaction):
    /// one `stat`, cheap enough to call each time an app comes to the foreground.
    ///
    /// Compare it with the `token` of the last `LogSnapshot` you read; if they differ, read again.
    public func changeToken() throws(StoreError) -> ChangeToken {
        guard let info = try fileStatus(path) else { return .absent }
        return ChangeToken(info)
    }

    /// Reads and scans the whole file open at `descriptor`.
    func snapshot(of descriptor: Descriptor) throws(StoreError) -> LogSnapshot {
        try records(in: descriptor, from: 0).snapshot
    }

    /// Reads the file open at `descriptor` from `start` (0: the whole file, header first; else
    /// the end of a record read before) and answers its records from there, and `end`: where
    /// the record after the last whole one begins (a later read continues from there).
    func records(in descriptor: Descriptor, from start: Int) throws(StoreError) -> (snapshot: LogSnapshot, end: Int) {
        let info = try descriptor.status()
        let token = ChangeToken(info)
        let bytes = try descriptor.read(count: max(0, Int(info.st_size) - start), at: start)
        let version: LogFormat.Version
        var warnings: [LogWarning] = []
        switch try start == 0 ? header(of: bytes, operation: "read") : header(in: descriptor, operation: "read") {
        case .empty where start == 0:
            return (LogSnapshot(records: [], warnings: [], token: token), 0)
        case .torn(let count) where start == 0:
            return (LogSnapshot(records: [], warnings: [.tornTail(offset: 0, bytes: count)], token: token), 0)
        case .empty, .torn:
            // The file was cut back below its header since the last read: nothing to add.
            return (LogSnapshot(records: [], warnings: [], token: token), start)
        case .valid(let found):
            version = found
        case .damaged(let found):
            version = found
            // Reported once, with the whole file; the next append repairs it.
            if start == 0 { warnings.append(.corruptRecord(offset: 0, bytes: LogFormat.headerSize)) }
        }
        let base = max(start, LogFormat.headerSize)
        let scan = bytes.withUnsafeBytes { buffer in
            LogFormat.scan(UnsafeRawBufferPointer(rebasing: buffer[(base - start)...]), base: base, version: version, collect: true)
        }
        // Each payload is a slice of the one buffer read: no allocation or copy per record.
        let records = scan.records.map { span in
            let from = span.payloadOffset - start
            return LogRecord(offset: span.offset, payload: bytes[from..<from + span.length])
        }
        return (LogSnapshot(records: records, warnings: warnings + scan.warnings, token: token), scan.end)
    }
}

/// A file's header, once it is known to be one this code may read and write.
enum UsableHeader {
    case empty
    case torn(bytes: Int)
    case valid(LogFormat.Version)
    /// A damaged magic with a record of this version after it (see `LogFormat.HeaderState`).
    case damaged(LogFormat.Version)
}

extension AppendLog {
    /// The state of the header at the start of `bytes`; throws `notALog` or
    /// `unsupportedVersion` (naming `operation`) for a file this code must not touch.
    func header(of bytes: Data, operation: String) throws(StoreError) -> UsableHeader {
        switch bytes.withUnsafeBytes({ LogFormat.headerState($0) }) {
        case .empty: return .empty
        case .torn(let count): return .torn(bytes: count)
        case .valid(let version): return .valid(version)
        case .damaged(let version): return .damaged(version)
        case .notALog:
            throw StoreError(.notALog, path: path, operation: operation, detail: "the file does not start with SILOG")
        case .unsupported(let version):
            throw StoreError(.unsupportedVersion, path: path, operation: operation, detail: "format version \(version)")
        }
    }

    /// The state of the header of the file open at `descriptor`: its 8 bytes, and (only when
    /// they are not ours) enough after them to tell a damaged header from somebody else's file.
    func header(in descriptor: Descriptor, operation: String) throws(StoreError) -> UsableHeader {
        let head = try descriptor.read(count: LogFormat.headerSize, at: 0)
        if case .valid(let version) = try? header(of: head, operation: operation) { return .valid(version) }
        return try header(of: try descriptor.read(count: LogFormat.headerProbeSize, at: 0), operation: operation)
    }
}

/// One intact record: where it is in the file and its payload.
public struct LogRecord: Sendable, Equatable {
    /// The record's byte offset in the log file (it changes when the log is compacted).
    public let offset: Int
    /// The bytes that were appended.
    ///
    /// A slice of the buffer the whole log was read into (so reading a million records does not
    /// allocate a million buffers): its indices start at `payload.startIndex`, not at 0. Decoders
    /// (`JSONDecoder`) take it as it is; `Data(record.payload)` makes a zero-based copy.
    public let payload: Data

    /// A record at `offset` holding `payload`.
    public init(offset: Int, payload: Data) {
        self.offset = offset
        self.payload = payload
    }
}

/// What one `read` saw: the intact records in order, what was skipped, and the file's state.
public struct LogSnapshot: Sendable, Equatable {
    /// Every intact record, in the order they were appended.
    public let records: [LogRecord]
    /// What the reader skipped (empty for a healthy log).
    public let warnings: [LogWarning]
    /// The file's change token when it was read: compare with `AppendLog.changeToken()`.
    public let token: ChangeToken

    /// A snapshot with these records, warnings and token.
    public init(records: [LogRecord], warnings: [LogWarning], token: ChangeToken) {
        self.records = records
        self.warnings = warnings
        self.token = token
    }
}

/// The identity, size and modification time of the log file: equal tokens mean nothing was
/// appended, truncated or compacted in between.
///
/// Built from one `stat`: the inode changes on compaction (rename), the size on every append.
public struct ChangeToken: Hashable, Sendable {
    /// The token of a log file that does not exist.
    public static let absent = ChangeToken(device: 0, inode: 0, size: -1, modified: 0)

    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64
}

// In an extension, so that the memberwise initializer stays.
extension ChangeToken {
    init(_ info: stat) {
        self.init(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
