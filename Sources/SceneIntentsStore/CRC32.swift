import Foundation

/// CRC-32 (IEEE 802.3: polynomial 0xEDB88320 reflected, initial value and final XOR 0xFFFFFFFF),
/// the checksum zlib, PNG and Ethernet use, so a record can be checked with any standard tool.
///
/// Written by hand (the package takes no dependencies) and computed sixteen bytes at a time
/// ("slicing by 16"): reading a million records checks every byte, so the byte-at-a-time loop
/// would dominate `store.read`.
public enum CRC32 {
    /// The checksum of `bytes`, continuing from `crc` (the checksum of what came before, or 0).
    ///
    /// `checksum(b, continuing: checksum(a))` equals the checksum of `a` followed by `b`.
    public static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        var index = 0
        let count = bytes.count
        let table = tables
        while count - index >= 16 {
            // Four unaligned little-endian loads instead of sixteen byte loads.
            let one = value ^ UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))
            let two = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
            let three = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt32.self))
            let four = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 12, as: UInt32.self))
            value = fold(one, table + 12 * 256) ^ fold(two, table + 8 * 256) ^ fold(three, table + 4 * 256)
                ^ fold(four, table)
            index += 16
        }
        if count - index >= 8 {
            // A record's 12-byte header, and most payloads' ends: eight more at once.
            let one = value ^ UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))
            let two = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
            value = fold(one, table + 4 * 256) ^ fold(two, table)
            index += 8
        }
        while index < count {
            value = table[Int((value ^ UInt32(bytes[index])) & 0xFF)] ^ (value >> 8)
            index += 1
        }
        return ~value
    }

    /// Four bytes' contribution: byte k of `word` looked up in table `3 - k` above `tables`
    /// (the first byte travels furthest).
    @inline(__always)
    private static func fold(_ word: UInt32, _ tables: UnsafePointer<UInt32>) -> UInt32 {
        tables[3 * 256 + Int(word & 0xFF)] ^ tables[2 * 256 + Int((word >> 8) & 0xFF)]
            ^ tables[256 + Int((word >> 16) & 0xFF)] ^ tables[Int(word >> 24)]
    }

    /// The checksum of a byte sequence held in an array (or any contiguous collection).
    public static func checksum(_ bytes: some ContiguousBytes, continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, continuing: crc) }
    }

    /// Sixteen 256-entry tables: table k maps a byte to its CRC contribution k bytes further on.
    /// Allocated once and never freed, so the hot loop reads through a plain pointer.
    /// `nonisolated(unsafe)` is sound: the memory is written only inside this initializer, which
    /// Swift runs exactly once before any reader sees the pointer, and is read-only afterwards.
    nonisolated(unsafe) private static let tables: UnsafePointer<UInt32> = {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 16 * 256)
        for byte in 0..<256 {
            var value = UInt32(byte)
            for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
            table[byte] = value
        }
        for slice in 1..<16 {
            for byte in 0..<256 {
                let previous = table[(slice - 1) * 256 + byte]
                table[slice * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return UnsafePointer(table)
    }()
}
