/// The on-disk format (all integers big-endian). Every file starts with an 8-byte header naming
/// its version; version 2 is written, versions 1 and 2 are read.
///
/// ```
/// file      = header record*
/// header    = "SILOG" 0x00 version:UInt16                         (8 bytes)
///
/// version 2 (written by this code):
/// record    = marker length:UInt32 payloadCRC:UInt32 headerCRC:UInt32 payload   (16 + length)
/// marker    = 0xFF 0x53 0x49 0xFE                                  ("\xFFSI\xFE")
/// payloadCRC = CRC32(payload)
/// headerCRC  = CRC32(marker ++ length ++ payloadCRC)
///
/// version 1 (read, and appended to in a file that is already version 1):
/// record    = length:UInt32 crc:UInt32 payload                    (8 + length)
/// crc       = CRC32(length bytes ++ payload)
/// ```
///
/// Version 2 lets a reader find records again after damage (as LevelDB's log does): the
/// header's own checksum makes a damaged length detectable before it is trusted, and the marker
/// (two bytes that never occur in UTF-8, so never inside a JSON payload) lets a reader search
/// forward for the next record cheaply, checksumming a header only where the marker matches.
/// A version-1 reader resynchronises by trying each later offset as a record, which is cheap for
/// JSON payloads (their bytes read as lengths over the limit) but costs a checksum per plausible
/// offset otherwise; compaction (`AppendLog.rewrite`) writes version 2.
///
/// The checksums never pass over a run of zero bytes (what a file system may show after a power
/// cut extended a file without its data): the marker is not zeros, and version 1's checksum
/// covers the length.
enum LogFormat {
    static let currentVersion: Version = .two
    static let headerSize = 8
    static let maximumPayloadSize = 64 << 20
    static let magic: [UInt8] = Array("SILOG".utf8) + [0]

    /// A format version this code reads.
    enum Version: UInt16, Sendable {
        case one = 1
        case two = 2

        /// The file header announcing this version.
        var header: [UInt8] { magic + [UInt8(rawValue >> 8), UInt8(rawValue & 0xFF)] }

        /// The bytes before each record's payload.
        var recordHeaderSize: Int { self == .one ? 8 : 16 }
    }

    /// The version-2 record marker: 0xFF and 0xFE never occur in UTF-8 text.
    static let marker: [UInt8] = [0xFF, 0x53, 0x49, 0xFE]
    static let markerValue: UInt32 = 0xFF53_49FE

    /// What the first bytes of a file say about it.
    enum HeaderState: Equatable {
        /// Zero bytes: a log nobody has written to yet.
        case empty
        /// Fewer bytes than a header, all of them a prefix of ours: a creation cut short.
        case torn(bytes: Int)
        /// Our header, in a version we read.
        case valid(Version)
        /// Our magic is damaged, but a record of this version starts where the header ends: bit
        /// rot in the header, not somebody else's file.
        case damaged(Version)
        /// Not our magic, and no record of ours after it: somebody else's file.
        case notALog
        /// Our magic, a version we do not read.
        case unsupported(version: UInt16)
    }

    /// How many bytes tell a damaged header from somebody else's file: the header and a first
    /// record of up to 64 KiB (a larger first record behind a damaged magic is not recognised).
    static let headerProbeSize = headerSize + 16 + (64 << 10)

    /// The state of the file whose first bytes are `bytes` (give `headerProbeSize` bytes, or all
    /// of a shorter file, to recognise a damaged header).
    static func headerState(_ bytes: UnsafeRawBufferPointer) -> HeaderState {
        if bytes.isEmpty { return .empty }
        let present = min(bytes.count, headerSize)
        for index in 0..<min(present, magic.count) where bytes[index] != magic[index] {
            return recordAfterHeader(bytes).map { .damaged($0) } ?? .notALog
        }
        if present < headerSize { return .torn(bytes: present) }
        let found = UInt16(bytes[6]) << 8 | UInt16(bytes[7])
        return Version(rawValue: found).map { .valid($0) } ?? .unsupported(version: found)
    }

    /// The version of a valid record starting where the header ends, if one does: a version-2
    /// record's header must hold (marker and checksum), a version-1 record must be whole.
    static func recordAfterHeader(_ bytes: UnsafeRawBufferPointer) -> Version? {
        if headerHolds(bytes, at: headerSize) { return .two }
        if case .record = probe(bytes, at: headerSize, version: .one) { return .one }
        return nil
    }

    /// Whether a version-2 record header (marker, and its own checksum) starts at `position`.
    static func headerHolds(_ bytes: UnsafeRawBufferPointer, at position: Int) -> Bool {
        position >= 0 && bytes.count - position >= Version.two.recordHeaderSize
            && readBigEndian(bytes, at: position) == markerValue
            && CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[position..<position + 12]))
                == readBigEndian(bytes, at: position + 12)
    }

    /// Appends one encoded record of `version` (header, then payload) to `buffer`.
    static func encode(_ payload: UnsafeRawBufferPointer, version: Version, into buffer: inout [UInt8]) {
        let lengthBytes = bigEndianBytes(UInt32(payload.count))
        switch version {
        case .one:
            let crc = CRC32.checksum(payload, continuing: CRC32.checksum(lengthBytes))
            buffer.append(contentsOf: lengthBytes)
            buffer.append(contentsOf: bigEndianBytes(crc))
        case .two:
            let head = marker + lengthBytes + bigEndianBytes(CRC32.checksum(payload))
            buffer.append(contentsOf: head)
            buffer.append(contentsOf: bigEndianBytes(CRC32.checksum(head)))
        }
        buffer.append(contentsOf: payload)
    }

    static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// The big-endian `UInt32` at `offset` (one unaligned load: the scan reads three per record).
    static func readBigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        precondition(offset >= 0 && offset + 4 <= bytes.count)
        return UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
