import Dispatch
import Foundation
import Glibc
import Synchronization

/// Watches one child until it exits, then reaps it.
///
/// With `pidfd_open` (Linux 5.3+) a Dispatch read source wakes when the child exits; without it,
/// one dedicated thread waits with `waitid(WNOWAIT)`, which leaves the reaping to this object.
/// Either way the watch keeps itself alive (the source or thread holds it) until the child is
/// reaped, so dropping the ``ChildProcess`` never leaves a zombie.
final class ExitWatch: Sendable {
    private let pid: pid_t
    private let state = Mutex(State.running(waiters: []))

    private enum State {
        case running(waiters: [CheckedContinuation<ChildExit, Never>])
        /// Reaped (the pid may be reused: never signal it), but the watch still holds its pidfd.
        case reaped(ChildExit, waiters: [CheckedContinuation<ChildExit, Never>])
        /// Reaped and the watch's descriptor closed: an awaited exit leaves nothing behind.
        case exited(ChildExit)
    }

    private static let queue = DispatchQueue(label: "sceneintents.exit-watch")

    init(pid: pid_t) {
        self.pid = pid
        if let pidfdOpen = GNU.pidfdOpen, case let descriptor = pidfdOpen(pid, 0), descriptor >= 0 {
            // A pidfd is always close-on-exec.
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: Self.queue)
            // The handler holds the source and this watch, so both live until the child is
            // reaped; cancelling releases the handler.
            source.setEventHandler {
                guard self.reap() else { return }
                source.setCancelHandler {
                    Glibc.close(descriptor)
                    self.finish()
                }
                source.cancel()
            }
            source.resume()
        } else {
            startThread("sceneintents.exit-watch.\(pid)", stackSize: 64 << 10) {
                var info = siginfo_t()
                _ = retryingEINTR { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
                if self.reap() { self.finish() }
            }
        }
    }

    var status: ChildExit? {
        state.withLock { state in
            switch state {
            case .running: nil
            case .reaped(let exit, _), .exited(let exit): exit
            }
        }
    }

    func exit() async -> ChildExit {
        await withCheckedContinuation { continuation in
            let exit = state.withLock { state -> ChildExit? in
                switch state {
                case .exited(let exit): return exit
                case .running(let waiters):
                    state = .running(waiters: waiters + [continuation])
                case .reaped(let exit, let waiters):
                    state = .reaped(exit, waiters: waiters + [continuation])
                }
                return nil
            }
            if let exit { continuation.resume(returning: exit) }
        }
    }

    func signal(_ signal: Int32) -> Bool {
        state.withLock { state in
            guard case .running = state else { return false }
            return Glibc.kill(pid, signal) == 0
        }
    }

    /// Reaps the child if it has exited (called when the watch fires); answers whether the
    /// watch is over.
    private func reap() -> Bool {
        state.withLock { state in
            guard case .running(let waiters) = state else { return true }
            var status: Int32 = 0
            let result = retryingEINTR { waitpid(pid, &status, WNOHANG) }
            if result == pid {
                state = .reaped(ChildExit(status: status), waiters: waiters)
            } else if result < 0 && errno == ECHILD {
                state = .reaped(.reapedElsewhere, waiters: waiters)
            } else {
                return false
            }
            return true
        }
    }

    /// Delivers the exit once the watch has let go of everything.
    private func finish() {
        let outcome = state.withLock { state -> (ChildExit, [CheckedContinuation<ChildExit, Never>])? in
            guard case .reaped(let exit, let waiters) = state else { return nil }
            state = .exited(exit)
            return (exit, waiters)
        }
        guard let (exit, waiters) = outcome else { return }
        for waiter in waiters { waiter.resume(returning: exit) }
    }
}
