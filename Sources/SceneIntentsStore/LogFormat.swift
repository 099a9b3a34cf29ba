/// The on-disk format, version 1 (all integers big-endian):
///
/// ```
/// file   = header record*
/// header = "SILOG" 0x00 version:UInt16            (8 bytes)
/// record = length:UInt32 crc:UInt32 payload        (8 + length bytes)
/// crc    = CRC32(length bytes ++ payload)
/// ```
///
/// The checksum covers the length too, so a run of zero bytes (what a file system may show after
/// a power cut extended a file without its data) never reads as a valid empty record.
enum LogFormat {
    static let version: UInt16 = 1
    static let header: [UInt8] = Array("SILOG".utf8) + [0, UInt8(version >> 8), UInt8(version & 0xFF)]
    static let headerSize = 8
    static let recordHeaderSize = 8
    static let maximumPayloadSize = 64 << 20

    /// What the first bytes of a file say about it.
    enum HeaderState: Equatable {
        /// Zero bytes: a log nobody has written to yet.
        case empty
        /// Fewer bytes than a header, all of them a prefix of ours: a creation cut short.
        case torn(bytes: Int)
        /// Our header, in a version we read.
        case valid
        /// Not our magic: somebody else's file.
        case notALog
        /// Our magic, a newer version.
        case unsupported(version: UInt16)
    }

    static func headerState(_ bytes: UnsafeRawBufferPointer) -> HeaderState {
        if bytes.isEmpty { return .empty }
        let present = min(bytes.count, headerSize)
        for index in 0..<min(present, 6) where bytes[index] != header[index] { return .notALog }
        if present < headerSize { return .torn(bytes: present) }
        let found = UInt16(bytes[6]) << 8 | UInt16(bytes[7])
        return found == version ? .valid : .unsupported(version: found)
    }

    /// Appends one encoded record (length, checksum, payload) to `buffer`.
    static func encode(_ payload: UnsafeRawBufferPointer, into buffer: inout [UInt8]) {
        let length = UInt32(payload.count)
        let lengthBytes = bigEndianBytes(length)
        let crc = CRC32.checksum(payload, continuing: CRC32.checksum(lengthBytes))
        buffer.append(contentsOf: lengthBytes)
        buffer.append(contentsOf: bigEndianBytes(crc))
        buffer.append(contentsOf: payload)
    }

    static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// Where one valid record's payload lies in the file.
    struct Span {
        /// The record's offset in the file (where its length field starts).
        var offset: Int
        /// The payload's length in bytes (the payload starts at `offset + 8`).
        var length: Int
    }

    /// What a scan found.
    struct Scan {
        /// The valid records, in file order.
        var records: [Span] = []
        /// What was skipped.
        var warnings: [LogWarning] = []
        /// Where the next record belongs: after the last record that is not part of a bad tail.
        /// Everything from here to the end of the file is a torn or corrupt tail to truncate.
        var end: Int
    }

    /// Scans records in `bytes`, whose first byte is at file offset `base`.
    ///
    /// A record that fails its checksum is skipped with a `corruptRecord` warning when a valid
    /// record follows it (bit rot in one record never hides the ones after it). Everything after
    /// the last valid record is the tail: one bad record there is reported as `corruptRecord`,
    /// anything else (a record cut short, an impossible length, zeros, several bad records) as
    /// one `tornTail`, and `end` stops before it so a writer truncates it.
    static func scan(_ bytes: UnsafeRawBufferPointer, base: Int, collect: Bool) -> Scan {
        var scan = Scan(end: base)
        var skipped: [LogWarning] = []
        var cutShort = false
        let count = bytes.count
        var position = 0
        while position < count {
            let remaining = count - position
            let length = remaining >= 4 ? Int(readBigEndian(bytes, at: position)) : 0
            guard remaining >= recordHeaderSize, length <= maximumPayloadSize,
                length <= remaining - recordHeaderSize
            else {
                cutShort = true
                break
            }
            let stored = readBigEndian(bytes, at: position + 4)
            let lengthCRC = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[position..<position + 4]))
            let payloadStart = position + recordHeaderSize
            let payload = UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<payloadStart + length])
            if CRC32.checksum(payload, continuing: lengthCRC) == stored {
                scan.warnings += skipped
                skipped = []
                if collect { scan.records.append(Span(offset: base + position, length: length)) }
                scan.end = base + payloadStart + length
            } else {
                skipped.append(.corruptRecord(offset: base + position, length: length))
            }
            position = payloadStart + length
        }
        if skipped.count == 1 && !cutShort {
            scan.warnings += skipped
        } else if base + count > scan.end {
            scan.warnings.append(.tornTail(offset: scan.end, bytes: base + count - scan.end))
        }
        return scan
    }

    static func readBigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
