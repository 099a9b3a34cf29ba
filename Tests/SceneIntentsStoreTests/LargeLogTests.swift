import Foundation
import SceneIntentsStore
import Testing

/// A log as large as a year of use: read through its own mapped buffer rather than the
/// allocator's, with the same records, offsets and warnings as a small one.
@Suite("Large logs")
struct LargeLogTests {
    /// About 12 MB: past the 8 MiB from which a read gets pages of its own.
    static let count = 100_000

    static func payload(_ number: Int) -> Data {
        Data(#"{"date":"2026-01-01T08:\#(number % 60):00Z","id":"\#(number)-5F1B2C3D","ounces":\#(number % 128),"type":"water"}"#.utf8)
    }

    @Test("Every record of a 12 MB log is read, in order, and its payloads outlive the snapshot")
    func everyRecordIsRead() throws {
        let payloads = try withScratchPath { path -> [Data] in
            let log = AppendLog(path: path)
            try log.append(contentsOf: (0..<Self.count).map(Self.payload))
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 > 8 << 20)
            let snapshot = try log.read()
            #expect(snapshot.warnings.isEmpty)
            #expect(snapshot.records.count == Self.count)
            #expect(snapshot.records.first?.offset == 8)
            // Each record starts where the one before it ends: header, then payload.
            let contiguous = zip(snapshot.records, snapshot.records.dropFirst()).allSatisfy { $0.offset + 16 + $0.payload.count == $1.offset }
            #expect(contiguous)
            return snapshot.records.map(\.payload)
        }
        // The snapshot and the file are gone; the slices still hold their bytes.
        #expect(payloads.count == Self.count)
        #expect(payloads.enumerated().allSatisfy { $0.element == Self.payload($0.offset) })
    }

    @Test("A damaged record in the middle of a 12 MB log loses that record alone")
    func damageInTheMiddleLosesOneRecord() throws {
        try withScratchPath { path in
            let log = AppendLog(path: path)
            try log.append(contentsOf: (0..<Self.count).map(Self.payload))
            let before = try log.read()
            let damaged = before.records[Self.count / 2]
            // Flip one byte of the middle record's payload.
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            try handle.seek(toOffset: UInt64(damaged.offset + 16 + 3))
            let byte = try #require(try handle.read(upToCount: 1)?.first)
            try handle.seek(toOffset: UInt64(damaged.offset + 16 + 3))
            try handle.write(contentsOf: [byte ^ 0x01])
            try handle.close()
            let after = try log.read()
            #expect(after.records.count == Self.count - 1)
            #expect(after.records.map(\.offset) == before.records.map(\.offset).filter { $0 != damaged.offset })
            #expect(after.warnings == [.corruptRecord(offset: damaged.offset, bytes: 16 + damaged.payload.count)])
        }
    }
}
