import Foundation
import Glibc
import SceneIntentsStore

/// What `store-writer` appends (the same shape as its own `Entry`).
struct Entry: Codable, Equatable, Sendable {
    var writer: String
    var seq: Int
    var pad: String
}

/// A fresh temporary directory; a test removes it with `defer { directory.remove() }`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/store-tests-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw SpawnError(message: "mkdtemp: errno \(errno)") }
        path = String(cString: made)
    }

    /// Removes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs `body` with the path of a file `name` in a fresh temporary directory, removed afterwards.
func withScratchPath<T>(_ name: String = "log", _ body: (String) throws -> T) throws -> T {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    return try body("\(directory.path)/\(name)")
}

/// The file's bytes.
func bytes(of path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Appends raw bytes to a file, as a crashed or buggy writer might have left them.
func appendRaw(_ raw: [UInt8], to path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(raw))
}

/// The size of a file in bytes.
func size(of path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
}

/// The payloads of a snapshot, as strings.
func texts(_ snapshot: LogSnapshot) -> [String] {
    snapshot.records.map { String(decoding: $0.payload, as: UTF8.self) }
}

/// Appends each string as one record.
func appendTexts(_ texts: [String], to log: AppendLog) throws {
    for text in texts { try log.append(Data(text.utf8)) }
}

/// One record as the log stores it, with the payload checksum's lowest bit flipped when
/// `corrupt` (the header's own checksum still holds: the payload reads as damaged).
func encodedRecord(_ payload: [UInt8], corrupt: Bool = false) -> [UInt8] {
    var bytes = AppendLog.recordBytes(for: Data(payload))
    if corrupt {
        bytes[11] ^= 1
        let checksum = CRC32.checksum(Array(bytes[0..<12]))
        for index in 0..<4 { bytes[12 + index] = UInt8(truncatingIfNeeded: checksum >> (24 - 8 * index)) }
    }
    return bytes
}
