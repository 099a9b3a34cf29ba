import Foundation
import SceneIntents
import Synchronization

/// Every event of the assistant's exchanges, in order, with its clock instant; the newest
/// ``eventLimit`` at least, so a long-lived assistant (a daemon's client, a shell's session) or an
/// app that floods it with reports holds a bounded trace.
///
/// Thread-safe (events are appended under a lock), so the app side can record lifecycle
/// callbacks into it from the main actor. With a `ManualClock` two identical runs give identical
/// traces, byte for byte, in both renderings.
public final class Trace: Sendable {
    /// An event as recorded: its words are put together only when someone reads them, so
    /// recording costs a timestamp and the values it names, not string building.
    private struct Entry: Sendable {
        /// The clock's instant in nanoseconds (made a `Duration` when read).
        let at: Int64
        let kind: TraceEvent.Kind
        let detail: Detail

        /// Its event, put into words.
        var event: TraceEvent {
            TraceEvent(at: .nanoseconds(at), kind: kind, detail: detail.words)
        }
    }

    /// What an event says, as given. The events every request records keep their values as
    /// they are (a string, the request, its route, a call, a step, a lifecycle callback): no
    /// closure is allocated for them.
    enum Detail: Sendable {
        case text(String)
        case request(AssistantRequest)
        /// An intent type routed to an app.
        case route(intent: String, app: String)
        /// A call with its budget, from `start`.
        case call(PhaseCall.Phase, budget: Duration, start: Duration)
        case step(PhaseCall.Phase, PhaseAnswer)
        case lifecycle(LifecycleEvent)
        case deferred(@Sendable () -> String)

        var words: String {
            switch self {
            case .text(let text): text
            case .request(let request): request.description
            case .route(let intent, let app): "\(intent) → \(app)"
            case .call(let phase, let budget, let start): Exchange.callLine(phase, budget: budget, start: start)
            case .step(let phase, let answer): "\(phase) → \(answer.summary)"
            case .lifecycle(let event): event.description
            case .deferred(let detail): detail()
            }
        }
    }

    /// The entries kept, and how many were let go before them: an event's index counts from the
    /// trace's start, whatever was let go.
    private struct Log {
        var entries: [Entry] = []
        var first = 0
        var count: Int { first + entries.count }
    }

    /// The fewest events kept: the oldest are let go, half of twice this many at a time (one
    /// move per ten thousand events).
    public static let eventLimit = 10_000

    private let state: Mutex<Log>
    private let recording: Atomic<Bool>
    private let clock: BudgetClock

    /// A trace on a clock; `isRecording` false keeps nothing (for measuring its cost).
    public init(clock: BudgetClock, isRecording: Bool = true) {
        self.clock = clock
        state = Mutex(Log())
        recording = Atomic(isRecording)
    }

    /// Whether events are kept.
    public var isRecording: Bool {
        get { recording.load(ordering: .relaxed) }
        set { recording.store(newValue, ordering: .relaxed) }
    }

    /// Records an event at the clock's current instant; `detail` is evaluated when the trace is
    /// read, so it must capture values, not state that changes later.
    public func record(_ kind: TraceEvent.Kind, _ detail: @autoclosure @escaping @Sendable () -> String) {
        record(kind, .deferred(detail))
    }

    /// Records an event whose words are made already.
    public func record(_ kind: TraceEvent.Kind, text: String) {
        record(kind, .text(text))
    }

    /// Records a `result` event: a step of a call and its answer ("handle → response(success)"),
    /// at the clock's instant `at` (its `nowNanoseconds`) when the caller has just read it.
    func record(step phase: PhaseCall.Phase, answered answer: PhaseAnswer, at instant: Int64? = nil) {
        // Checked before the detail is made: making it copies the phase and the answer.
        guard isRecording else { return }
        record(.result, .step(phase, answer), at: instant)
    }

    /// Records a `lifecycle` event: one of the app's callbacks.
    public func record(lifecycle event: LifecycleEvent) {
        guard isRecording else { return }
        record(.lifecycle, .lifecycle(event))
    }

    /// Records an event of the assistant's own whose words are made when the trace is read; `at`
    /// is the clock's instant (its `nowNanoseconds`) when the caller has just read it.
    func record(_ kind: TraceEvent.Kind, _ detail: consuming Detail, at instant: Int64? = nil) {
        guard recording.load(ordering: .relaxed) else { return }
        // Moved into the log, not copied: a copy of a detail is a switch and a retain per value.
        var entry = Optional(Entry(at: instant ?? clock.nowNanoseconds, kind: kind, detail: detail))
        state.withLock { log in
            guard let moved = entry.take() else { return }
            if log.entries.count == 2 * Self.eventLimit {
                log.entries.removeFirst(Self.eventLimit)
                log.first += Self.eventLimit
            }
            log.entries.append(moved)
        }
    }

    /// The events so far.
    public var events: [TraceEvent] { events(from: 0) }

    /// The events from index `start` on; only those are put into words, so reading the newest
    /// few costs the same however long the trace is. When some of them were let go (see
    /// ``eventLimit``), a `report` event saying how many comes first.
    public func events(from start: Int) -> [TraceEvent] {
        let (kept, lost) = state.withLock { log -> ([Entry], Int) in
            let from = min(max(0, start), log.count)
            let lost = max(0, log.first - from)
            return (Array(log.entries[(from + lost - log.first)...]), lost)
        }
        let events = kept.map(\.event)
        guard lost > 0, let first = events.first else { return events }
        let note = TraceEvent(at: first.at, kind: .report, detail: "\(lost) earlier events were let go (a trace keeps the last \(Self.eventLimit))")
        return [note] + events
    }

    /// How many events were recorded (those let go included).
    public var count: Int { state.withLock { $0.count } }

    /// Forgets every event; the room they took is kept for those that follow.
    public func clear() {
        state.withLock { log in
            log.entries.removeAll(keepingCapacity: true)
            log.first = 0
        }
    }

    /// The events as readable text, one per line.
    public func text(from start: Int = 0) -> String {
        let events = events(from: start)
        guard !events.isEmpty else { return "" }
        return events.map(\.description).joined(separator: "\n") + "\n"
    }

    /// The events as JSON Lines: one object per line, keys sorted.
    public func jsonLines(from start: Int = 0) -> String {
        let events = events(from: start)
        guard !events.isEmpty else { return "" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return events.map { event in
            // Encoding a struct of strings cannot fail.
            String(decoding: (try? encoder.encode(event)) ?? Data(), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }
}
