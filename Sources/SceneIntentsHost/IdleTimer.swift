/// Fires once after a stretch with nothing to do: armed when the last call ends, disarmed when
/// one starts. Re-arming starts the stretch again; a timer disarmed (or re-armed) while its sleep
/// was ending does not fire, because each arming has its own generation.
@MainActor
final class IdleTimer {
    private let limit: Duration
    private let clock: any Clock<Duration>
    private let expire: @MainActor () -> Void
    private var pending: Task<Void, Never>?
    private var generation = 0

    /// A timer that calls `expire` after `limit` on `clock` once armed.
    init(after limit: Duration, clock: any Clock<Duration>, expire: @escaping @MainActor () -> Void) {
        self.limit = limit
        self.clock = clock
        self.expire = expire
    }

    /// Starts (or restarts) the stretch.
    func arm() {
        disarm()
        let (clock, limit, armed) = (clock, limit, generation)
        pending = Task { @MainActor [weak self] in
            do { try await clock.sleep(for: limit) } catch { return }
            guard let self, self.generation == armed else { return }
            self.pending = nil
            self.expire()
        }
    }

    /// Stops the stretch; nothing fires until the next `arm()`.
    func disarm() {
        generation += 1
        pending?.cancel()
        pending = nil
    }
}
