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
        case exited(ChildExit)
    }

    private static let queue = DispatchQueue(label: "sceneintents.exit-watch")

    init(pid: pid_t) {
        self.pid = pid
        if let pidfdOpen = GNU.pidfdOpen, case let descriptor = pidfdOpen(pid, 0), descriptor >= 0 {
            // A pidfd is always close-on-exec.
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: Self.queue)
            // The handler holds the source and this watch, so both live until the child is
            // reaped; cancelling releases the handler. Waiters hear of the exit only once the
            // pidfd is closed, so an awaited exit leaves no descriptor behind.
            source.setEventHandler {
                guard let (waiters, exit) = self.reap() else { return }
                source.setCancelHandler {
                    Glibc.close(descriptor)
                    Self.resume(waiters, exit)
                }
                source.cancel()
            }
            source.resume()
        } else {
            startThread("sceneintents.exit-watch.\(pid)", stackSize: 64 << 10) {
                var info = siginfo_t()
                while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
                if let (waiters, exit) = self.reap() { Self.resume(waiters, exit) }
            }
        }
    }

    var status: ChildExit? {
        state.withLock { if case .exited(let exit) = $0 { exit } else { nil } }
    }

    func exit() async -> ChildExit {
        await withCheckedContinuation { continuation in
            let exit = state.withLock { state -> ChildExit? in
                switch state {
                case .exited(let exit): return exit
                case .running(let waiters):
                    state = .running(waiters: waiters + [continuation])
                    return nil
                }
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

    /// Reaps the child if it has exited (called when the watch fires); answers the waiters to
    /// resume and the exit when the watch is over, `nil` while the child runs.
    private func reap() -> ([CheckedContinuation<ChildExit, Never>], ChildExit?)? {
        state.withLock { state in
            guard case .running(let waiters) = state else { return ([], nil) }
            var status: Int32 = 0
            let result = retryingEINTR { waitpid(pid, &status, WNOHANG) }
            let exit: ChildExit
            if result == pid {
                exit = ChildExit(status: status)
            } else if result < 0 && errno == ECHILD {
                exit = .reapedElsewhere
            } else {
                return nil
            }
            state = .exited(exit)
            return (waiters, exit)
        }
    }

    private static func resume(_ waiters: [CheckedContinuation<ChildExit, Never>], _ exit: ChildExit?) {
        guard let exit else { return }
        for waiter in waiters { waiter.resume(returning: exit) }
    }
}
