import Assistant
import AssistantService
import Foundation

extension Daemon {
    /// Reads the apps folders again now and serves what they hold: a new bundle is served, a
    /// removed one no longer is (a command naming it is told so), a replaced one (its
    /// `Info.plist`, executables or any file in it changed) is served from its new files by a
    /// new connection. Bundles whose files did not change are not read again, and their apps
    /// keep their running processes.
    ///
    /// A request in flight to a replaced or removed app finishes on the connection it began on;
    /// that connection's hosts are stopped once no request or command uses it. Answers the
    /// changes, one line each (`installed …`, `replaced …`, `removed …`, `problem: …`), also
    /// written to the log; empty when nothing changed or the daemon is stopping.
    @discardableResult
    public func rescan() async -> [String] {
        await withCheckedContinuation { done in
            scans.async { done.resume(returning: self.rescanNow()) }
        }
    }

    /// One rescan, on the scan queue (so two never overlap).
    private func rescanNow() -> [String] {
        guard let old = state.withLock({ state in state.phase == .stopping || state.phase == .stopped ? nil : state.served })
        else { return [] }
        let (new, failures) = serving.serve(old.registry.rescanned(), after: old)
        let kept = Set(new.apps.map(\.serial))
        let added = new.apps.filter { app in !old.apps.contains { $0.serial == app.serial } }
        let (installed, closeNow) = state.withLock { state -> (Bool, [ServedApp]) in
            // Stopping meanwhile: the shutdown has taken the apps it stops; the new ones go.
            guard state.phase == .ready || state.phase == .serving else { return (false, added) }
            state.served = new
            var closeNow: [ServedApp] = []
            for app in old.apps where !kept.contains(app.serial) {
                if state.leases[app.serial] == nil { closeNow.append(app) } else { state.retired[app.serial] = app }
            }
            return (true, closeNow)
        }
        for app in closeNow { close(app) }
        guard installed else { return [] }
        let lines = new.changes(from: old) + failures.map { "problem: \($0.message)" }
        for line in lines { log.write(line) }
        return lines
    }

    /// Rescans every `rescanInterval` on the rescan clock, until `endRescans`.
    func startRescans() {
        guard let interval = configuration.rescanInterval else { return }
        let clock = configuration.rescanClock
        let task = Task { [self] in
            while (try? await clock.sleep(for: interval, tolerance: nil)) != nil, !Task.isCancelled {
                await rescan()
            }
        }
        state.withLock { $0.rescans = task }
    }

    /// Stops the periodic rescan and waits for a rescan in progress to end.
    func endRescans() async {
        let task = state.withLock { state in
            defer { state.rescans = nil }
            return state.rescans
        }
        task?.cancel()
        await task?.value
        await withCheckedContinuation { done in scans.async { done.resume() } }
    }

    /// The app `pick` chooses among the apps served, held for a request or command until
    /// `giveBack`: a serving replaced or removed meanwhile is stopped only once given back.
    func borrow(_ pick: ([ServedApp]) -> ServedApp?) -> ServedApp? {
        state.withLock { state in
            guard let app = pick(state.served.apps) else { return nil }
            state.leases[app.serial, default: 0] += 1
            return app
        }
    }

    /// Ends a `borrow`; the last one of a retired serving stops it.
    func giveBack(_ app: ServedApp) {
        let retired = state.withLock { state -> ServedApp? in
            let left = (state.leases[app.serial] ?? 1) - 1
            state.leases[app.serial] = left > 0 ? left : nil
            return left > 0 ? nil : state.retired.removeValue(forKey: app.serial)
        }
        if let retired { close(retired) }
    }

    /// Stops a serving no longer served: its hosts are asked to quit (killed after the
    /// shutdown grace) and its sockets removed; `stop()` waits for it.
    private func close(_ app: ServedApp) {
        let grace = configuration.shutdownGrace
        state.withLock { state in
            state.closing[app.serial] = Task {
                await app.connection.close(grace: grace)
                await app.shortcuts?.flush()
                _ = self.state.withLock { $0.closing.removeValue(forKey: app.serial) }
            }
        }
    }
}
