import Dispatch
import Synchronization

/// The floor of one in-process delivery, written by hand: an actor that, for each of the three
/// phases, races a main-actor task against a 10 s Dispatch timer (a continuation, a task and a
/// timer armed then cancelled); the task casts the handler to its protocol, calls it and resumes
/// the waiter. The same hops, races and casts as a delivery, and nothing else.
actor FloorAssistant {
    func deliver() async -> Int {
        var total = 0
        for phase in 0..<3 {
            total += await floorRace(phase)
        }
        return total
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
func floorRace(_ phase: Int) async -> Int {
    let flag = FloorFlag()
    return await withUnsafeContinuation { continuation in
        let timer = FloorTimer {
            if flag.claim() { continuation.resume(returning: -1) }
        }
        Task { @MainActor in
            let value = FloorHost.call(phase)
            timer.cancel()
            if flag.claim() { continuation.resume(returning: value) }
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
