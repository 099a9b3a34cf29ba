#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import DurableFiles
import SceneIntents

/// One line of an app's session file. The file is replayed line by line, each line changing what
/// the lines before it left (`KeptSessions.replay`), so a change is kept by appending its lines
/// (one write and one fsync, however many sessions the app has) rather than by replacing the
/// whole file; the file is rewritten whole only now and then, to drop the lines replaced since.
enum SessionLine: Equatable {
    /// The session's record as it is now: replaces its earlier one where it stands, or adds it.
    case open(SessionRecord)
    /// The user closed the session while the app was not running: it moves to the discarded
    /// ones, for the app's next launch to hear.
    case discarded(SessionRecord)
    /// The app heard the session was discarded: it is forgotten.
    case gone(String)

    /// The session the line is about.
    var identifier: String {
        switch self {
        case .open(let record), .discarded(let record): record.persistentIdentifier
        case .gone(let identifier): identifier
        }
    }
}

extension KeptSessions {
    /// What `line` makes of these sessions: the one rule of the file and of the store's changes.
    mutating func replay(_ line: SessionLine) {
        switch line {
        case .open(let record):
            let identifier = record.persistentIdentifier
            if let index = open.firstIndex(where: { $0.persistentIdentifier == identifier }) {
                open[index] = record
            } else {
                discarded.removeAll { $0.persistentIdentifier == identifier }
                open.append(record)
            }
        case .discarded(let record):
            let identifier = record.persistentIdentifier
            open.removeAll { $0.persistentIdentifier == identifier }
            if let index = discarded.firstIndex(where: { $0.persistentIdentifier == identifier }) {
                discarded[index] = record
            } else {
                discarded.append(record)
            }
        case .gone(let identifier):
            open.removeAll { $0.persistentIdentifier == identifier }
            discarded.removeAll { $0.persistentIdentifier == identifier }
        }
    }

    /// The lines that, replayed after `before`, give these sessions; nil when no lines do (the
    /// file is then rewritten whole).
    func lines(after before: KeptSessions) -> [SessionLine]? {
        let kept = Set((open + discarded).map(\.persistentIdentifier))
        let wereOpen = Dictionary(before.open.map { ($0.persistentIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
        let wereDiscarded = Dictionary(before.discarded.map { ($0.persistentIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
        var lines = (before.open + before.discarded).map(\.persistentIdentifier).filter { !kept.contains($0) }.map(SessionLine.gone)
        lines += discarded.filter { wereDiscarded[$0.persistentIdentifier] != $0 }.map(SessionLine.discarded)
        lines += open.filter { wereOpen[$0.persistentIdentifier] != $0 }.map(SessionLine.open)
        var replayed = before
        for line in lines { replayed.replay(line) }
        return replayed == self ? lines : nil
    }
}

/// Appends lines to an app's session file durably: written, then fsynced before the change
/// counts. The file must still be the one the store last read or wrote (`expected`), which it
/// knows ends with a whole line; anything else is left to a whole rewrite.
enum SessionAppend {
    enum Outcome {
        /// Appended and fsynced; the file is now `identity`.
        case appended(SessionCache.Identity)
        /// The file is not the one expected (replaced, edited, gone): rewrite it whole.
        case notTheFileExpected
    }

    static func append(_ bytes: [UInt8], to path: String, expected: SessionCache.Identity) throws(WriteFailure) -> Outcome {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return .notTheFileExpected }
        defer { close(descriptor) }
        guard SessionCache.Identity.of(descriptor: descriptor) == expected else { return .notTheFileExpected }
        if let code = DurableWrite.writeAll(bytes, to: descriptor) { throw WriteFailure(path: path, operation: "write", code: code) }
        guard fsync(descriptor) == 0 else { throw WriteFailure(path: path, operation: "fsync", code: errno) }
        guard let identity = SessionCache.Identity.of(descriptor: descriptor) else {
            throw WriteFailure(path: path, operation: "fstat", code: errno)
        }
        return .appended(identity)
    }
}
