import Foundation
import SceneIntents
import SceneIntentsStore
import SceneIntentsWire

/// One app's kept sessions: the open ones, in the order they were made, and those discarded while
/// the app was not running (reported to it at its next launch).
public struct KeptSessions: Sendable, Equatable {
    /// The open sessions.
    public var open: [SessionRecord] = []
    /// Sessions discarded while the app was not running, not yet reported to it.
    public var discarded: [SessionRecord] = []

    /// Nothing kept.
    public init(open: [SessionRecord] = [], discarded: [SessionRecord] = []) {
        self.open = open
        self.discarded = discarded
    }
}

/// The bytes of one app's session file, one line a change:
/// `<version> <kind> <crc32 of the JSON, 8 hex digits> <JSON>`, where the kind is `open` or
/// `discarded` with the JSON of a `SessionRecord`, or `gone` with the session's identifier as a
/// JSON string. The lines are replayed in order (`KeptSessions.replay`).
///
/// Each line is checked on its own, so one damaged line (torn, of another version, with a
/// `userInfo` value of a type this build does not read) is skipped and named, and the others
/// are kept. Lines are appended (written, fsynced) or the file is replaced whole (written,
/// fsynced, renamed, directory fsynced); a file with a damaged line is only ever replaced.
enum SessionFile {
    /// The format version this build writes: the records' JSON is the wire's (`MessageCodec`:
    /// dates in milliseconds since 1970).
    static let version = "s2"
    /// The earlier version, still read: the records' JSON is `JSONEncoder`'s (dates in seconds
    /// since 2001).
    static let foundationVersion = "s1"
    /// The records' coder. No catalog: the store keeps what the app reported without knowing its
    /// intents (a restoration activity holding an interaction cannot be kept).
    private static let codec = MessageCodec(catalog: IntentCatalog(intents: []))

    /// One line of the file: a record of `kind` whose JSON is `json`.
    static func line(kind: String, json: [UInt8]) -> [UInt8] {
        let crc = json.withUnsafeBytes { CRC32.checksum($0) }
        return Array("\(version) \(kind) \(hex(crc)) ".utf8) + json + [0x0A]
    }

    /// A record's JSON (sorted keys), refused past `SessionRecord.sizeLimit`.
    static func encode(_ record: SessionRecord) throws(SessionStoreError) -> [UInt8] {
        let json: [UInt8]
        do { json = Array(try codec.encode(record)) } catch {
            throw SessionStoreError(.recordTooLarge, "session \(record.persistentIdentifier) cannot be encoded: \(error)")
        }
        guard json.count <= SessionRecord.sizeLimit else {
            throw SessionStoreError(
                .recordTooLarge,
                "session \(record.persistentIdentifier) takes \(json.count) bytes, more than the \(SessionRecord.sizeLimit) a session may keep: keep less in its userInfo and restoration activity")
        }
        return json
    }

    /// A `gone` line's JSON: the identifier as a JSON string.
    static func encode(identifier: String) -> [UInt8] {
        var writer = JSONWriter(capacity: identifier.utf8.count + 2)
        writer.string(identifier)
        return writer.bytes
    }

    /// The sessions in `bytes`, a sentence for each line skipped, and how many lines there are.
    static func decode(_ bytes: [UInt8]) -> (sessions: KeptSessions, skipped: [String], lines: Int) {
        var sessions = KeptSessions()
        var skipped: [String] = []
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        var count = 0
        for (index, line) in lines.enumerated() where !line.isEmpty {
            count += 1
            let number = index + 1
            // The last line has no newline: the write that made it was torn (a crash while it
            // was appended, before it counted, or damage from outside).
            let torn = index == lines.count - 1
            switch decode(line: Array(line)) {
            case .success(let change):
                if torn {
                    skipped.append("record \(number) (session \(change.identifier)) is truncated")
                } else {
                    sessions.replay(change)
                }
            case .failure(let failure): skipped.append("record \(number) \(torn ? "is truncated" : failure.reason)")
            }
        }
        return (sessions, skipped, count)
    }

    private struct LineFailure: Error { let reason: String }

    private static func decode(line: [UInt8]) -> Result<SessionLine, LineFailure> {
        let fields = line.split(separator: 0x20, maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4 else { return .failure(LineFailure(reason: "is not a session record")) }
        let lineVersion = String(decoding: fields[0], as: UTF8.self)
        guard lineVersion == version || lineVersion == foundationVersion else {
            return .failure(
                LineFailure(reason: "is of version '\(lineVersion.prefix(16))', this build reads '\(foundationVersion)' and '\(version)'"))
        }
        let kind = String(decoding: fields[1], as: UTF8.self)
        guard kind == "open" || kind == "discarded" || kind == "gone" else {
            return .failure(LineFailure(reason: "is of an unknown kind '\(kind.prefix(16))'"))
        }
        let json = Array(fields[3])
        let crc = json.withUnsafeBytes { CRC32.checksum($0) }
        guard String(decoding: fields[2], as: UTF8.self) == hex(crc) else {
            return .failure(LineFailure(reason: "fails its checksum"))
        }
        guard json.count <= SessionRecord.sizeLimit else {
            return .failure(LineFailure(reason: "takes \(json.count) bytes, more than \(SessionRecord.sizeLimit)"))
        }
        do {
            let data = Data(json)
            if kind == "gone" { return .success(.gone(try JSONDecoder().decode(String.self, from: data))) }
            let record =
                lineVersion == version
                ? try codec.decode(SessionRecord.self, from: data) : try JSONDecoder().decode(SessionRecord.self, from: data)
            return .success(kind == "open" ? .open(record) : .discarded(record))
        } catch {
            return .failure(LineFailure(reason: "does not decode: \(DecodingReason.phrase(error))"))
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
