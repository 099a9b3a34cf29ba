import Synchronization

/// The daemon's report of what it refused (bad clients, rejected peers, hosts' bad hellos), one
/// line per event, rate-limited so a flood of bad connections cannot flood the log: at most
/// ``burst`` lines per ``window`` on the daemon's wait clock. Lines past that are counted, and
/// the first line of the next window says how many were left out.
final class DaemonLog: Sendable {
    /// The most lines written per window.
    static let burst = 20
    /// The window.
    static let window: Duration = .seconds(10)

    private let sink: @Sendable (String) -> Void
    /// Time since the log was made, on the wait clock.
    private let elapsed: @Sendable () -> Duration
    private let state = Mutex(State())

    private struct State {
        var windowStart: Duration = .zero
        var written = 0
        var leftOut = 0
    }

    init(_ sink: @escaping @Sendable (String) -> Void, clock: any Clock<Duration>) {
        self.sink = sink
        elapsed = Self.stopwatch(clock)
    }

    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// Writes `line`, unless this window's lines are spent (then it is counted). What a line
    /// quotes of a client's bytes is escaped where it is quoted (`ClientProtocol.decode`).
    func write(_ line: String) {
        let now = elapsed()
        let lines = state.withLock { state -> [String] in
            if now - state.windowStart >= Self.window {
                let leftOut = state.leftOut
                state = State(windowStart: now)
                if leftOut > 0 {
                    state.written = 1
                    return ["\(leftOut) more like these were left out (at most \(Self.burst) lines per \(Self.window))", line]
                }
            }
            guard state.written < Self.burst else {
                state.leftOut += 1
                return []
            }
            state.written += 1
            return [line]
        }
        for line in lines { sink(line) }
    }
}
