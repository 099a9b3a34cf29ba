import Foundation

extension PropertyListValue {
    /// Converts an untyped value, throwing `UserActivityError.notPropertyList` for the first value
    /// (at any depth) that a property list cannot hold.
    ///
    /// - Parameters:
    ///   - value: the untyped value (strings, numbers, booleans, dates, data, arrays, dictionaries).
    ///   - path: where the value sits, used in the error message (for example `userInfo.step`).
    public init(validating value: Any, path: String) throws(UserActivityError) {
        switch value {
        case let value as PropertyListValue: self = value
        case let value as String: self = .string(value)
        case let value as Bool: self = .boolean(value)
        case let value as Int: self = .integer(value)
        case let value as Double: self = .real(value)
        case let value as Date: self = .date(value)
        case let value as Data: self = .data(value)
        case let values as [Any]:
            var items: [PropertyListValue] = []
            items.reserveCapacity(values.count)
            for (index, item) in values.enumerated() {
                items.append(try PropertyListValue(validating: item, path: "\(path)[\(index)]"))
            }
            self = .array(items)
        case let values as [String: Any]:
            var items: [String: PropertyListValue] = [:]
            for (key, item) in values {
                items[key] = try PropertyListValue(validating: item, path: "\(path).\(key)")
            }
            self = .dictionary(items)
        default:
            throw .notPropertyList(path: path, typeName: TypeNames.name(of: type(of: value)))
        }
    }
}
