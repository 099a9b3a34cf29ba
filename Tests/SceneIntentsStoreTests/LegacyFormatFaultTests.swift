import Foundation
import SceneIntentsStore
import Testing

/// Logs written in format version 1 (before records carried a marker): still read, still
/// resynchronised after damage, appended to in their own version, upgraded by compaction.
@Suite("Store faults in version-1 logs")
struct LegacyFormatFaultTests {
    /// A version-1 file holding `StoreFaultTests.payloads`, and each record's byte range.
    static func versionOneLog() -> (bytes: [UInt8], extents: [Range<Int>]) {
        var bytes = AppendLog.fileHeader(version: 1)
        var extents: [Range<Int>] = []
        for payload in StoreFaultTests.payloads {
            let record = AppendLog.recordBytes(for: Data(payload.utf8), version: 1)
            extents.append(bytes.count..<bytes.count + record.count)
            bytes += record
        }
        return (bytes, extents)
    }

    @Test("A bit flipped at every byte of a version-1 log but its version: the reader finds the records after it again")
    func bitFlipAtEveryOffset() throws {
        let (clean, extents) = Self.versionOneLog()
        for offset in Array(0..<6) + Array(8..<clean.count) {
            var damaged = clean
            damaged[offset] ^= UInt8(1 << (offset % 8))
            // A flip in the magic costs no record: the header is reported, and repaired by the append.
            let hit = extents.firstIndex { $0.contains(offset) }
            try StoreFaultTests.check(damaged, intact: extents.indices.filter { $0 != hit }, damage: offset..<offset + 1, "v1 flip at \(offset)")
        }
    }

    @Test("An append to a version-1 log stays in version 1; a compaction rewrites it as version 2")
    func appendsKeepTheVersionCompactionUpgrades() throws {
        try withScratchPath { path in
            let (clean, _) = Self.versionOneLog()
            try Data(clean).write(to: URL(fileURLWithPath: path))
            let log = AppendLog(path: path)
            try appendTexts(["after"], to: log)
            #expect(try bytes(of: path) == clean + AppendLog.recordBytes(for: Data("after".utf8), version: 1))
            try log.rewrite { $0.map(\.payload) }
            let upgraded = try bytes(of: path)
            #expect(Array(upgraded.prefix(8)) == AppendLog.fileHeader(version: 2))
            #expect(texts(try log.read()) == StoreFaultTests.payloads + ["after"])
            #expect(upgraded.count == 8 + (StoreFaultTests.payloads + ["after"]).reduce(0) { $0 + 16 + $1.utf8.count })
        }
    }
}
