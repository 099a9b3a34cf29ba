/// Why a user activity refused a value or an operation.
public enum UserActivityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `userInfo` value (at `path`) is not a property-list value; its type is named.
    case notPropertyList(path: String, typeName: String)
    /// The activity was invalidated and can no longer become current or be continued.
    case invalidated(activityType: String)
    /// The manifest's `NSUserActivityTypes` does not list the activity's type.
    case typeNotDeclared(activityType: String)
    /// A key the activity declares as required is missing from its `userInfo`.
    case missingRequiredKey(activityType: String, key: String)

    /// One line for logs and messages.
    public var description: String {
        switch self {
        case .notPropertyList(let path, let typeName):
            "\(path) holds a \(typeName), which a property list cannot hold; use strings, numbers, booleans, dates, data, arrays or dictionaries"
        case .invalidated(let type):
            "the user activity '\(type)' was invalidated; create a new one"
        case .typeNotDeclared(let type):
            "the app cannot continue a '\(type)' activity: add it to NSUserActivityTypes in the manifest"
        case .missingRequiredKey(let type, let key):
            "the user activity '\(type)' lacks the required userInfo key '\(key)'"
        }
    }
}
