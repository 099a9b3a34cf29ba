import Foundation
import IntentDefinition
import SceneIntents

/// Where the fixture files are, and ways to build and change property lists in tests.
enum Fixtures {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// A definition compiled into `IntentGenFixtures` (`Hydrator`, `Recipes`, `PlanTrip`, `Coffee`).
    static func built(_ name: String) -> String {
        testsDirectory.deletingLastPathComponent().appending(path: "IntentGenFixtures/Definitions/\(name).intentdefinition").path
    }

    /// A definition kept with the tests (`Unmodelled`).
    static func resource(_ name: String) -> String {
        testsDirectory.appending(path: "Definitions/\(name).intentdefinition").path
    }

    /// A golden file.
    static func golden(_ name: String) -> String { testsDirectory.appending(path: "Golden/\(name)").path }

    /// A fixture read as a property-list value.
    static func value(_ path: String) throws -> PropertyListValue {
        try PropertyListValue.read(Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// One step of a key path: a dictionary key or an array index.
enum PathStep: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case key(String)
    case index(Int)
    init(stringLiteral value: String) { self = .key(value) }
    init(integerLiteral value: Int) { self = .index(value) }
}

extension PropertyListValue {
    /// The value with the node at `path` replaced (nil removes it).
    func setting(_ path: [PathStep], to replacement: PropertyListValue?) -> PropertyListValue? {
        guard let step = path.first else { return replacement }
        let rest = Array(path.dropFirst())
        switch (self, step) {
        case (.dictionary(var entries), .key(let key)):
            entries[key] = rest.isEmpty ? replacement : entries[key]?.setting(rest, to: replacement)
            return .dictionary(entries)
        case (.array(var items), .index(let index)) where items.indices.contains(index):
            if let value = items[index].setting(rest, to: replacement) { items[index] = value } else { items.remove(at: index) }
            return .array(items)
        default: return self
        }
    }

    /// The value as Foundation objects, for `PropertyListSerialization`.
    var foundation: Any {
        switch self {
        case .string(let text): text
        case .integer(let number): NSNumber(value: number)
        case .real(let number): NSNumber(value: number)
        case .boolean(let flag): flag
        case .date(let date): date
        case .data(let data): data
        case .array(let items): items.map(\.foundation)
        case .dictionary(let entries): entries.mapValues(\.foundation)
        }
    }

    /// The value as property-list bytes.
    func encoded(_ format: PropertyListSerialization.PropertyListFormat = .xml) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: foundation, format: format, options: 0)
    }
}

/// A small seeded generator (SplitMix64), so a failing random case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// The first line where two texts differ, with both versions, for golden-file failures.
func firstDifference(_ expected: String, _ actual: String) -> String? {
    let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(left.count, right.count) {
        let expectedLine = index < left.count ? String(left[index]) : "<end>"
        let actualLine = index < right.count ? String(right[index]) : "<end>"
        if expectedLine != actualLine { return "line \(index + 1):\n- \(expectedLine)\n+ \(actualLine)" }
    }
    return nil
}
