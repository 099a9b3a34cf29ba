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
        return (text(bytes[start..<end]), next)
    }

    /// A line's bytes (without its "\n") as text, a "\r" before the "\n" dropped.
    static func text(_ line: ArraySlice<UInt8>) -> String {
        String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
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
///
/// Bounded whatever the input: a line keeps its first ``lineLimit`` bytes (the rest, up to its
/// newline, is skipped), and the thread reads ahead at most ``readAheadLimit`` lines (a line
/// counting one per 64 KiB begun, so at most 16 MiB), then waits for them to be taken, so a fast
/// writer (`yes | recipe-assistant`) waits on the pipe instead of filling memory.
public final class StandardInputLines: LineSource {
    /// The most bytes of one line kept: 16 MiB, as much as a script (``ScriptFile/sizeLimit``),
    /// so a pasted line far over the 1,000 characters a request takes is still counted exactly.
    public static let lineLimit = ScriptFile.sizeLimit
    /// The most lines read and not yet taken.
    public static let readAheadLimit = 256

    private let buffer = LineBuffer(capacity: readAheadLimit, slot: lineLimit / readAheadLimit)

    /// Starts reading `descriptor` (standard input unless told).
    public init(descriptor: Int32 = STDIN_FILENO) {
        let thread = Thread { [buffer] in
            var line: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                // Each byte is looked at once, however long the line it belongs to.
                var start = 0
                while start < count {
                    let end = chunk[start..<count].firstIndex(of: UInt8(ascii: "\n")) ?? count
                    line += chunk[start..<min(end, start + max(0, Self.lineLimit - line.count))]
                    guard end < count else { break }
                    buffer.push(LineSplitter.text(line[...]))
                    line.removeAll(keepingCapacity: true)
                    start = end + 1
                }
            }
            if !line.isEmpty { buffer.push(LineSplitter.text(line[...])) }
            buffer.end()
        }
        thread.start()
    }

    /// The next line, or nil at the end.
    public func nextLine() async -> String? {
        await buffer.next()
    }

    /// The lines read and not yet taken (at most ``readAheadLimit``).
    public var linesWaiting: Int { buffer.waiting }
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
    /// A slot for each line that may wait; the reading thread (never a task) blocks on it.
    private let room: DispatchSemaphore
    /// The bytes a slot stands for: a longer line takes one slot per `slot` bytes begun.
    private let slot: Int

    init(capacity: Int, slot: Int) {
        self.slot = slot
        // Made at 0 and raised: libdispatch traps when a semaphore is freed below the value it
        // was made with, which a buffer dropped with lines waiting would be.
        room = DispatchSemaphore(value: 0)
        for _ in 0..<capacity { room.signal() }
    }

    var waiting: Int { state.withLock { $0.lines.count - $0.taken } }

    private func slots(_ line: String) -> Int { max(1, (line.utf8.count + slot - 1) / slot) }

    private func free(_ line: String) {
        for _ in 0..<slots(line) { room.signal() }
    }

    /// Hands `line` to the waiting task, or keeps it; called on the reading thread, which waits
    /// here while the buffer is full.
    func push(_ line: String) {
        for _ in 0..<slots(line) { room.wait() }
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            guard let waiter = state.waiter else {
                state.lines.append(line)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        guard let waiter else { return }
        free(line)
        waiter.resume(returning: line)
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
            guard case .some(let line) = ready else { return }
            if let line { free(line) }
            continuation.resume(returning: line)
        }
    }
}
