import DurableFiles
import Foundation
import SceneIntents
import Synchronization

/// Why the session store refused something: a code and a sentence naming what and why.
public struct SessionStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal.
    public enum Code: String, Sendable {
        /// A record takes more than `SessionRecord.sizeLimit` bytes encoded.
        case recordTooLarge
        /// An app would keep more than `SessionStore.sessionLimit` sessions.
        case tooManySessions
        /// The bundle identifier cannot name a file (empty, too long, or a character other than
        /// letters, digits, `.`, `-` and `_`).
        case badBundleIdentifier
        /// The store's folder or an app's file could not be written.
        case writeFailed
    }

    /// What kind of refusal.
    public let code: Code
    /// The sentence.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}

/// The system's durable store of every app's scene sessions, one file per bundle identifier, so
/// the sessions outlive the app's process (a crash, a kill), the daemon's restart and a machine
/// shutdown (REFERENCE §2, state restoration).
///
/// Each change is durable before the call returns: its lines are appended to the app's file
/// and the file fsynced, or, once most of the file is lines replaced since, or when a line of
/// it is damaged, the whole file is rewritten to a temporary file, fsynced, renamed over the
/// old one and the folder fsynced. Each line is checksummed on its own; a line that cannot be
/// read (a torn append included) is skipped and named, never stopping a launch.
///
/// What discards what: the app reporting `.discarded` (it heard `didDiscardSceneSessions`)
/// forgets those sessions; `close(_:of:)` while the app is not running keeps the session as
/// discarded, for the app's next launch to hear; `forceQuit(_:)` discards every session the
/// same way; a crash, a kill or the system stopping the app change nothing here.
///
/// The methods block on file I/O and `fsync`: call them from a thread or Dispatch queue of your
/// own, not from Swift's cooperative pool.
public final class SessionStore: Sendable {
    /// The most sessions (open and discarded) one app may keep: with `SessionRecord.sizeLimit`
    /// that bounds an app's file to about 1 MB.
    public static let sessionLimit = 256
    /// The store's folder.
    public let directory: String
    /// One change at a time (each a read, a change and a whole-file replace), and what was last
    /// read or written of each file.
    private let serial = Mutex(SessionCache())

    /// The store in `directory`, made (`mkdir -p`) if missing.
    public init(directory: String) throws(SessionStoreError) {
        self.directory = directory
        do { try DurableWrite.makeDirectory(directory) } catch {
            throw SessionStoreError(.writeFailed, "the session store's folder: \(error)")
        }
    }

    /// What to give the app at launch: its open sessions and those discarded while it was not
    /// running, and a sentence for each record that could not be read (for the trace).
    public func restoration(for bundleIdentifier: String) throws(SessionStoreError)
        -> (restoration: SessionRestoration, skipped: [String])
    {
        let path = try self.path(of: bundleIdentifier)
        let (kept, skipped) = serial.withLock { cache in read(path, &cache) }
        return (SessionRestoration(sessions: kept.open, discarded: kept.discarded), skipped)
    }

    /// Keeps the changes the app reported, in order: a saved record replaces the session's
    /// earlier one (or adds it); discarded sessions are forgotten.
    ///
    /// - Throws: `recordTooLarge` or `tooManySessions` for a record refused (the session keeps
    ///   its earlier record; the other changes are kept); `writeFailed` when the file cannot be
    ///   written (nothing is kept).
    public func apply(_ changes: [SessionChange], for bundleIdentifier: String) throws(SessionStoreError) {
        try change(bundleIdentifier) { edit, json throws(SessionStoreError) in
            var refusal: SessionStoreError?
            for change in changes {
                switch change {
                case .saved(let record):
                    do throws(SessionStoreError) { _ = try json(record) } catch {
                        refusal = error
                        continue
                    }
                    let kept = edit.kept
                    if !kept.holds(record.persistentIdentifier) && kept.open.count + kept.discarded.count >= Self.sessionLimit {
                        refusal = SessionStoreError(
                            .tooManySessions,
                            "\(bundleIdentifier) already keeps \(Self.sessionLimit) sessions: session \(record.persistentIdentifier) is not kept")
                    } else if !kept.open.contains(record) {
                        edit.add(.open(record))
                    }
                case .discarded(let identifiers):
                    for identifier in identifiers where edit.kept.holds(identifier) { edit.add(.gone(identifier)) }
                }
            }
            return refusal
        }
    }

    /// The user closes a session while the app is not running: it is kept as discarded, for the
    /// app's next launch to hear (`didDiscardSceneSessions`). Returns false when the app has no
    /// such open session.
    @discardableResult
    public func close(_ identifier: String, of bundleIdentifier: String) throws(SessionStoreError) -> Bool {
        var found = false
        try change(bundleIdentifier) { edit, _ in
            guard let record = edit.kept.open.first(where: { $0.persistentIdentifier == identifier }) else { return nil }
            edit.add(.discarded(record))
            found = true
            return nil
        }
        return found
    }

