import DurableFiles
import Foundation
import Glibc
import SceneIntents
import SceneIntentsWire
import Synchronization

/// Where the shell writes: a file descriptor (standard output or error), or a buffer a test
/// reads. Thread-safe.
///
/// A write that fails (standard output closed, a full disk) is not retried and does not stop the
/// process: the failure is kept (`failure`), later writes are dropped, and the shell ends its
/// session and exits with status 74 (EX_IOERR) after one line on standard error.
public final class ShellOutput: Sendable {
    private enum Sink {
        case descriptor(Int32)
        case buffer
    }

    private struct State {
        var lines: [String] = []
        var failure: String?
    }

    private let sink: Sink
    private let state = Mutex(State())

    /// Writes to standard output.
    ///
    /// When the process started with standard output closed, the failure is known at once, and
    /// /dev/null takes descriptor 1 so that no file opened later can receive stray writes.
    public static func standardOutput() -> ShellOutput {
        let output = ShellOutput(.descriptor(STDOUT_FILENO))
        if occupyIfClosed(STDOUT_FILENO) { output.state.withLock { $0.failure = String(cString: strerror(EBADF)) } }
        return output
    }

    /// When the process started with the standard stream `stream` closed, gives its number to
    /// /dev/null, so that no socket or file opened later takes it (and receives the program's
    /// writes, or is read as its input); whether it was closed.
    package static func occupyIfClosed(_ stream: Int32) -> Bool {
        guard fcntl(stream, F_GETFD) == -1 && errno == EBADF else { return false }
        // open takes the lowest free number, which is `stream` only when the streams below it are
        // open; when another closed stream's number came first, the placeholder moves to `stream`.
        // Not close-on-exec: it stands for a standard stream, which a child inherits.
        let placeholder = open("/dev/null", O_RDWR)
        if placeholder >= 0 && placeholder != stream {
            dup2(placeholder, stream)
            close(placeholder)
        }
        return true
    }

    /// Writes to standard error (warnings and the last words of a failed session).
    public static func standardError() -> ShellOutput { ShellOutput(.descriptor(STDERR_FILENO)) }

    /// Writes to `descriptor` as it is (a terminal session's output, which may be a test's pipe).
    package static func writing(to descriptor: Int32) -> ShellOutput { ShellOutput(.descriptor(descriptor)) }

    /// Keeps every line, for tests.
    public static func captured() -> ShellOutput { ShellOutput(.buffer) }

    private init(_ sink: Sink) {
        self.sink = sink
    }

    /// Writes a line (or several, separated by newlines).
    public func write(_ text: String) {
        put(text + "\n", line: text)
    }

    /// Writes text with no newline after it (an interactive prompt).
    public func writePrompt(_ text: String) {
        put(text, line: nil)
    }

    /// Writes one JSON object as one line; keys in the order given.
    public func writeJSON(_ fields: KeyValuePairs<String, JSONScalar>) {
        write(JSONScalar.object(fields))
    }

    /// Writes "PROGRAM: cannot write to standard output: REASON." here when `output` failed
    /// (exit status 74 follows); whether it did.
    public func reportFailure(of output: ShellOutput, program: String) -> Bool {
        guard let failure = output.failure else { return false }
        write("\(program): cannot write to standard output: \(failure.lowercased()).")
        return true
    }

    /// Why writing failed, if it did (for example "No space left on device").
    public var failure: String? { state.withLock { $0.failure } }

    /// Everything written, when capturing.
    public var text: String { state.withLock { $0.lines.joined(separator: "\n") } }

    /// The lines written, when capturing.
    public var lines: [String] { state.withLock { $0.lines }.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } }

    private func put(_ text: String, line: String?) {
        switch sink {
        case .buffer:
            if let line { state.withLock { $0.lines.append(line) } }
        case .descriptor(let descriptor):
            // Held across the write so that lines from several threads never interleave.
            state.withLock { state in
                guard state.failure == nil else { return }
                if let code = DurableWrite.writeAll(Array(text.utf8), to: descriptor) { state.failure = String(cString: strerror(code)) }
            }
        }
    }
}

/// A JSON value the shell prints: a string, a whole number or null.
public enum JSONScalar: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// A string.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// Nothing.
    case null

    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .integer(value) }

    /// One JSON object, keys in the order given.
    public static func object(_ fields: KeyValuePairs<String, JSONScalar>) -> String {
        object(fields.map { ($0.key, $0.value) })
    }

    /// One JSON object from fields made at run time, keys in the order given.
    public static func object(_ fields: [(String, JSONScalar)]) -> String {
        text { writer in
            writer.beginObject()
            for (key, value) in fields {
                writer.key(key)
                value.write(to: &writer)
            }
            writer.endObject()
        }
    }

    private func write(to writer: inout JSONWriter) {
        switch self {
        case .string(let text): writer.string(text)
        case .integer(let number): writer.number(number)
        case .null: writer.value(.null)
        }
    }

    /// What `body` writes, as text.
    private static func text(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(capacity: 64)
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
