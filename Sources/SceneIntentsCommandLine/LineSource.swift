import Foundation
import Glibc
import Synchronization

/// Where the shell's lines come from: a script, a list, or standard input.
///
/// Every source splits lines the same way (`LineSplitter`): a line ends at "\n" or "\r\n", and
/// the last line counts whether or not a newline follows it, so a script behaves exactly as the
/// same lines typed.
public protocol LineSource: Sendable {
    /// The next line, or nil at the end.
    func nextLine() async -> String?
}

/// How bytes become lines, for every source.
enum LineSplitter {
    /// The line starting at `start`, without its ending, and where the next one starts; nil at
    /// the end. Looks at each byte once, so a line costs its own length whatever precedes it.
    static func line(in bytes: [UInt8], from start: Int) -> (line: String, next: Int)? {
        guard start < bytes.count else { return nil }
        var end = start
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let next = end < bytes.count ? end + 1 : end
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return (String(decoding: bytes[start..<end], as: UTF8.self), next)
    }
}

/// Lines given up front (a script file's, or a test's), read from a cursor: taking a line costs
/// that line's bytes only, so a script of any length costs the same per line.
public final class ScriptLines: LineSource {
    private struct State {
        var cursor = 0
        var examined = 0
    }

    private let bytes: [UInt8]
    private let state = Mutex(State())

    /// The lines, in order.
    public convenience init(_ lines: [String]) {
        self.init(bytes: Array(lines.joined(separator: "\n").utf8))
    }

    /// The lines of a text.
    public convenience init(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The lines of a script's bytes (already checked to be UTF-8).
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next line, or nil at the end.
    public func nextLine() async -> String? {
        state.withLock { state in
            guard let (line, next) = LineSplitter.line(in: bytes, from: state.cursor) else { return nil }
            state.examined += next - state.cursor
            state.cursor = next
            return line
        }
    }

    /// The bytes looked at so far: the work done, which grows with the lines taken, never with
    /// the lines left.
    public var bytesExamined: Int { state.withLock { $0.examined } }
}

/// Standard input (or another descriptor, such as a terminal's), read on a thread of its own so
/// that waiting for the user never blocks the main actor (where the app's scenes and timers run)
/// or any Swift-concurrency thread. The end of input or a read error ends the lines.
public final class StandardInputLines: LineSource {
    private let buffer = LineBuffer()

    /// Starts reading `descriptor` (standard input unless told).
    public init(descriptor: Int32 = STDIN_FILENO) {
        let thread = Thread { [buffer] in
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                pending += chunk[0..<count]
                var start = 0
                // Only complete lines: the last, unfinished one waits for more bytes.
                while pending[start...].contains(UInt8(ascii: "\n")),
                    let (line, next) = LineSplitter.line(in: pending, from: start)
                {
                    buffer.push(line)
                    start = next
                }
                pending.removeFirst(start)
            }
            if let (line, _) = LineSplitter.line(in: pending, from: 0) { buffer.push(line) }
            buffer.end()
        }
        thread.start()
    }

    /// The next line, or nil at the end.
    public func nextLine() async -> String? {
        await buffer.next()
    }
}

/// Lines handed from a reading thread to one waiting task.
private final class LineBuffer: Sendable {
    private struct State {
        var lines: [String] = []
        var taken = 0
        var ended = false
        var waiter: CheckedContinuation<String?, Never>?
    }

    private let state = Mutex(State())

    func push(_ line: String) {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            guard let waiter = state.waiter else {
                state.lines.append(line)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: line)
    }

    func end() {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            state.ended = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    func next() async -> String? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> String?? in
                if state.taken < state.lines.count {
                    // Taken from a cursor (not removeFirst), compacted now and then, so a long
                    // piped script costs the same per line.
                    let line = state.lines[state.taken]
                    state.taken += 1
                    if state.taken > 1024 && state.taken * 2 > state.lines.count {
                        state.lines.removeFirst(state.taken)
                        state.taken = 0
                    }
                    return .some(line)
                }
                if state.ended { return .some(nil) }
                state.waiter = continuation
                return .none
            }
            if case .some(let line) = ready { continuation.resume(returning: line) }
        }
    }
}
