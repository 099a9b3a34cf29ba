import Synchronization

/// Values held until the main actor's current job suspends or ends, then handed to `release`
/// together; or taken earlier by whoever can carry them another way.
///
/// The first value held schedules the release as a main-actor job of its own. That job can only
/// run once the job that held the value has suspended (awaiting something) or ended, so
/// everything one uninterrupted job produces goes out in one batch, and nothing waits past the
/// first suspension. `take()` empties the batch (the scheduled release then finds nothing).
/// Used for a visit's steps (`ServedVisit`, as `AppEndpoint` serves a call).
public final class HeldUntilSuspension<Value: Sendable>: Sendable {
    private struct State {
        var values: [Value] = []
        var isReleaseScheduled = false
    }
    private let state = Mutex(State())
    private let release: @Sendable ([Value]) -> Void

    /// Holds values for `release`, which is called on the main actor with a non-empty batch.
    public init(release: @escaping @Sendable ([Value]) -> Void) {
        self.release = release
    }

    /// Holds a value until the current main-actor job suspends or ends.
    public func hold(_ value: Value) {
        hold(value, replacingLastIf: { _ in false })
    }

    /// Holds a value until the current main-actor job suspends or ends, in place of the last
    /// value held when `supersedes` says the new one makes it stale (a progress report after a
    /// report): a job that makes such values in a loop holds one, not one per turn.
    public func hold(_ value: Value, replacingLastIf supersedes: (Value) -> Bool) {
        let isFirst = state.withLock { state in
            // A visit's steps (its parameters, confirm, handle): one allocation for the usual
            // batch instead of one per doubling.
            if state.values.isEmpty { state.values.reserveCapacity(4) }
            if let last = state.values.last, supersedes(last) {
                state.values[state.values.count - 1] = value
            } else {
                state.values.append(value)
            }
            defer { state.isReleaseScheduled = true }
            return !state.isReleaseScheduled
        }
        // Detached: the release needs none of the holder's task-local values, and copying
        // them (a handler's call context) into a new task costs allocations on every visit.
        if isFirst { Task.detached { @MainActor in self.flush() } }
    }

    /// Releases what is held now.
    public func flush() {
        let values = take()
        if !values.isEmpty { release(values) }
    }

    /// The values held, no longer held.
    public func take() -> [Value] {
        state.withLock { state in
            state.isReleaseScheduled = false
            defer { state.values = [] }
            return state.values
        }
    }
}
