/// What a reader that follows a log (with a `LogCursor`) knows to be unreadable in it, kept up
/// to date from each `LogChange`, so an app can tell its user how many entries it could not read
/// and where.
///
/// Damage before a valid record stays in the file (a writer never truncates it) and is counted
/// once however often the log is read; damage after the last valid record (the tail) is
/// re-read on every change and replaced each time: the next append truncates it, or an append
/// in progress completes it.
public struct LogDamage: Sendable, Equatable {
    /// Damage followed by a valid record, in file order.
    public private(set) var settled: [LogWarning] = []
    /// Damage after the last valid record (at most one warning).
    public private(set) var tail: [LogWarning] = []

    /// No damage known.
    public init() {}

    /// Every place that could not be read, in file order.
    public var warnings: [LogWarning] { settled + tail }

    /// How many places could not be read (a damaged region is one place, each record failing
    /// its checksum is one).
    public var count: Int { settled.count + tail.count }

    /// Takes in what one `LogCursor.next()` answered.
    public mutating func take(_ change: LogChange) {
        switch change {
        case .replaced(let snapshot):
            settled = []
            split(snapshot.warnings, lastRecord: snapshot.records.last)
        case .appended(let records, let warnings):
            split(warnings, lastRecord: records.last)
        }
    }

    /// Takes in what a whole `read()` answered (replacing everything known).
    public mutating func take(_ snapshot: LogSnapshot) {
        take(.replaced(snapshot))
    }

    /// Adds records that were intact but could not be decoded (`RecordLog.decode`): they stay
    /// in the file, like damage before a valid record.
    public mutating func add(undecodable warnings: [LogWarning]) {
        settled = (settled + warnings).sorted { $0.offset < $1.offset }
    }

    private mutating func split(_ warnings: [LogWarning], lastRecord: LogRecord?) {
        let isTail = { (warning: LogWarning) in lastRecord.map { warning.offset > $0.offset } ?? true }
        settled += warnings.filter { !isTail($0) }
        tail = warnings.filter(isTail)
    }
}
