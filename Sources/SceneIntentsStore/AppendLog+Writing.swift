import Foundation
import Glibc

/// The writer side of one `AppendLog`: its open file, and how far that file is known to hold
/// only whole records (so an append re-checks only what other writers added since).
struct WriterState {
    var descriptor: Descriptor?
    var verifiedEnd: Int?
    /// The open file's format version: appends keep a file in the version it was created in.
    var version: LogFormat.Version = LogFormat.currentVersion
}

extension AppendLog {
    /// Appends one record durably: when this returns, the record is on disk.
    ///
    /// Blocks for the lock and an `fsync`. Throws `recordTooLarge` for a payload over
    /// `maximumPayloadSize`, and a `StoreError` naming the path and the cause when the kernel
    /// refuses (`noSpace`, `fileTooLarge`, `readOnly`, `permissionDenied`, …); a failed append
    /// leaves no part of its record visible to readers.
    public func append(_ payload: Data) throws(StoreError) {
        try append(contentsOf: [payload])
    }

    /// Appends several records with one write and one `fsync`: all of them, in order, or (when
    /// it throws) none of them.
    public func append(contentsOf payloads: [Data]) throws(StoreError) {
        try checkSizes(payloads)
        try withLockedLog { (descriptor, end, state) throws(StoreError) in
            try write(encode(payloads, version: state.version), to: descriptor, at: end, &state)
        }
    }

    /// Writes and `fsync`s encoded records at `end` of the locked file; on failure cuts the
    /// file back to `end`, so no part of them stays visible.
    private func write(_ bytes: [UInt8], to descriptor: Descriptor, at end: Int, _ state: inout WriterState) throws(StoreError) {
        do throws(StoreError) {
            try descriptor.write(bytes, at: end)
            try descriptor.sync()
        } catch {
            // A partial record (or a whole one whose fsync failed) must not stay visible:
            // cut the file back to where this append started.
            state.verifiedEnd = nil
            if (try? descriptor.truncate(to: end)) != nil, (try? descriptor.sync()) != nil {
                state.verifiedEnd = end
            }
            throw error
        }
        state.verifiedEnd = end + bytes.count
    }

    /// Appends what `decide` answers, deciding under the log's exclusive lock: no other writer
    /// (thread or process) appends between the decision and the write, so a check `decide`
    /// makes against the log (read with a `LogCursor` or `read()`, which take no lock) still
    /// holds when its record lands. Answering no payloads appends nothing. Durable and
    /// all-or-nothing as `append(contentsOf:)`.
    ///
    /// `decide` must not append to or rewrite this log (the lock is not reentrant).
    public func append(deciding decide: () -> [Data]) throws(StoreError) {
        try withLockedLog { (descriptor, end, state) throws(StoreError) in
            let payloads = decide()
            guard !payloads.isEmpty else { return }
            try checkSizes(payloads)
            try write(encode(payloads, version: state.version), to: descriptor, at: end, &state)
        }
    }

    /// Replaces the log's records with `transform(records)`, atomically and durably: readers see
    /// either the old log or the new one, never a mixture, and a crash at any point leaves one
    /// of the two.
    ///
    /// Runs under the lock, so no append is lost: appends wait, then go to the new file.
    /// `transform` receives every intact record (damaged ones are dropped) and must not call back
    /// into this log. The new file is written to a temporary file beside the log, `fsync`ed,
    /// renamed over the log, and the directory is `fsync`ed. The new file is always in the
    /// current format version (2), so compaction upgrades a version-1 log.
    public func rewrite(_ transform: ([LogRecord]) -> [Data]) throws(StoreError) {
        try withLockedLog { (descriptor, _, state) throws(StoreError) in
            let current = try snapshot(of: descriptor)
            let payloads = transform(current.records)
            try checkSizes(payloads)
            let bytes = LogFormat.currentVersion.header + encode(payloads, version: LogFormat.currentVersion)
            let mode = try descriptor.status().st_mode & 0o7777
            let temporary = "\(directoryName(path))/.\(fileName).compact-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let file = try Descriptor.open(temporary, O_WRONLY | O_CREAT | O_EXCL)
            do throws(StoreError) {
                defer { file.close() }
                try file.write(bytes, at: 0)
                _ = fchmod(file.fd, mode)
                try file.sync()
                guard rename(temporary, path) == 0 else { throw StoreError(operation: "rename", path: path, errno: errno) }
            } catch {
                _ = unlink(temporary)
                throw error
            }
            // From here the path names the new file; a crash now still leaves a whole log.
            try syncDirectory(of: path)
            // This descriptor names the replaced file: drop it (with its lock, which the writers
            // waiting on the old file then take, see the rename, and reopen).
            state.descriptor = nil
        }
    }

