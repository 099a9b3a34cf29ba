/// Why a donation was refused (by the app before sending it, or by the system's store).
public struct DonationError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// What was wrong.
    public enum Code: String, Sendable, Codable {
        /// The manifest's `NSUserActivityTypes` does not list the intent's type.
        case notInUserActivityTypes
        /// The interaction did not complete (only completed actions are donated).
        case notCompleted
        /// The store could not keep it (the detail names the file and cause).
        case storeFailed
    }

    /// What was wrong.
    public let code: Code
    /// The offending value (the intent type, the handling status, the path).
    public let value: String
    /// What happened and what to do.
    public let message: String

    /// An error.
    public init(_ code: Code, value: String, _ message: String) {
        self.code = code
        self.value = value
        self.message = message
    }

    /// The intent type is not in `NSUserActivityTypes`.
    public static func notListed(_ typeName: String) -> DonationError {
        DonationError(
            .notInUserActivityTypes, value: typeName,
            "the intent \(typeName) cannot be donated: add \(typeName) to NSUserActivityTypes in the app's Info.plist")
    }

    /// One line.
    public var description: String { "\(code.rawValue): \(message)" }
}
