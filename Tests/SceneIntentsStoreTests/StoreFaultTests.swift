import Foundation
import SceneIntentsStore
import Testing

/// Damage injected at every byte of a small log: what every intact record and every append
/// after it must survive.
@Suite("Store faults: bit flips, inserted and deleted bytes, torn writes")
struct StoreFaultTests {
    /// The payloads of the small log every fault test damages (JSON-like text, as apps store).
    static let payloads = (0..<4).map { #"{"drink":"water","ounces":\#($0 + 5),"n":\#($0)}"# }

    /// A clean log of `payloads`: its bytes and each record's byte range in the file.
    static func cleanLog() throws -> (bytes: [UInt8], extents: [Range<Int>]) {
        try withScratchPath { path in
            let log = AppendLog(path: path)
            try appendTexts(payloads, to: log)
            let raw = try bytes(of: path)
            let starts = try log.read().records.map(\.offset)
            let extents = starts.indices.map { starts[$0]..<(starts.indices.contains($0 + 1) ? starts[$0 + 1] : raw.count) }
            return (raw, extents)
        }
    }

    /// Writes `damaged` as the log, reads it, appends one record with a fresh writer and reads
    /// again. Expects exactly the payloads of `intact` records before the append and after it
    /// (then followed by the new record), and a warning covering `damage` (when not nil).
    static func check(_ damaged: [UInt8], intact: [Int], damage: Range<Int>?, _ what: String) throws {
        try withScratchPath { path in
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            let expected = intact.map { payloads[$0] }
            let first = try AppendLog(path: path).read()
            #expect(texts(first) == expected, "\(what): read")
            if let damage {
                let covering = first.warnings.contains { warning in
                    let skipped = skippedRange(warning)
                    return skipped.overlaps(damage) || (damage.isEmpty && skipped.contains(damage.lowerBound))
                }
                #expect(covering, "\(what): no warning covers \(damage): \(first.warnings)")
            }
            try appendTexts(["after"], to: AppendLog(path: path))
            let second = try AppendLog(path: path).read()
            #expect(texts(second) == expected + ["after"], "\(what): after an append")
        }
    }

    /// The bytes a warning says were skipped.
    static func skippedRange(_ warning: LogWarning) -> Range<Int> {
        switch warning {
        case .tornTail(let offset, let count), .corruptRecord(let offset, let count): offset..<offset + max(count, 1)
        case .undecodable(let offset, _): offset..<offset + 1
        }
    }

    @Test("A bit flipped at every byte after the header: every intact record survives, the damaged one is reported, appends keep the rest")
    func bitFlipAtEveryOffset() throws {
        let (clean, extents) = try Self.cleanLog()
        for offset in 8..<clean.count {
            var damaged = clean
            damaged[offset] ^= UInt8(1 << (offset % 8))
            let hit = try #require(extents.firstIndex { $0.contains(offset) })
            try Self.check(damaged, intact: extents.indices.filter { $0 != hit }, damage: offset..<offset + 1, "flip at \(offset)")
        }
    }

    @Test("A bit flipped in the file's magic: the records are read, the damage reported, the next append repairs the header")
    func bitFlipInTheMagic() throws {
        let (clean, extents) = try Self.cleanLog()
        for offset in 0..<6 {
            var damaged = clean
            damaged[offset] ^= UInt8(1 << (offset % 8))
            try Self.check(damaged, intact: Array(extents.indices), damage: offset..<offset + 1, "magic flip at \(offset)")
            try withScratchPath { path in
                try Data(damaged).write(to: URL(fileURLWithPath: path))
                try appendTexts(["after"], to: AppendLog(path: path))
                #expect(try bytes(of: path).prefix(8) == clean.prefix(8))
                #expect(try AppendLog(path: path).read().warnings.isEmpty)
            }
        }
    }

    @Test("A bit flipped in the file's version: refused as a version this code does not read, and left untouched")
    func bitFlipInTheVersion() throws {
        let (clean, _) = try Self.cleanLog()
        for offset in 6..<8 {
            for bit in 0..<8 {
                var damaged = clean
                damaged[offset] ^= UInt8(1 << bit)
                try withScratchPath { path in
                    try Data(damaged).write(to: URL(fileURLWithPath: path))
                    let log = AppendLog(path: path)
                    let error = #expect(throws: StoreError.self) { try log.read() }
                    #expect(error?.code == .unsupportedVersion)
                    #expect(throws: StoreError.self) { try log.append(Data("after".utf8)) }
                    #expect(try bytes(of: path) == damaged)
                }
            }
        }
    }

    @Test("A byte inserted at every offset: only the record it lands inside is lost, and it is reported")
    func byteInsertedAtEveryOffset() throws {
        let (clean, extents) = try Self.cleanLog()
        for offset in 8...clean.count {
            var damaged = clean
            damaged.insert(0x5A, at: offset)
            // Inserted between two records, it damages none of them: it is a stray byte.
            let intact = extents.indices.filter { !(extents[$0].lowerBound < offset && offset < extents[$0].upperBound) }
            try Self.check(damaged, intact: intact, damage: offset..<offset + 1, "insert at \(offset)")
        }
    }

    @Test("A byte deleted at every offset: only the record it came from is lost, and it is reported")
    func byteDeletedAtEveryOffset() throws {
        let (clean, extents) = try Self.cleanLog()
        for offset in 8..<clean.count {
            var damaged = clean
            damaged.remove(at: offset)
            let hit = try #require(extents.firstIndex { $0.contains(offset) })
            let damage = extents[hit].lowerBound..<extents[hit].upperBound - 1
            try Self.check(damaged, intact: extents.indices.filter { $0 != hit }, damage: damage, "delete at \(offset)")
        }
    }

    @Test("A torn last write, cut at every length: the records before it survive and the next append truncates it")
    func tornWriteAtEveryLength() throws {
        let (clean, extents) = try Self.cleanLog()
        let last = try #require(extents.last)
        for cut in last.lowerBound..<clean.count {
            let torn = Array(clean[..<cut])
            try Self.check(torn, intact: Array(extents.indices.dropLast()), damage: cut == last.lowerBound ? nil : last.lowerBound..<cut, "cut at \(cut)")
        }
    }
}

/// What a follower of a damaged log counts: each place once, however often it reads.
@Suite("Store faults as a follower counts them")
struct LogDamageFaultTests {
    @Test("Damage before a valid record is counted once; a torn tail is replaced on each read and gone once truncated")
    func countedOnce() throws {
        try withScratchPath { path in
            let log = AppendLog(path: path)
            try appendTexts(["one", "two", "three"], to: log)
            var raw = try bytes(of: path)
            let second = try log.read().records[1].offset
            raw[second + 5] ^= 1  // the second record's length
            try Data(raw + Array(encodedRecord(Array("four".utf8)).prefix(7))).write(to: URL(fileURLWithPath: path))

            let cursor = LogCursor(log: log)
            var damage = LogDamage()
            damage.take(try cursor.next())
            let settled = LogWarning.corruptRecord(offset: second, bytes: 19)
            let tail = LogWarning.tornTail(offset: raw.count, bytes: 7)
            #expect(damage.warnings == [settled, tail])
            damage.take(try cursor.next())
            damage.take(try cursor.next())
            #expect(damage.count == 2)
            #expect(damage.warnings == [settled, tail])
            try appendTexts(["five"], to: AppendLog(path: path))
            damage.take(try cursor.next())
            #expect(damage.warnings == [settled])
            damage.take(try log.read())
            #expect(damage.warnings == [settled])
        }
    }
}
