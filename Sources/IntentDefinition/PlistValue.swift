import Foundation
import PropertyListSafety

/// A property-list value as a closed enum, so the reader can look at any input without casts
/// that could trap.
public indirect enum PlistValue: Sendable, Equatable {
    /// `<string>`.
    case string(String)
    /// `<integer>`.
    case integer(Int)
    /// `<real>`.
    case real(Double)
    /// `<true/>` or `<false/>`.
    case boolean(Bool)
    /// `<date>`.
    case date(Date)
    /// `<data>`.
    case data(Data)
    /// `<array>`.
    case array([PlistValue])
    /// `<dict>` (keys that are not strings are written with their description).
    case dictionary([String: PlistValue])

    /// The deepest nesting read; deeper input is reported instead of recursing further.
    public static let maximumDepth = 256

    /// Reads XML, binary or OpenStep property-list bytes.
    ///
    /// - Throws: `IntentDefinitionError` (`notAPropertyList`) naming `file` when the bytes are
    ///   not a property list or nest deeper than `maximumDepth`.
    public static func read(_ data: Data, file: String) throws(IntentDefinitionError) -> PlistValue {
        let object: Any
        do {
            object = try SafePropertyList.propertyList(from: data)
        } catch {
            throw IntentDefinitionError(
                code: .notAPropertyList, file: file, keyPath: "",
                message: "not a property list (\(Self.reason(error))); save it again from Xcode")
        }
        guard let value = convert(object, depth: 0) else {
            throw IntentDefinitionError(
                code: .notAPropertyList, file: file, keyPath: "",
                message: "the property list nests deeper than \(maximumDepth) levels or holds an unknown value")
        }
        return value
    }

    private static func reason(_ error: any Error) -> String {
        if let refusal = error as? UnsafePropertyListError { return refusal.reason }
        let info = (error as NSError).userInfo
        return (info[NSDebugDescriptionErrorKey] as? String) ?? "unreadable"
    }

    /// Foundation's object graph as a value; nil past the depth limit or for a foreign object.
    private static func convert(_ object: Any, depth: Int) -> PlistValue? {
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
            var values: [PlistValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = convert(item, depth: depth + 1) else { return nil }
                values.append(value)
            }
            return .array(values)
        case let entries as [AnyHashable: Any]:
            var values: [String: PlistValue] = [:]
            for (key, item) in entries {
                guard let value = convert(item, depth: depth + 1) else { return nil }
                values[(key.base as? String) ?? "\(key)"] = value
            }
            return .dictionary(values)
        default: return nil
        }
    }

    private static func number(_ number: NSNumber) -> PlistValue {
        let kind = String(cString: number.objCType)
        switch kind {
        case "c", "B": return .boolean(number.boolValue)
        case "f", "d": return .real(number.doubleValue)
        default:
            if let exact = Int(exactly: number.int64Value), number.stringValue == String(exact) { return .integer(exact) }
            return .real(number.doubleValue)
        }
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
