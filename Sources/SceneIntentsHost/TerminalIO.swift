import Foundation
import Glibc

/// The lines of a descriptor (standard input), read on a thread of its own so that waiting for
/// the user never blocks the main actor (where the app runs) or a Swift-concurrency thread.
///
/// A line ends at "\n" (a "\r" before it is dropped); the last line counts without one. The end
/// of input (Ctrl-D, a closed pipe) or a read error ends the stream.
enum TerminalInput {
    /// Starts reading `descriptor`; its lines, in order.
    static func lines(of descriptor: Int32) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let thread = Thread {
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            func flush(_ bytes: ArraySlice<UInt8>) {
                var line = bytes
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                continuation.yield(String(decoding: line, as: UTF8.self))
            }
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                pending += chunk[0..<count]
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    flush(pending[..<newline])
                    pending.removeSubrange(...newline)
                }
            }
            if !pending.isEmpty { flush(pending[...]) }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}

/// Writes text to a descriptor and remembers the first failure (a closed pipe, a full disk)
/// instead of raising: with `SIGPIPE` ignored, a reader that went away is an error, never a
/// signal that kills the process.
@MainActor
final class TerminalOutput {
    private let descriptor: Int32
    /// Why writing failed, once it has.
    private(set) var failure: String?

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes `text`; false (and nothing more is written) once a write has failed.
    @discardableResult
    func write(_ text: String) -> Bool {
        guard failure == nil else { return false }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                failure = String(cString: strerror(errno))
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
