/// Why an app command was refused: a code, the line, and a sentence the user can act on.
public struct HydratorCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: String, Sendable, Equatable {
        /// No such command.
        case unknownCommand
        /// Words after a command that takes none, or a bad argument.
        case badArgument
        /// The app is not running, or there is no screen to act on.
        case nothingToActOn
        /// The app refused (its runtime said why).
        case refused
    }

    /// What is wrong.
    public let code: Code
    /// The line refused.
    public let line: String
    /// What the user can do about it.
    public let message: String

    /// An error.
    public init(_ code: Code, _ line: String, _ message: String) {
        self.code = code
        self.line = line
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
