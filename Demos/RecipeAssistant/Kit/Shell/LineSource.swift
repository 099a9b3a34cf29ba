import Foundation
import Synchronization

/// Where the shell's lines come from: a script, a list, or standard input.
public protocol LineSource: Sendable {
    /// The next line, or nil at the end.
    func nextLine() async -> String?
}

/// Lines given up front (a script file's, or a test's).
public final class ScriptLines: LineSource {
    private let lines: Mutex<[String]>

    /// The lines, in order.
    public init(_ lines: [String]) {
        self.lines = Mutex(lines)
    }

    /// The lines of a text.
    public convenience init(text: String) {
        self.init(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// The next line, or nil at the end.
    public func nextLine() async -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// Standard input, read on a thread of its own so that waiting for the user never blocks the
/// main actor (where the app's scenes and timers run).
public final class StandardInputLines: LineSource {
    private let buffer = LineBuffer()

    /// Starts reading standard input.
    public init() {
        let thread = Thread { [buffer] in
            while let line = readLine(strippingNewline: true) { buffer.push(line) }
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
                if !state.lines.isEmpty { return .some(state.lines.removeFirst()) }
                if state.ended { return .some(nil) }
                state.waiter = continuation
                return .none
            }
            if case .some(let line) = ready { continuation.resume(returning: line) }
        }
    }
}
