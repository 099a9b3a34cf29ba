import Synchronization

/// Waits for work for a limited time on a given clock: a host that is wedged (stopped, or not
/// reading its socket) must not hold a client's command, or the shutdown, forever.
enum Patience {
    /// `work`'s answer, or `fallback` once `limit` has passed on `clock`, whichever comes first.
    /// Work that misses the limit goes on unobserved (a host that ends later fails it).
    static func first<Value: Sendable>(
        _ work: @escaping @Sendable () async -> Value, orAfter limit: Duration, on clock: any Clock<Duration>,
        _ fallback: Value
    ) async -> Value {
        let answer = Answer<Value>()
        return await withCheckedContinuation { continuation in
            answer.wait(continuation)
            let timer = Task {
                try? await clock.sleep(for: limit, tolerance: nil)
                answer.give(fallback)
            }
            Task {
                answer.give(await work())
                timer.cancel()
            }
        }
    }

    /// One answer, taken by whoever comes first.
    private final class Answer<Value: Sendable>: Sendable {
        private let waiter = Mutex<CheckedContinuation<Value, Never>?>(nil)

        func wait(_ continuation: CheckedContinuation<Value, Never>) {
            waiter.withLock { $0 = continuation }
        }

        func give(_ value: Value) {
            waiter.withLock { waiter in
                defer { waiter = nil }
                return waiter
            }?.resume(returning: value)
        }
    }
}
