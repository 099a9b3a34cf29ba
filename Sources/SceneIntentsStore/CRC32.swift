import Foundation

/// CRC-32 (IEEE 802.3: polynomial 0xEDB88320 reflected, initial value and final XOR 0xFFFFFFFF),
/// the checksum zlib, PNG and Ethernet use, so a record can be checked with any standard tool.
///
/// Written by hand (the package takes no dependencies) and computed eight bytes at a time
/// ("slicing by 8"): reading a million records checks every byte, so the byte-at-a-time loop
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
        while count - index >= 8 {
            // Two unaligned little-endian loads instead of eight byte loads.
            let one = value ^ UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))
            let two = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
            value = table[7 * 256 + Int(one & 0xFF)] ^ table[6 * 256 + Int((one >> 8) & 0xFF)]
                ^ table[5 * 256 + Int((one >> 16) & 0xFF)] ^ table[4 * 256 + Int(one >> 24)]
                ^ table[3 * 256 + Int(two & 0xFF)] ^ table[2 * 256 + Int((two >> 8) & 0xFF)]
                ^ table[1 * 256 + Int((two >> 16) & 0xFF)] ^ table[Int(two >> 24)]
            index += 8
        }
        while index < count {
            value = table[Int((value ^ UInt32(bytes[index])) & 0xFF)] ^ (value >> 8)
            index += 1
        }
        return ~value
    }

    /// The checksum of a byte sequence held in an array (or any contiguous collection).
    public static func checksum(_ bytes: some ContiguousBytes, continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, continuing: crc) }
    }

    /// Eight 256-entry tables: table k maps a byte to its CRC contribution k bytes further on.
    /// Allocated once and never freed, so the hot loop reads through a plain pointer.
    /// `nonisolated(unsafe)` is sound: the memory is written only inside this initializer, which
    /// Swift runs exactly once before any reader sees the pointer, and is read-only afterwards.
    nonisolated(unsafe) private static let tables: UnsafePointer<UInt32> = {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 8 * 256)
        for byte in 0..<256 {
            var value = UInt32(byte)
            for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
            table[byte] = value
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = table[(slice - 1) * 256 + byte]
                table[slice * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return UnsafePointer(table)
    }()
}