    /// The user force-quits the app: every open session is discarded (heard at its next launch).
    public func forceQuit(_ bundleIdentifier: String) throws(SessionStoreError) {
        try change(bundleIdentifier) { edit, _ in
            for record in edit.kept.open { edit.add(.discarded(record)) }
            return nil
        }
    }

    /// Reads the app's file, changes it and keeps the change durably; `edit` adds the change's
    /// lines, is given a record's JSON (made once per record) and returns a refusal to throw once
    /// the rest is written.
    private func change(
        _ bundleIdentifier: String,
        _ body: (inout SessionEdit, (SessionRecord) throws(SessionStoreError) -> [UInt8]) throws(SessionStoreError) -> SessionStoreError?
    ) throws(SessionStoreError) {
        let path = try self.path(of: bundleIdentifier)
        try serial.withLock { cache throws(SessionStoreError) in
            var edit = SessionEdit(kept: read(path, &cache).sessions)
            var made = cache
            let refusal = try body(&edit) { record throws(SessionStoreError) in try made.json(of: record, in: path) }
            cache = made
            if !edit.lines.isEmpty {
                do throws(WriteFailure) { try keep(edit, in: path, &cache) } catch {
                    // Part of it may have reached the file: read it again before the next change.
                    cache.remember(path, identity: nil, sessions: KeptSessions(), skipped: [])
                    throw SessionStoreError(.writeFailed, "the sessions of \(bundleIdentifier): \(error)")
                }
            }
            if let refusal { throw refusal }
        }
    }

    /// Makes the file at `path` hold what `edit` made: its lines appended when the file is the
    /// one last read or written and would hold at most twice the lines it needs (plus 16), else
    /// the file rewritten whole with one line a session.
    private func keep(_ edit: SessionEdit, in path: String, _ cache: inout SessionCache) throws(WriteFailure) {
        let kept = edit.kept
        let needed = kept.open.count + kept.discarded.count
        // Every record kept was encoded by the change (a record that cannot be is refused there).
        if let (identity, count) = cache.appendable(path), count + edit.lines.count <= 2 * needed + 16,
            let bytes = try? cache.bytes(of: edit.lines, in: path),
            case .appended(let now) = try SessionAppend.append(bytes, to: path, expected: identity)
        {
            cache.remember(path, identity: now, sessions: kept, skipped: [], lines: count + edit.lines.count)
            return
        }
        guard let bytes = try? cache.bytes(of: kept, in: path) else { throw WriteFailure(path: path, operation: "encode", code: EINVAL) }
        try DurableWrite.writeAll([(name: String(path.split(separator: "/").last ?? ""), contents: bytes)], directory: directory)
        cache.remember(path, identity: SessionCache.Identity.of(path), sessions: kept, skipped: [], lines: needed)
    }

    /// The sessions in the file at `path` (none when there is no file) and what was skipped:
    /// what `cache` holds while the file is the one it describes, else read again. Read without
    /// blocking: something other than a regular file in its place (a FIFO) is named and
    /// skipped, as a damaged file is.
    private func read(_ path: String, _ cache: inout SessionCache) -> (sessions: KeptSessions, skipped: [String]) {
        let identity = SessionCache.Identity.of(path)
        if let cached = cache.reading(of: path, identity: identity) { return cached }
        let limit = Self.sessionLimit * (SessionRecord.sizeLimit + 32)
        if FileProbe.kind(path) == .missing {
            cache.remember(path, identity: nil, sessions: KeptSessions(), skipped: [])
            return (KeptSessions(), [])
        }
        switch FileProbe.contents(path, limit: limit) {
        case .success(let data):
            let read = SessionFile.decode(Array(data))
            // Taken before the read: a file replaced meanwhile has another identity, so it is
            // read again next time rather than mistaken for this one.
            cache.remember(path, identity: identity, sessions: read.sessions, skipped: read.skipped, lines: read.lines)
            return (read.sessions, read.skipped)
        case .failure(let failure):
            cache.remember(path, identity: nil, sessions: KeptSessions(), skipped: [])
            return (KeptSessions(), ["\(path) cannot be read (\(failure.reason)): the app starts with no sessions"])
        }
    }

    private func path(of bundleIdentifier: String) throws(SessionStoreError) -> String {
        guard BundleFileName.isValid(bundleIdentifier) else {
            throw SessionStoreError(
                .badBundleIdentifier,
                "'\(bundleIdentifier.prefix(64))' is not a bundle identifier the session store can keep (\(BundleFileName.rule))")
        }
        return "\(directory)/\(bundleIdentifier).sessions"
    }
}

/// The one rule for a bundle identifier that names what the system keeps for its app on disk
/// (its sessions file, its shortcuts folder): nothing in it can leave the folder it is kept in.
package enum BundleFileName {
    /// The rule in words, for refusals.
    package static let rule = "letters, digits, '.', '-' and '_', at most 200 bytes, not starting with '.'"

    /// Whether `identifier` follows `rule`.
    package static func isValid(_ identifier: String) -> Bool {
        let allowed = identifier.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "." || $0 == "-" || $0 == "_"
        }
        return allowed && !identifier.isEmpty && identifier.utf8.count <= 200 && !identifier.hasPrefix(".")
    }
}
