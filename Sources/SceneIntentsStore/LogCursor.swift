import Glibc

/// What a `LogCursor` found since its last look.
public enum LogChange: Sendable, Equatable {
    /// The records appended since the last call (none if nothing changed), and what was
    /// skipped among them (a torn tail here may be an append still in progress: the next call
    /// returns that record whole).
    case appended([LogRecord], warnings: [LogWarning])
    /// The log was replaced (compacted, or deleted and started again) since the last call, or
    /// did not exist then, or this is the first call: here is all of it, to replace what the
    /// caller holds.
    case replaced(LogSnapshot)
}

/// Reads a log incrementally: each `next()` answers only what was appended since the previous
/// call, so a screen that follows a large log (with a `LogWatcher`) does work in proportion to
/// what changed, not to the log's size.
///
/// The cursor keeps the log open. When a compaction has renamed a new file over the path, the
/// cursor sees that its open file is no longer the one the path names, reopens, and answers
/// `.replaced` with the whole new log. Synchronous and lock-free, like `AppendLog.read()`; not
/// `Sendable` (one owner).
public final class LogCursor {
    /// The log this cursor follows.
    public let log: AppendLog
    private var descriptor: Descriptor?
    private var end = 0

    /// A cursor at the start of `log`; the first `next()` answers `.replaced` with all of it.
    public init(log: AppendLog) {
        self.log = log
    }

    deinit { descriptor?.close() }

    /// What changed since the last call.
    public func next() throws(StoreError) -> LogChange {
        if let open = descriptor {
            let info = try open.status()
            let named = try fileStatus(log.path)
            if let named, sameFile(named, info), Int(info.st_size) >= end {
                let (snapshot, newEnd) = try log.records(in: open, from: end)
                end = newEnd
                return .appended(snapshot.records, warnings: snapshot.warnings)
            }
            open.close()
            descriptor = nil
        }
        // First call, or the path names another file now (or none): start over.
        let open: Descriptor
        do {
            open = try Descriptor.open(log.path, O_RDONLY)
        } catch where error.errno == ENOENT {
            end = 0
            return .replaced(LogSnapshot(records: [], warnings: [], token: .absent))
        }
        descriptor = open
        let (snapshot, newEnd) = try log.records(in: open, from: 0)
        end = newEnd
        return .replaced(snapshot)
    }
}
