import Foundation

/// Property-list bytes that Linux Foundation's parser crashes on when read unguarded.
public enum HostilePropertyLists {
    /// A 37-byte binary plist: an array holding a set holding a dictionary (objects 0, 1, 2).
    public static let setOfDictionaries: Data = {
        var bytes: [UInt8] = Array("bplist00".utf8)
        let array = bytes.count
        bytes += [0xA1, 0x01]  // an array of one: object 1
        let set = bytes.count
        bytes += [0xC1, 0x02]  // a set of one: object 2
        let dictionary = bytes.count
        bytes += [0xD0]  // an empty dictionary
        let table = bytes.count
        bytes += [UInt8(array), UInt8(set), UInt8(dictionary)]
        // Trailer: 6 unused bytes, offset size 1, reference size 1, 3 objects, top object 0, table offset.
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        return Data(bytes)
    }()
}
