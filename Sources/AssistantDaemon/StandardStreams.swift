import Glibc
import SceneIntentsShell

/// The standard streams of `assistantd` and `assistant`, handled as the demos handle theirs: a
/// write that fails (standard output closed, a full disk, a reader gone) never stops the
/// process; it ends what it is doing and exits 74 (EX_IOERR) with one line on standard error.
///
/// Make it first, before any descriptor is opened: a closed standard stream's number is taken by
/// /dev/null, so no socket or file opened later can receive the program's writes (or be read as
/// its input).
public struct StandardStreams: Sendable {
    /// The program's name, which starts every line on standard error.
    public let name: String
    /// Standard output.
    public let output: ShellOutput
    /// Standard error.
    public let errors: ShellOutput

    /// Ignores SIGPIPE (a reader gone is a failed write, not a death) and takes the numbers of
    /// closed standard streams.
    public init(name: String) {
        self.name = name
        signal(SIGPIPE, SIG_IGN)
        // Standard output's number is taken by `standardOutput()`, which notes its failure.
        for stream in [STDIN_FILENO, STDERR_FILENO] { _ = ShellOutput.occupyIfClosed(stream) }
        output = ShellOutput.standardOutput()
        errors = ShellOutput.standardError()
    }

    /// Writes `text` on standard error as one line starting with the program's name.
    public func error(_ text: String) {
        errors.write("\(name): \(text)")
    }

    /// Whether standard output has failed (nothing more is written to it).
    public var outputFailed: Bool { output.failure != nil }

    /// `status`, or 74 after one line on standard error when standard output could not be written.
    public func finished(_ status: Int32) -> Int32 {
        guard let failure = output.failure else { return status }
        error("cannot write to standard output: \(failure.lowercased()).")
        return Self.outputFailed
    }

    /// The exit status when standard output cannot be written (EX_IOERR).
    public static let outputFailed: Int32 = 74
}
