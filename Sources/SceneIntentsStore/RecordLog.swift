import Foundation

/// A log of `Codable` records over an `AppendLog`: each record is stored as one JSON object with
/// sorted keys, so callers store their own structs and the bytes on disk are reproducible.
///
/// The synchronous methods block (lock, `fsync`); the `async` forms do the same work on the log's
/// Dispatch queue, off Swift's cooperative pool, and are the ones to call from a task (in an
/// `async` context Swift picks them for `append(_:)`, `read()` and `replace(with:)`).
public struct RecordLog<Record: Codable & Sendable>: Sendable {
    /// The byte log underneath (for its path and `changeToken()`).
    public let log: AppendLog

    /// A typed log at `path` (nothing is opened until the first append or read).
    public init(path: String) {
        log = AppendLog(path: path)
    }

    /// A typed log over an existing byte log.
    public init(log: AppendLog) {
        self.log = log
    }

    /// Appends `record` durably (see `AppendLog.append(_:)`): when this returns it is on disk.
    public func append(_ record: Record) throws(StoreError) {
        try log.append(encode(record))
    }

    /// Appends several records with one `fsync`: all of them, or (when it throws) none.
    public func append(contentsOf records: [Record]) throws(StoreError) {
        try log.append(contentsOf: records.map(encode))
    }

    /// Appends the records `decide` answers, deciding under the log's exclusive lock (see
    /// `AppendLog.append(deciding:)`): a check `decide` makes against what other processes
    /// appended (read with a `LogCursor`) cannot be overtaken by another writer.
    public func append(deciding decide: () -> [Record]) throws(StoreError) {
        var failure: StoreError?
        try log.append { () -> [Data] in
            do throws(StoreError) { return try decide().map(encode) } catch {
                failure = error
                return []
            }
        }
        if let failure { throw failure }
    }

    /// Reads every intact record that decodes as `Record`; what was skipped (torn, corrupt or
    /// undecodable records) is in the snapshot's warnings.
    public func read() throws(StoreError) -> RecordSnapshot<Record> {
        let snapshot = try log.read()
        let (records, undecodable) = decode(snapshot.records)
        return RecordSnapshot(records: records, warnings: snapshot.warnings + undecodable, token: snapshot.token)
    }

    /// The records that decode as `Record`, and an `undecodable` warning for each that does not
    /// (for callers that read raw records, with a `LogCursor` say).
    public func decode(_ raw: [LogRecord]) -> (records: [Record], warnings: [LogWarning]) {
        var records: [Record] = []
        var warnings: [LogWarning] = []
        let decoder = JSONDecoder()
        for record in raw {
            do {
                records.append(try decoder.decode(Record.self, from: record.payload))
            } catch {
                warnings.append(.undecodable(offset: record.offset, reason: DecodingReason.phrase(error)))
            }
        }
        return (records, warnings)
    }

    /// Compacts the log to the records for which `isIncluded` is true, atomically (see
    /// `AppendLog.rewrite(_:)`). Records that do not decode as `Record` (written by another
    /// version, say) are kept as they are: compaction never drops what it cannot read.
    public func compact(keeping isIncluded: (Record) -> Bool) throws(StoreError) {
        let decoder = JSONDecoder()
        try log.rewrite { records in
            records.compactMap { record in
                guard let value = try? decoder.decode(Record.self, from: record.payload) else { return record.payload }
                return isIncluded(value) ? record.payload : nil
            }
        }
    }

    /// Replaces the whole log with `records`, atomically (an empty array clears it).
    public func replace(with records: [Record]) throws(StoreError) {
        let payloads = try records.map(encode)
        try log.rewrite { _ in payloads }
    }

    /// The JSON bytes stored for `record` (sorted keys).
    public func encode(_ record: Record) throws(StoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(record)
        } catch {
            throw StoreError(.encodingFailed, path: log.path, operation: "encode", detail: String(describing: error))
        }
    }

    /// `append(_:)` run on the log's Dispatch queue; the calling task is suspended, not blocked.
    public func append(_ record: Record) async throws(StoreError) {
        try await offload { () throws(StoreError) in try append(record) }
    }

    /// `read()` run on the log's Dispatch queue; the calling task is suspended, not blocked.
    public func read() async throws(StoreError) -> RecordSnapshot<Record> {
        try await offload { () throws(StoreError) in try read() }
    }

    /// `replace(with:)` run on the log's Dispatch queue; the calling task is suspended, not blocked.
    public func replace(with records: [Record]) async throws(StoreError) {
        try await offload { () throws(StoreError) in try replace(with: records) }
    }

    private func offload<T: Sendable>(_ work: @escaping @Sendable () throws(StoreError) -> T) async throws(StoreError) -> T {
        let result: Result<T, StoreError> = await withCheckedContinuation { continuation in
            log.queue.async { continuation.resume(returning: Result { () throws(StoreError) in try work() }) }
        }
        return try result.get()
    }
}

/// What one typed `read` saw: the decoded records in order, what was skipped, and the file's state.
public struct RecordSnapshot<Record: Sendable>: Sendable {
    /// Every intact, decodable record, in the order they were appended.
    public let records: [Record]
    /// What the reader skipped (empty for a healthy log).
    public let warnings: [LogWarning]
    /// The file's change token when it was read: compare with `log.changeToken()`.
    public let token: ChangeToken
}

extension RecordSnapshot: Equatable where Record: Equatable {}
