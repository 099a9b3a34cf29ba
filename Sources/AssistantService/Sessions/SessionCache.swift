#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import SceneIntents

/// What a `SessionStore` last read or wrote of each app's file, so that a launch does not read
/// and decode a file nobody changed since, and a write encodes only the records that changed.
///
/// A cached file is used only while the file on disk is the very one it describes (same device,
/// inode, size and modification time): a file replaced or edited by anyone else (another
/// process, a damaged disk, a test) is read again. Held under the store's lock.
struct SessionCache {
    /// Which file a cached reading describes.
    struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: timespec

        static func == (left: Identity, right: Identity) -> Bool {
            left.device == right.device && left.inode == right.inode && left.size == right.size
                && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
        }

        /// The regular file at `path` now; nil when there is none (missing, a FIFO, a folder).
        static func of(_ path: String) -> Identity? {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            return of(status)
        }

        /// The regular file open at `descriptor`; nil when it is not one.
        static func of(descriptor: Int32) -> Identity? {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return nil }
            return of(status)
        }

        private static func of(_ status: stat) -> Identity? {
            guard status.st_mode & S_IFMT == S_IFREG else { return nil }
            return Identity(
                device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                modified: status.st_mtim)
        }
    }

    private struct Reading {
        let identity: Identity
        let sessions: KeptSessions
        let skipped: [String]
        /// The file's lines, the replaced ones included.
        let lines: Int
    }

    private var readings: [String: Reading] = [:]
    /// Per file, each session's last record and its JSON.
    private var encoded: [String: [String: (record: SessionRecord, json: [UInt8])]] = [:]

    /// What was read or written of `path`, if the file there is still that one.
    func reading(of path: String, identity: Identity?) -> (sessions: KeptSessions, skipped: [String])? {
        guard let identity, let reading = readings[path], reading.identity == identity else { return nil }
        return (reading.sessions, reading.skipped)
    }

    /// Remembers what the file at `path` (identified by `identity`, `lines` long) holds; nil
    /// forgets it.
    mutating func remember(_ path: String, identity: Identity?, sessions: KeptSessions, skipped: [String], lines: Int = 0) {
        guard let identity else {
            readings[path] = nil
            return
        }
        readings[path] = Reading(identity: identity, sessions: sessions, skipped: skipped, lines: lines)
    }

    /// The file at `path` that lines may be appended to, and how many it has: the one last read
    /// or written, every line of it read (a damaged line is dropped by a rewrite instead).
    func appendable(_ path: String) -> (identity: Identity, lines: Int)? {
        guard let reading = readings[path], reading.skipped.isEmpty else { return nil }
        return (reading.identity, reading.lines)
    }

    /// The bytes of `lines` (each record's JSON made at most once).
    mutating func bytes(of lines: [SessionLine], in path: String) throws(SessionStoreError) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            switch line {
            case .open(let record): bytes += SessionFile.line(kind: "open", json: try json(of: record, in: path))
            case .discarded(let record): bytes += SessionFile.line(kind: "discarded", json: try json(of: record, in: path))
            case .gone(let identifier):
                encoded[path]?[identifier] = nil
                bytes += SessionFile.line(kind: "gone", json: SessionFile.encode(identifier: identifier))
            }
        }
        return bytes
    }

    /// The JSON of `record` in the file at `path`: the last one made when the record has not
    /// changed since.
    mutating func json(of record: SessionRecord, in path: String) throws(SessionStoreError) -> [UInt8] {
        if let last = encoded[path]?[record.persistentIdentifier], last.record == record { return last.json }
        let json = try SessionFile.encode(record)
        encoded[path, default: [:]][record.persistentIdentifier] = (record, json)
        return json
    }

    /// The file's bytes for `sessions`, each record's JSON made at most once; the JSON of
    /// sessions no longer kept is forgotten.
    mutating func bytes(of sessions: KeptSessions, in path: String) throws(SessionStoreError) -> [UInt8] {
        var bytes: [UInt8] = []
        for (kind, records) in [("open", sessions.open), ("discarded", sessions.discarded)] {
            for record in records { bytes += SessionFile.line(kind: kind, json: try json(of: record, in: path)) }
        }
        let kept = Set((sessions.open + sessions.discarded).map(\.persistentIdentifier))
        encoded[path] = encoded[path]?.filter { kept.contains($0.key) }
        return bytes
    }
}
