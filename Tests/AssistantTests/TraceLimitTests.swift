import Assistant
import SceneIntentsTesting
import Testing

/// A trace keeps its newest events, at least `Trace.eventLimit` of them, however many are
/// recorded: indices still count from the start, and a read that reaches past what was let go
/// says how many were.
struct TraceLimitTests {
    @Test func theOldestEventsAreLetGoAndAReadSaysHowMany() {
        let clock = ManualClock()
        let trace = Trace(clock: .sleeping(on: clock))
        let limit = Trace.eventLimit
        for number in 0..<(2 * limit + limit / 2) { trace.record(.report, text: "\(number)") }
        #expect(trace.count == 2 * limit + limit / 2)
        let all = trace.events(from: 0)
        #expect(all.first == TraceEvent(at: .zero, kind: .report, detail: "\(limit) earlier events were let go (a trace keeps the last \(limit))"))
        #expect(all.dropFirst().map(\.detail) == (limit..<(2 * limit + limit / 2)).map(String.init))
        // A read from a mark among the kept events has nothing let go before it.
        #expect(trace.events(from: trace.count - 3).map(\.detail) == ["\(2 * limit + limit / 2 - 3)", "\(2 * limit + limit / 2 - 2)", "\(2 * limit + limit / 2 - 1)"])
        #expect(trace.events(from: limit / 2).first?.detail == "\(limit / 2) earlier events were let go (a trace keeps the last \(limit))")
        #expect(trace.events(from: trace.count).isEmpty)
        trace.clear()
        #expect(trace.count == 0 && trace.events.isEmpty)
        trace.record(.report, text: "after")
        #expect(trace.events.map(\.detail) == ["after"])
    }
}
