/// What kind of error a `FeatureError` is: a closed set of cases per concern.
public protocol FeatureErrorCode: RawRepresentable<String>, Sendable, Hashable, Codable {}

/// An error of the app's features and of the system's shortcuts store: what kind, the offending
/// value, and a message a user can act on. Each concern names its own codes
/// (`DispatchError`, `ShortcutError`, `DonationError`, `VoiceShortcutRefusal`).
public struct FeatureError<Code: FeatureErrorCode>: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// What kind of error.
    public let code: Code
    /// The offending value (a URL, a parameter, an intent type, a phrase).
    public let value: String
    /// What happened and what to do.
    public let message: String

    /// An error.
    public init(_ code: Code, value: String, _ message: String) {
        self.code = code
        self.value = value
        self.message = message
    }

    /// The message (the code is for programs; a person reads the message).
    public var description: String { message }
}
