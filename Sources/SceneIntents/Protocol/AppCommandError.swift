/// Why an app-side command (the app's automation hook, `AppEndpoint.onCommand`: a demo's
/// `:tap 2`, `:open`) did nothing: a code, the offending value and a sentence the user can act
/// on. Its description is the sentence, so it crosses the process boundary as the `command`
/// event's refusal and reads the same in process and in separate processes.
public struct AppCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal.
    public enum Code: String, Sendable, Equatable {
        /// The line is not a command the app's driver knows.
        case unknownCommand
        /// The command's argument is missing or not one it takes.
        case badArgument
        /// The app is not running, or nothing is on screen for the command to act on.
        case nothingToActOn
        /// The app refused (a lifecycle transition it cannot make now).
        case refused
        /// The command needs the app in its own process (`--separate-processes`), or cannot be
        /// run there.
        case notSeparate
    }

    /// What kind of refusal.
    public let code: Code
    /// The offending line or argument.
    public let value: String
    /// One sentence saying what is wrong and what to do.
    public let message: String

    /// A refusal.
    public init(_ code: Code, _ value: String, _ message: String) {
        self.code = code
        self.value = value
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}
