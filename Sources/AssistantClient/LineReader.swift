import Foundation
import Glibc

/// Lines from standard input, read on a thread of their own (a blocking `read` never holds a
/// concurrency thread), started on first use.
@MainActor
final class LineReader {
    private var lines: AsyncStream<String>.Iterator?

    /// Whether standard input is a terminal (prompts are then shown with `› ` and typed).
    let isTerminal = isatty(STDIN_FILENO) != 0

    /// The next line without its newline; nil at the end of input.
    func next() async -> String? {
        if lines == nil {
            let (stream, continuation) = AsyncStream<String>.makeStream()
            Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }.start()
            lines = stream.makeAsyncIterator()
        }
        // One reader at a time: the copy shares the stream's storage and is put back after.
        var reading = lines
        let line = await reading?.next(isolation: #isolation)
        lines = reading
        return line
    }
}

/// Writes straight to a descriptor (no buffering: a prompt shows before the read that answers it).
enum Out {
    static func line(_ text: String) { write(text + "\n", to: .standardOutput) }
    static func error(_ text: String) { write(text + "\n", to: .standardError) }
    static func write(_ text: String, to handle: FileHandle) { handle.write(Data(text.utf8)) }
}
