import Synchronization

/// The one place the shell and its user read lines from: the source, behind a queue of lines
/// put back (a command or a new request typed at one of the assistant's questions, carried out
/// once that conversation has ended).
public final class ShellInput: Sendable {
    /// A line, and whether it was shown already (a line put back was echoed when it was read).
    public struct Line: Sendable {
        /// The line as read, without its ending.
        public let text: String
        /// Whether it was put back (and so was shown when first read).
        public let isQueued: Bool
    }

    private let source: any LineSource
    private let queue = Mutex<[String]>([])

    /// Reads `source`, with nothing put back yet.
    public init(_ source: any LineSource) {
        self.source = source
    }

    /// The next line: a queued one first, then the source's; nil at the end.
    public func next() async -> Line? {
        let queued = queue.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        if let queued { return Line(text: queued, isQueued: true) }
        return await source.nextLine().map { Line(text: $0, isQueued: false) }
    }

    /// Puts a line back, to be read next.
    public func putBack(_ line: String) {
        queue.withLock { $0.append(line) }
    }
}
