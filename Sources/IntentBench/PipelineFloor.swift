import Dispatch
import Synchronization

/// The floor of one in-process delivery, written by hand: an actor races one main-actor task
/// against a 10 s Dispatch timer (a continuation, a task, a timer); on the main actor the task
/// casts the handler to its protocol and calls it for each of the three phases, giving each the
/// next phase a fresh timer (cancel, arm), then resumes the waiter. The same hops (one round trip
/// to the main actor), deadline races and casts as a delivery, and nothing else.
actor FloorAssistant {
    func deliver() async -> Int {
        await floorRace()
    }
}

@MainActor
protocol FloorHandling: AnyObject {
    func phase(_ number: Int) -> Int
}

@MainActor
final class FloorHandler: FloorHandling {
    func phase(_ number: Int) -> Int { number + 1 }
}

@MainActor
enum FloorHost {
    static let handler: Any = FloorHandler()
    static func call(_ phase: Int) -> Int { (handler as? any FloorHandling)?.phase(phase) ?? -1 }
}

private let floorQueue = DispatchQueue(label: "floor.timers")

/// The floor's race: whoever flips the flag first resumes the waiter.
func floorRace() async -> Int {
    let flag = FloorFlag()
    return await withUnsafeContinuation { continuation in
        let expire: @Sendable () -> Void = {
            if flag.claim() { continuation.resume(returning: -1) }
        }
        let first = FloorTimer(fire: expire)
        Task { @MainActor in
            var timer = first
            var total = 0
            for phase in 0..<3 {
                total += FloorHost.call(phase)
                timer.cancel()
                timer = FloorTimer(fire: expire)
            }
            timer.cancel()
            if flag.claim() { continuation.resume(returning: total) }
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
