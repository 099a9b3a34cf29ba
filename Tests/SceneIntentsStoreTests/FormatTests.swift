import Foundation
import SceneIntentsStore
import Testing

@Suite("Record format and damaged tails")
struct FormatTests {
    @Test("CRC32 matches the standard check values")
    func crcCheckValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        let long = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let split = CRC32.checksum(Array(long[333...]), continuing: CRC32.checksum(Array(long[..<333])))
        #expect(split == CRC32.checksum(long))
        // The bytewise definition, for lengths that exercise the 8-byte path and its remainder.
        for count in [1, 7, 8, 9, 15, 16, 17, 999] {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in long.prefix(count) {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            #expect(CRC32.checksum(Array(long.prefix(count))) == ~crc)
        }
    }

    @Test("The file is a header, then marker, length, payload checksum, header checksum and payload per record")
    func onDiskLayout() throws {
        try withScratchPath { path in
            let log = AppendLog(path: path)
            #expect(try log.read() == LogSnapshot.empty)
            try appendTexts(["hi"], to: log)
            let payloadChecksum = CRC32.checksum(Array("hi".utf8))
            #expect(payloadChecksum == 0xD893_2AAC)
            let head: [UInt8] = [0xFF, 0x53, 0x49, 0xFE, 0, 0, 0, 2, 0xD8, 0x93, 0x2A, 0xAC]
            let headChecksum = CRC32.checksum(head)
            let checksumBytes = (0..<4).map { UInt8(truncatingIfNeeded: headChecksum >> (24 - 8 * $0)) }
            let expected: [UInt8] = Array("SILOG".utf8) + [0, 0, 2] + head + checksumBytes + Array("hi".utf8)
            #expect(encodedRecord(Array("hi".utf8)) == Array(expected[8...]))
            #expect(try bytes(of: path) == expected)
            let snapshot = try log.read()
            #expect(snapshot.records == [LogRecord(offset: 8, payload: Data("hi".utf8))])
            #expect(snapshot.warnings.isEmpty)
        }
    }

    /// Damage after the last whole record: what a crashed writer or a power cut can leave, and
    /// two tears on top of each other (what the crash test once left by hand).
    enum Tail: String, CaseIterable, Sendable {
        case partialHeader, partialPayload, badChecksum, zeroFilled
        /// Two tears of one record, the second written without truncating the first, adding up
        /// to that record's length: it reads as one record failing its checksum.
        case stackedTears

        func bytes() -> [UInt8] {
            switch self {
            case .partialHeader:
                return [0xFF, 0x53, 0x49]
            case .partialPayload:
                return Array(encodedRecord(Array("one hundred bytes, only some written".utf8)).prefix(26))
            case .badChecksum:
                return encodedRecord(Array("four".utf8), corrupt: true)
            case .zeroFilled:
                return [UInt8](repeating: 0, count: 16)
            case .stackedTears:
                let record = encodedRecord(Array("four".utf8))
                return Array(record.prefix(16) + record.prefix(4))
            }
        }

        func warning(at offset: Int) -> LogWarning {
            self == .badChecksum || self == .stackedTears ? .corruptRecord(offset: offset, bytes: 20) : .tornTail(offset: offset, bytes: bytes().count)
        }
    }

    @Test("A damaged tail is skipped with a warning, then truncated by the next append", arguments: Tail.allCases)
    func damagedTail(_ tail: Tail) throws {
        try withScratchPath { path in
            let log = AppendLog(path: path)
            try appendTexts(["one", "two", "three"], to: log)
            let whole = try size(of: path)
            #expect(whole == 8 + 19 + 19 + 21)
            try appendRaw(tail.bytes(), to: path)

            let damaged = try AppendLog(path: path).read()
            #expect(texts(damaged) == ["one", "two", "three"])
            #expect(damaged.warnings == [tail.warning(at: whole)])

            // A fresh writer (another process, say) truncates the tail under the lock first.
            try appendTexts(["four"], to: AppendLog(path: path))
            #expect(try size(of: path) == whole + 20)
            let repaired = try log.read()
            #expect(texts(repaired) == ["one", "two", "three", "four"])
            #expect(repaired.warnings.isEmpty)
        }
    }

    @Test("A corrupt record in the middle is skipped, the ones after it are kept, and appends keep it")
    func corruptMiddleRecord() throws {
        try withScratchPath { path in
            let log = AppendLog(path: path)
            try appendTexts(["one", "two", "three"], to: log)
            var raw = try bytes(of: path)
            raw[8 + 19 + 16] ^= 0x20  // a payload byte of "two"
            try Data(raw).write(to: URL(fileURLWithPath: path))

            let expectedWarning = LogWarning.corruptRecord(offset: 27, bytes: 19)
            let damaged = try log.read()
            #expect(texts(damaged) == ["one", "three"])
            #expect(damaged.warnings == [expectedWarning])
            try appendTexts(["four"], to: AppendLog(path: path))
            let after = try log.read()
            #expect(texts(after) == ["one", "three", "four"])
            #expect(after.warnings == [expectedWarning])
            #expect(try size(of: path) == raw.count + 20)
        }
    }

    @Test("A file whose header was cut short reads as empty, and the next append starts it again")
    func tornFileHeader() throws {
        try withScratchPath { path in
            try Data("SIL".utf8).write(to: URL(fileURLWithPath: path))
            let log = AppendLog(path: path)
            let torn = try log.read()
            #expect(torn.records.isEmpty)
            #expect(torn.warnings == [.tornTail(offset: 0, bytes: 3)])
            try appendTexts(["first"], to: log)
            #expect(texts(try log.read()) == ["first"])
            #expect(try log.read().warnings.isEmpty)
        }
    }

    @Test(
        "A file that is not a log, or a log from a newer version, is refused untouched with an error naming it",
        arguments: [
            (Array("shopping list: milk, eggs\n".utf8), StoreError.Code.notALog),
            (Array("SILOG".utf8) + [0, 0, 3] + encodedRecord(Array("v3".utf8)), StoreError.Code.unsupportedVersion),
        ])
    func refusedFile(_ contents: [UInt8], _ code: StoreError.Code) throws {
        try withScratchPath("data") { path in
            try Data(contents).write(to: URL(fileURLWithPath: path))
            let log = AppendLog(path: path)
            let readError = #expect(throws: StoreError.self) { try log.read() }
            #expect(readError?.code == code)
            #expect(readError?.path == path)
            let appendError = #expect(throws: StoreError.self) { try log.append(Data("x".utf8)) }
            #expect(appendError?.code == code)
            #expect(appendError?.description.contains(path) == true)
            let rewriteError = #expect(throws: StoreError.self) { try log.rewrite { _ in [] } }
            #expect(rewriteError?.code == code)
            #expect(try bytes(of: path) == contents)
        }
    }
}

extension LogSnapshot {
    static let empty = LogSnapshot(records: [], warnings: [], token: .absent)
}
