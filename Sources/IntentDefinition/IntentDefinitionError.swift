/// Why a definition file could not be read: the file, the key path of the offending value, what
/// was expected and what was found.
///
/// `keyPath` is written as in `INIntents[2].INIntentParameters[0].INIntentParameterType`; the
/// empty key path is the top level of the file.
public struct IntentDefinitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: String, Sendable, Equatable, CaseIterable {
        /// The file could not be read from disk.
        case unreadable
        /// The bytes are not a property list.
        case notAPropertyList
        /// A key that must be there is absent.
        case missingKey
        /// A value has the wrong property-list type (a string where an integer belongs…).
        case wrongType
        /// A value has the right type but cannot be used (an empty name, a name that is not a
        /// Swift identifier, a duplicate).
        case invalidValue
    }

    /// What is wrong.
    public let code: Code
    /// The file, as it was named to the reader.
    public let file: String
    /// Where in the file.
    public let keyPath: String
    /// The offending value, as text (empty when the value is absent).
    public let value: String
    /// What to do about it.
    public let message: String

    /// An error.
    public init(code: Code, file: String, keyPath: String, value: String = "", message: String) {
        self.code = code
        self.file = file
        self.keyPath = keyPath
        self.value = value
        self.message = message
    }

    /// One line: `file: key path: message`.
    public var description: String {
        let place = keyPath.isEmpty ? "top level" : keyPath
        return "\(file): \(place): \(message)"
    }
}
