/// A mistake on the command line.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of mistake.
    public enum Code: String, Sendable {
        /// No option has that name.
        case unknownOption
        /// The option needs a value and got none.
        case missingValue
        /// The option's value is not one it takes.
        case badValue
        /// A flag was given a value (`--trace=yes`).
        case unexpectedValue
        /// Two options that cannot go together.
        case conflict
        /// An option given more than once.
        case repeated
    }

    /// What kind of mistake.
    public let code: Code
    /// The offending argument.
    public let value: String
    /// One sentence saying what to do instead.
    public let message: String

    /// A mistake; `message` is what the user reads, so it says what to type instead.
    public init(code: Code, value: String, message: String) {
        self.code = code
        self.value = value
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
