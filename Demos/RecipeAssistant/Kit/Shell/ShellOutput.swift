import Foundation
import Synchronization

/// Where the shell writes: standard output, or a buffer a test reads. Thread-safe.
public final class ShellOutput: Sendable {
    private let sink: @Sendable (String) -> Void
    private let buffer = Mutex<[String]>([])
    private let keeps: Bool

    /// Writes to standard output.
    public static func standardOutput() -> ShellOutput {
        ShellOutput(keeps: false) { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }

    /// Keeps every line, for tests.
    public static func captured() -> ShellOutput { ShellOutput(keeps: true) { _ in } }

    private init(keeps: Bool, sink: @escaping @Sendable (String) -> Void) {
        self.keeps = keeps
        self.sink = sink
    }

    /// Writes a line (or several, separated by newlines).
    public func write(_ text: String) {
        if keeps { buffer.withLock { $0.append(text) } }
        sink(text)
    }

    /// Everything written, when capturing.
    public var text: String { buffer.withLock { $0.joined(separator: "\n") } }
}
