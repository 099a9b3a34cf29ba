import Foundation
import Synchronization

/// A restoration being read and encoded while a host starts, and the one wait for it after the
/// host's hello: the first of the store's answer and the deadline is heard, the other dropped.
final class PreparedRestoration: Sendable {
    typealias Result = (frames: [Data], lines: [String])

    private enum State {
        /// Not read yet; the host's accept may be waiting, with its deadline.
        case reading(waiter: CheckedContinuation<Result, Never>?, deadline: Task<Void, Never>?)
        /// Read before anyone asked.
        case read(Result)
        /// Given to the accept (or given up on).
        case given
    }

    private let state = Mutex(State.reading(waiter: nil, deadline: nil))

    /// What the store answered (or why it could not).
    func finish(_ frames: [Data], _ lines: [String]) {
        let waiting = state.withLock { state -> (CheckedContinuation<Result, Never>, Task<Void, Never>?)? in
            guard case .reading(let waiter, let deadline) = state else { return nil }
            guard let waiter else {
                state = .read((frames, lines))
                return nil
            }
            state = .given
            return (waiter, deadline)
        }
        guard let (waiter, deadline) = waiting else { return }
        deadline?.cancel()
        waiter.resume(returning: (frames, lines))
    }

    /// The restoration, waiting at most `patience` on `clock` from now; asked once.
    func result(within patience: Duration, on clock: any Clock<Duration>) async -> Result {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result? in
                guard case .read(let result) = state else {
                    let deadline = Task {
                        do { try await clock.sleep(for: patience, tolerance: nil) } catch { return }
                        self.giveUp(after: patience)
                    }
                    state = .reading(waiter: continuation, deadline: deadline)
                    return nil
                }
                state = .given
                return result
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func giveUp(after patience: Duration) {
        let waiter = state.withLock { state -> CheckedContinuation<Result, Never>? in
            guard case .reading(let waiter?, _) = state else { return nil }
            state = .given
            return waiter
        }
        waiter?.resume(returning: ([], ["not restored: the store did not answer within \(patience)"]))
    }
}
