import Dispatch
import Synchronization

/// The floor of one in-process delivery, written by hand: an actor races one main-actor task
/// against a 10 s deadline (a continuation, a task, a deadline in a shared queue); on the main
/// actor the task casts the handler to its protocol and calls it for each of the three phases,
/// giving the next phase a fresh deadline (disarm, arm), then resumes the waiter. The same
/// round trip to the main actor, deadline races and casts as a delivery, and nothing else.
///
/// The handler's phase is `async`, as every handler call of the API is (an `IntentSchema`'s
/// closures are `async` only): awaiting it is the least a delivery can do to call a handler.
/// With a synchronous phase the floor was 9% cheaper (15,863 against 17,516 instructions).
///
/// Its assistant is an actor, as the framework's was when this floor was written. The benchmark
/// runs on the main loop with the loop's task executor preferred (as every SceneIntents
/// executable does), so this actor, free whenever it is called, runs on the main thread too:
/// floor and delivery both make no thread switch, and their ratio is a ratio of CPU time.
actor FloorAssistant {
    func deliver() async -> Int {
        await floorRace()
    }
}

@MainActor
protocol FloorHandling: AnyObject {
    func phase(_ number: Int) async -> Int
}

@MainActor
final class FloorHandler: FloorHandling {
    func phase(_ number: Int) async -> Int { number + 1 }
}

@MainActor
enum FloorHost {
    static let handler: Any = FloorHandler()
    static func call(_ phase: Int) async -> Int { await (handler as? any FloorHandling)?.phase(phase) ?? -1 }
}

private let floorQueue = DispatchQueue(label: "floor.timers")

/// The floor's race: whoever flips the flag first resumes the waiter.
func floorRace() async -> Int {
    let flag = FloorFlag()
    return await withUnsafeContinuation { continuation in
        let expire: @Sendable () -> Void = {
            if flag.claim() { continuation.resume(returning: -1) }
        }
        let first = FloorDeadlines.shared.arm(expire)
        Task { @MainActor in
            var ticket = first
            var total = 0
            for phase in 0..<3 {
                total += await FloorHost.call(phase)
                FloorDeadlines.shared.disarm(ticket)
                ticket = FloorDeadlines.shared.arm(expire)
            }
            FloorDeadlines.shared.disarm(ticket)
            if flag.claim() { continuation.resume(returning: total) }
        }
    }
}

/// The floor's deadlines: a locked list, appended to and removed from; its one timer is set once
/// and never touched while deliveries run (their 10 s deadlines never come).
final class FloorDeadlines: Sendable {
    static let shared = FloorDeadlines()
    private let entries = Mutex<(next: UInt64, pending: [(UInt64, @Sendable () -> Void)])>((0, []))
    private let timer = FloorTimer(fire: {})

    func arm(_ action: @escaping @Sendable () -> Void) -> UInt64 {
        entries.withLock { state in
            state.next += 1
            state.pending.append((state.next, action))
            return state.next
        }
    }

    func disarm(_ ticket: UInt64) {
        entries.withLock { state in
            if let index = state.pending.lastIndex(where: { $0.0 == ticket }) { state.pending.remove(at: index) }
        }
    }
}

final class FloorFlag: Sendable {
    private let done = Atomic<Bool>(false)
    func claim() -> Bool { !done.exchange(true, ordering: .acquiringAndReleasing) }
}

/// A 10 s Dispatch timer. `@unchecked Sendable`: after `init` the source is only cancelled,
/// which Dispatch allows from any thread.
final class FloorTimer: @unchecked Sendable {
    private let source: any DispatchSourceTimer

    init(fire: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: floorQueue)
        source.schedule(deadline: .now() + .seconds(10))
        source.setEventHandler(handler: fire)
        source.resume()
    }

    func cancel() { source.cancel() }
}
