import Foundation

/// A value that a property list can hold: what `read(_:)` answers for a file's bytes, and the
/// only kind of value a `UserActivity`'s `userInfo` accepts.
///
/// Build one from Swift literals, read one from bytes with `read(_:)`, or convert an untyped
/// dictionary with `PropertyListValue.init(validating:path:)` (SceneIntents), which names the
/// first value a property list cannot hold.
public indirect enum PropertyListValue: Sendable, Hashable, Codable {
    case string(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// The deepest nesting `read(_:)` accepts; deeper input is refused instead of recursed into.
    public static let maximumDepth = 256

    /// Reads XML, binary or OpenStep property-list bytes (the only property-list reader: every
    /// file of this kind is read here).
    ///
    /// - Throws: `PropertyListError`: `.unsafe` for a binary list Foundation's parser must not
    ///   see (see `SafePropertyList`), `.unparsable` for bytes that are not a property list,
    ///   `.tooDeep` past `maximumDepth` levels.
    public static func read(_ data: Data) throws(PropertyListError) -> PropertyListValue {
        try SafePropertyList.check(data)
        // Most lists are XML of the common subset, read without Foundation's object graph.
        if let value = XMLPropertyList.parse(data) { return value }
        return try readWithFoundation(data)
    }

    /// What `read(_:)` answers for bytes its own XML reader leaves to Foundation (and what the
    /// tests compare that reader with).
    package static func readWithFoundation(_ data: Data) throws(PropertyListError) -> PropertyListValue {
        try SafePropertyList.check(data)
        let object: Any
        do { object = try PropertyListSerialization.propertyList(from: data, format: nil) } catch {
            // A binary list Foundation cannot decode is handed on to its text parser, whose reason
            // ("Unexpected character b at line 1") speaks of the wrong format: name the right one.
            guard !data.starts(with: SafePropertyList.binaryMagic) else {
                throw PropertyListError(.unparsable, "it is a damaged binary property list: its header says binary, but its objects cannot be decoded")
            }
            let reason = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "unreadable"
            throw PropertyListError(.unparsable, reason)
        }
        guard let value = converted(object, depth: 0) else {
            throw PropertyListError(.tooDeep, "it nests deeper than \(maximumDepth) levels")
        }
        return value
    }

    /// Foundation's object graph as a value; nil past the depth limit.
    private static func converted(_ object: Any, depth: Int) -> PropertyListValue? {
        guard depth < maximumDepth else { return nil }
        // On Linux a plist boolean arrives as `Bool`, while integers and reals arrive as
        // `NSNumber`, which also casts to `Bool`; so test the exact type first.
        if type(of: object) == Bool.self, let flag = object as? Bool { return .boolean(flag) }
        switch object {
        case let text as String: return .string(text)
        case let value as NSNumber: return number(value)
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let items as [Any]:
            var values: [PropertyListValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = converted(item, depth: depth + 1) else { return nil }
                values.append(value)
            }
            return .array(values)
        case let entries as [AnyHashable: Any]:
            var values: [String: PropertyListValue] = [:]
            for (key, item) in entries {
                guard let value = converted(item, depth: depth + 1) else { return nil }
                values[(key.base as? String) ?? "\(key)"] = value
            }
            return .dictionary(values)
        default: return nil
        }
    }

    private static func number(_ number: NSNumber) -> PropertyListValue {
        switch String(cString: number.objCType) {
        case "c", "B": return .boolean(number.boolValue)
        case "f", "d": return .real(number.doubleValue)
        default:
            if let exact = Int(exactly: number.int64Value), number.stringValue == String(exact) { return .integer(exact) }
            return .real(number.doubleValue)
        }
    }

    /// The string, when this value is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this value is one.
    public var integerValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The boolean, when this value is one.
    public var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The items, when this value is an array.
    public var arrayValue: [PropertyListValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The entries, when this value is a dictionary.
    public var dictionaryValue: [String: PropertyListValue]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    /// The strings, when this value is an array of strings only.
    public var stringsValue: [String]? {
        guard case .array(let items) = self else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }

    /// The dictionaries, when this value is an array of dictionaries only.
    public var dictionariesValue: [[String: PropertyListValue]]? {
        guard case .array(let items) = self else { return nil }
        let dictionaries = items.compactMap(\.dictionaryValue)
        return dictionaries.count == items.count ? dictionaries : nil
    }

    /// The value's kind, for messages ("a string", "an integer"…).
    public var kindName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }

    /// The value, short, for messages.
    public var summary: String {
        switch self {
        case .string(let text): text.count > 60 ? String(text.prefix(60)) + "…" : text
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .boolean(let value): String(value)
        case .date(let date): "\(date)"
        case .data(let data): "\(data.count) bytes"
        case .array(let items): "\(items.count) items"
        case .dictionary(let entries): "\(entries.count) keys"
        }
    }
}

extension PropertyListValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A real value.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// A boolean value.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
}
