import Foundation

// A tree is what a value the system side does not know the type of stays as (see
// `ParameterValueRecord`): it must go through `JSONEncoder`/`JSONDecoder` too (the stores) and come
// out as the same JSON it came in as.

extension JSONValue: Equatable, Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .number(integer)
        } else if let number = try? container.decode(Double.self) {
            self = try JSONValue.finite(number, of: number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(members.map { JSONMember($0.key, $0.value) })
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let text):
            if let integer = Int64(text) { try container.encode(integer) } else { try container.encode(Double(text) ?? 0) }
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members):
            try container.encode(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// Equal trees: objects compare as sets of members (their order is not the value's).
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.number(let left), .number(let right)): left == right || (Double(left) != nil && Double(left) == Double(right))
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)):
            left.count == right.count
                && left.allSatisfy { member in right.contains { $0.key == member.key && $0.value == member.value } }
        default: false
        }
    }
}

extension JSONMember: Equatable {
    package static func == (lhs: JSONMember, rhs: JSONMember) -> Bool { lhs.key == rhs.key && lhs.value == rhs.value }
}
