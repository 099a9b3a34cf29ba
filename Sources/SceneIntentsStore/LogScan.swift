import Glibc

extension LogFormat {
    /// Where one valid record lies in the file.
    struct Span {
        /// The record's offset in the file (where its header starts).
        var offset: Int
        /// The payload's offset in the file.
        var payloadOffset: Int
        /// The payload's length in bytes.
        var length: Int
    }

    /// What a scan found.
    struct Scan {
        /// The valid records, in file order.
        var records: [Span] = []
        /// What was skipped.
        var warnings: [LogWarning] = []
        /// Where the next record belongs: after the last valid record. Everything from here to
        /// the end of the file is a tail in which nothing valid follows, for a writer to truncate.
        var end: Int
    }

    /// What lies at one offset.
    enum Probe {
        /// A valid record with a payload of `length` bytes.
        case record(length: Int)
        /// A record whose header holds (version 2: its own checksum passes; version 1: a
        /// plausible length) but whose payload fails its checksum.
        case damaged(length: Int)
        /// No record starts here.
        case nothing
    }

    static func probe(_ bytes: UnsafeRawBufferPointer, at position: Int, version: Version) -> Probe {
        let remaining = bytes.count - position
        let headerSize = version.recordHeaderSize
        guard remaining >= headerSize else { return .nothing }
        let length: Int
        let expected: UInt32
        var crc: UInt32 = 0
        switch version {
        case .one:
            length = Int(readBigEndian(bytes, at: position))
            expected = readBigEndian(bytes, at: position + 4)
            crc = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[position..<position + 4]))
        case .two:
            guard headerHolds(bytes, at: position) else { return .nothing }
            length = Int(readBigEndian(bytes, at: position + 4))
            expected = readBigEndian(bytes, at: position + 8)
        }
        guard length <= maximumPayloadSize, length <= remaining - headerSize else { return .nothing }
        let payloadStart = position + headerSize
        let payload = UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<payloadStart + length])
        return CRC32.checksum(payload, continuing: crc) == expected ? .record(length: length) : .damaged(length: length)
    }

    /// The first offset at or after `position` where a record of `version` may start: for
    /// version 2 the next marker (found with `memchr`), for version 1 every offset.
    static func candidate(_ bytes: UnsafeRawBufferPointer, from position: Int, version: Version) -> Int {
        guard version == .two, let base = bytes.baseAddress else { return position }
        var from = position
        while from < bytes.count {
            guard let found = memchr(base + from, Int32(marker[0]), bytes.count - from) else { break }
            let index = base.distance(to: UnsafeRawPointer(found))
            if bytes.count - index >= marker.count, readBigEndian(bytes, at: index) == markerValue { return index }
            from = index + 1
        }
        return bytes.count
    }

    /// Scans the records of `version` in `bytes`, whose first byte is at file offset `base`.
    ///
    /// Damage never hides what follows it: where no valid record starts, the scan searches
    /// forward for the next one, and reports the bytes it skipped as one `corruptRecord` (a
    /// version-2 record whose header holds but whose payload fails starts a warning of its own,
    /// so two damaged records are two warnings). After the last valid record lies the tail: a
    /// single whole record failing its checksum is reported as `corruptRecord`, anything else (a
    /// record cut short, zeros, garbage) as one `tornTail`; `end` stops before it so a writer
    /// truncates it. The cost is linear in the bytes scanned: a version-2 header is checksummed
    /// only where the marker matches, and a payload only when its header's checksum passes.
    static func scan(_ bytes: UnsafeRawBufferPointer, base: Int, version: Version, collect: Bool) -> Scan {
        var scan = Scan(end: base)
        // Damage found since the last valid record: reported once a valid record follows it.
        var pending: [LogWarning] = []
        // Where the damaged bytes being skipped began (-1: none are).
        var damageStart = -1
        let count = bytes.count
        let headerSize = version.recordHeaderSize
        var position = 0
        while position < count {
            switch probe(bytes, at: position, version: version) {
            case .record(let length):
                if damageStart >= 0 {
                    pending.append(.corruptRecord(offset: base + damageStart, bytes: position - damageStart))
                    damageStart = -1
                }
                if !pending.isEmpty {
                    scan.warnings += pending
                    pending = []
                }
                if collect {
                    scan.records.append(Span(offset: base + position, payloadOffset: base + position + headerSize, length: length))
                }
                position += headerSize + length
                scan.end = base + position
            case .damaged where version == .two:
                // The header is sound, so a record starts here; its payload is not trusted to
                // end where the length says (a byte deleted in it), so search on from its payload.
                if damageStart >= 0 { pending.append(.corruptRecord(offset: base + damageStart, bytes: position - damageStart)) }
                damageStart = position
                position = candidate(bytes, from: position + headerSize, version: version)
            case .damaged, .nothing:
                if damageStart < 0 { damageStart = position }
                position = candidate(bytes, from: position + 1, version: version)
            }
        }
        let tail = base + count - scan.end
        if tail > 0 {
            let start = scan.end - base
            if case .damaged(let length) = probe(bytes, at: start, version: version), headerSize + length == tail {
                scan.warnings.append(.corruptRecord(offset: scan.end, bytes: tail))
            } else {
                scan.warnings.append(.tornTail(offset: scan.end, bytes: tail))
            }
        }
        return scan
    }
}
