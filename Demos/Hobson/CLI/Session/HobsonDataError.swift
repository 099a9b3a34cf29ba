import Glibc
import SceneIntentsShell
import SceneIntentsStore

/// The `--data` directory (or a folder on its way) cannot be created: one sentence naming the
/// folder and the system's reason, instead of the store's whole report.
public struct HobsonDataError: Error, Equatable, CustomStringConvertible {
    /// The folder that could not be made.
    public let path: String
    /// The system's sentence for the error ("Permission denied", "File name too long").
    public let reason: String

    /// An error naming `path` and `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The sentence for a store's failure to make its directory; nil for any other failure
    /// (a log that cannot be read says so in the store's own words).
    init?(_ error: StoreError) {
        guard error.operation == "mkdir", let number = error.errno else { return nil }
        self.init(path: error.path, reason: String(cString: strerror(number)))
    }

    /// "the data directory /x/y cannot be created: Permission denied".
    public var description: String {
        "the data directory \(ShellText.visible(path)) cannot be created: \(reason)"
    }
}
