import Dispatch
import Synchronization

/// The floor of one in-process delivery, written by hand: on the main actor, where the assistant
/// runs (its functions run on their caller's actor), one main-actor task started at once
/// (`Task.immediate`, as the app's endpoint starts a visit) races a 10 s deadline (a
/// continuation, a deadline in a shared queue); the task casts the handler to its protocol and
/// calls it for each of the three phases, giving the next phase a fresh deadline (disarm, arm),
/// then resumes the waiter. The same round trip, deadline races and casts as a delivery, and
/// nothing else.
///
/// The handler's phase is `async`, as every handler call of the API is (an `IntentSchema`'s
/// closures are `async` only): awaiting it is the least a delivery can do to call a handler.
/// With a synchronous phase the floor was 9% cheaper (15,863 against 17,516 instructions).
///
/// Until 2026-12-05 the floor's assistant was an actor and its task a plain `Task { @MainActor
/// in … }`: each floor delivery was enqueued on the main dispatch queue, three system calls (an
/// eventfd write, `epoll_wait`, its read) that a delivery, which starts its visit at once on the
/// loop's executor, never makes (`strace -c`: 20,001 of each for 20,000 floor deliveries, none
/// for 20,000 deliveries). Without them the floor is 2.36 µs instead of 3.37 on this machine.
@MainActor
final class FloorAssistant {
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
@MainActor
func floorRace() async -> Int {
    let flag = FloorFlag()
    return await withUnsafeContinuation { continuation in
        let expire: @Sendable () -> Void = {
            if flag.claim() { continuation.resume(returning: -1) }
        }
        let first = FloorDeadlines.shared.arm(expire)
        Task.immediate { @MainActor in
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
