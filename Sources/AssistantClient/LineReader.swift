import AssistantDaemon
import Foundation
import Glibc

/// Lines from standard input, read on a thread of their own (a blocking `read` never holds a
/// concurrency thread).
enum LineReader {
    /// Whether standard input is a terminal (prompts are then shown with `› ` and typed).
    static let isTerminal = isatty(STDIN_FILENO) != 0

    /// Starts reading: the lines without their newlines, finishing at the end of input.
    static func lines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        Thread {
            while let line = readLine(strippingNewline: true) { continuation.yield(line) }
            continuation.finish()
        }.start()
        return stream
    }
}

/// The client's standard streams, written straight to their descriptors (no buffering: a
/// prompt shows before the read that answers it). A failed write to standard output is kept, not
/// raised: the conversation stops at the next step and the client exits 74 (see
/// `StandardStreams`).
enum Out {
    static let streams = StandardStreams(name: "assistant")
    static func line(_ text: String) { streams.output.write(text) }
    static func prompt(_ text: String) { streams.output.writePrompt(text) }
    /// One line on standard error, after "assistant: ".
    static func error(_ text: String) { streams.error(text) }
    /// Whether standard output has failed: what the client was doing stops.
    static var failed: Bool { streams.outputFailed }
}
