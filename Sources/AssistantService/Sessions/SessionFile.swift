import Foundation
import SceneIntents
import SceneIntentsStore

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

/// The bytes of one app's session file, one record a line:
/// `<version> <open|discarded> <crc32 of the JSON, 8 hex digits> <JSON of the SessionRecord>`.
///
/// Each line is checked on its own, so one damaged record (torn, of another version, with a
/// `userInfo` value of a type this build does not read) is skipped and named, and the others
/// are kept. The file is only ever replaced whole (written, fsynced, renamed, directory fsynced).
enum SessionFile {
    /// The format version this build writes and reads.
    static let version = "s1"

    /// One line of the file: a record of `kind` whose JSON is `json`.
    static func line(kind: String, json: [UInt8]) -> [UInt8] {
        let crc = json.withUnsafeBytes { CRC32.checksum($0) }
        return Array("\(version) \(kind) \(hex(crc)) ".utf8) + json + [0x0A]
    }

    /// A record's JSON (sorted keys), refused past `SessionRecord.sizeLimit`.
    static func encode(_ record: SessionRecord) throws(SessionStoreError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json: [UInt8]
        do { json = Array(try encoder.encode(record)) } catch {
            throw SessionStoreError(.recordTooLarge, "session \(record.persistentIdentifier) cannot be encoded: \(error)")
        }
        guard json.count <= SessionRecord.sizeLimit else {
            throw SessionStoreError(
                .recordTooLarge,
                "session \(record.persistentIdentifier) takes \(json.count) bytes, more than the \(SessionRecord.sizeLimit) a session may keep: keep less in its userInfo and restoration activity")
        }
        return json
    }

    /// The sessions in `bytes`, and a sentence for each line skipped.
    static func decode(_ bytes: [UInt8]) -> (sessions: KeptSessions, skipped: [String]) {
        var sessions = KeptSessions()
        var skipped: [String] = []
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let number = index + 1
            // The last line has no newline: the write that made it was torn (a file is only ever
            // replaced whole, so this is damage from outside).
            let torn = index == lines.count - 1
            switch decode(line: Array(line)) {
            case .success(let (kind, record)):
                if torn {
                    skipped.append("record \(number) (session \(record.persistentIdentifier)) is truncated")
                } else if kind == "open" {
                    sessions.open.append(record)
                } else {
                    sessions.discarded.append(record)
                }
            case .failure(let failure): skipped.append("record \(number) \(torn ? "is truncated" : failure.reason)")
            }
        }
        return (sessions, skipped)
    }

    private struct LineFailure: Error { let reason: String }

    private static func decode(line: [UInt8]) -> Result<(String, SessionRecord), LineFailure> {
        let fields = line.split(separator: 0x20, maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4 else { return .failure(LineFailure(reason: "is not a session record")) }
        let lineVersion = String(decoding: fields[0], as: UTF8.self)
        guard lineVersion == version else {
            return .failure(LineFailure(reason: "is of version '\(lineVersion.prefix(16))', this build reads '\(version)'"))
        }
        let kind = String(decoding: fields[1], as: UTF8.self)
        guard kind == "open" || kind == "discarded" else {
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
            return .success((kind, try JSONDecoder().decode(SessionRecord.self, from: Data(json))))
        } catch {
            return .failure(LineFailure(reason: "does not decode: \(DecodingReason.phrase(error))"))
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
