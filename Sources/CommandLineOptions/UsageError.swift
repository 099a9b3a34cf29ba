/// A mistake on a command line: the one error every executable's parser throws, and what an
/// option's `apply` throws for a value it does not take. The program prints
/// `<name>: <message>` on standard error and exits with its usage status.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of mistake.
    public enum Code: String, Sendable {
        /// No option has that name.
        case unknownOption
        /// The option needs a value and got none (or an empty one).
        case missingValue
        /// The option's value is not one it takes.
        case badValue
        /// A flag was given a value (`--trace=yes`).
        case unexpectedValue
        /// Two options that cannot go together.
        case conflict
        /// An option given more than once.
        case repeated
        /// A required option is missing.
        case missingOption
        /// An operand (an argument that is not an option) the program does not take, or none
        /// where it needs one.
        case badOperand
    }

    /// What kind of mistake.
    public let code: Code
    /// The offending argument.
    public let value: String
    /// One sentence naming the argument at fault and saying what to do instead.
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