    /// The bytes one record holding `payload` occupies in a new log file (marker, length,
    /// checksums, payload): for tools that inspect logs, and for tests and benchmarks that write
    /// or compare raw bytes.
    public static func recordBytes(for payload: Data) -> [UInt8] {
        recordBytes(for: payload, version: LogFormat.currentVersion.rawValue)
    }

    /// The bytes one record holding `payload` occupies in a log file of format `version` (1 or
    /// 2; any other number is taken as 2): for tests and tools that build a version-1 file.
    public static func recordBytes(for payload: Data, version: UInt16) -> [UInt8] {
        var bytes: [UInt8] = []
        let format = LogFormat.Version(rawValue: version) ?? LogFormat.currentVersion
        payload.withUnsafeBytes { LogFormat.encode($0, version: format, into: &bytes) }
        return bytes
    }

    /// The 8-byte header that starts a log file of format `version` (1 or 2; any other number is
    /// taken as 2).
    public static func fileHeader(version: UInt16) -> [UInt8] {
        (LogFormat.Version(rawValue: version) ?? LogFormat.currentVersion).header
    }

    var fileName: String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Throws `recordTooLarge` for a payload over the limit, before anything is written.
    func checkSizes(_ payloads: [Data]) throws(StoreError) {
        for payload in payloads where payload.count > LogFormat.maximumPayloadSize {
            throw StoreError(
                .recordTooLarge, path: path, operation: "append",
                detail: "\(payload.count) bytes; the largest record is \(LogFormat.maximumPayloadSize) bytes")
        }
    }

    func encode(_ payloads: [Data], version: LogFormat.Version) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payloads.reduce(0) { $0 + $1.count + version.recordHeaderSize })
        for payload in payloads {
            payload.withUnsafeBytes { LogFormat.encode($0, version: version, into: &bytes) }
        }
        return bytes
    }

    /// Runs `body` holding the lock on the file the path names now, with any torn tail already
    /// truncated: `body` gets the descriptor and the offset where the next record belongs.
    func withLockedLog<T>(
        _ body: (Descriptor, Int, inout WriterState) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        try writer.withLock { (state) throws(StoreError) -> T in
            let descriptor = try lockCurrentFile(&state)
            defer {
                descriptor.unlock()
                if state.descriptor == nil { descriptor.close() }
            }
            do throws(StoreError) {
                let end = try validEnd(of: descriptor, &state)
                return try body(descriptor, end, &state)
            } catch {
                // After a failure, trust nothing cached: the next writer re-checks the file.
                state.verifiedEnd = nil
                throw error
            }
        }
    }

    /// Opens the log (creating it) if needed and locks it, making sure the locked file is still
    /// the one the path names: after a compaction renamed a new file over it, the old file is
    /// dropped and the new one opened and locked instead.
    private func lockCurrentFile(_ state: inout WriterState) throws(StoreError) -> Descriptor {
        while true {
            let descriptor: Descriptor
            if let open = state.descriptor {
                descriptor = open
            } else {
                descriptor = try Descriptor.open(path, O_RDWR | O_CREAT)
                state = WriterState(descriptor: descriptor)
            }
            try descriptor.lock()
            let locked = try descriptor.status()
            if let named = try fileStatus(path), sameFile(named, locked) { return descriptor }
            descriptor.unlock()
            descriptor.close()
            state = WriterState()
        }
    }

    /// Establishes where the next record belongs in the locked file: checks the header (writing
    /// it into a new file), scans what other writers appended since this one last looked, and
    /// truncates a torn or corrupt tail (with an `fsync`) so the next record follows whole ones.
    private func validEnd(of descriptor: Descriptor, _ state: inout WriterState) throws(StoreError) -> Int {
        let size = Int(try descriptor.status().st_size)
        var start = LogFormat.headerSize
        if let verified = state.verifiedEnd, verified <= size {
            start = verified
        } else {
            switch try header(in: descriptor, operation: "append") {
            case .empty, .torn:
                // A new file, or one whose creator died before its header was whole.
                try descriptor.truncate(to: 0)
                try descriptor.write(LogFormat.currentVersion.header, at: 0)
                try descriptor.sync()
                try syncDirectory(of: path)
                state.version = LogFormat.currentVersion
                state.verifiedEnd = LogFormat.headerSize
                return LogFormat.headerSize
            case .valid(let version):
                state.version = version
            case .damaged(let version):
                // Bit rot in the magic of a file whose records are ours: write the header again.
                try descriptor.write(version.header, at: 0)
                try descriptor.sync()
                state.version = version
            }
        }
        var end = start
        if start < size {
            let added = try descriptor.read(count: size - start, at: start)
            end = added.withUnsafeBytes { LogFormat.scan($0, base: start, version: state.version, collect: false).end }
        }
        if end < size {
            try descriptor.truncate(to: end)
            try descriptor.sync()
        }
        state.verifiedEnd = end
        return end
    }
}
