import Foundation

/// Why bytes could not be read as a property list (see `PropertyListValue.read(_:)`).
public struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem.
    public enum Code: Sendable, Equatable {
        /// A binary list refused before Foundation's parser saw it (see `SafePropertyList`).
        case unsafe
        /// Not a property list: Foundation's parser refused it.
        case unparsable
        /// Nested deeper than `PropertyListValue.maximumDepth`.
        case tooDeep
    }

    /// What kind of problem.
    public let code: Code
    /// What is wrong, in words (the object's index and the byte offset where one is known).
    public let reason: String

    /// An error.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// One line for messages.
    public var description: String { reason }
}

/// The check that keeps property-list input from stopping the process, run before Foundation's
/// `PropertyListSerialization` sees it (by `PropertyListValue.read(_:)`).
///
/// Linux Foundation crashes (a null pointer in the runtime's cast to `AnyHashable`) when it
/// bridges a binary property list holding a set whose members are not hashable, such as a set
/// of dictionaries: 30 crafted bytes in an `Info.plist` or an `.intentdefinition` would stop the
/// daemon or `intentgen`. Property lists for apps never hold sets (XML has no set element;
/// only binary plists can), so a binary plist's object table is walked first and any set, or a
/// table that cannot be walked, is refused with an error instead.
public enum SafePropertyList {
    /// The bytes a binary property list begins with.
    static let binaryMagic = Array("bplist".utf8)

    /// Refuses a binary property list whose object table cannot be walked or holds a set; other
    /// formats pass (they cannot express a set).
    public static func check(_ data: Data) throws(PropertyListError) {
        let bytes = [UInt8](data)
        guard bytes.starts(with: binaryMagic) else { return }
        let header = 8
        let trailerSize = 32
        guard bytes.count >= header + trailerSize + 1 else {
            throw PropertyListError(.unsafe, "a binary property list of \(bytes.count) bytes is too short for its trailer")
        }
        let trailer = bytes.count - trailerSize
        let offsetSize = Int(bytes[trailer + 6])
        let objects = number(bytes, at: trailer + 8, size: 8)
        let tableStart = number(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), let objects, let tableStart, objects >= 1, tableStart >= header,
            tableStart < trailer, objects <= (trailer - tableStart) / offsetSize
        else {
            throw PropertyListError(.unsafe, "a binary property list whose trailer does not describe its object table")
        }
        for index in 0..<objects {
            guard let offset = number(bytes, at: tableStart + index * offsetSize, size: offsetSize), offset >= header,
                offset < tableStart
            else {
                throw PropertyListError(.unsafe, "object \(index) of the binary property list lies outside its objects")
            }
            if bytes[offset] >> 4 == 0xC {
                throw PropertyListError(.unsafe, "object \(index) (byte \(offset)) is a set, which property lists for apps do not hold")
            }
        }
    }

    /// The big-endian unsigned number of `size` bytes at `start`, when it fits an `Int`.
    private static func number(_ bytes: [UInt8], at start: Int, size: Int) -> Int? {
        var value: UInt64 = 0
        for byte in bytes[start..<(start + size)] {
            guard value >> 56 == 0 else { return nil }
            value = value << 8 | UInt64(byte)
        }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
