import Assistant
import Glibc
import SceneIntentsTransport

/// How the supervisor ends a host's process and checks its executable before a launch.
extension ProcessSupervisor {
    /// Sends SIGTERM to `child` and waits until it exited, sending SIGKILL after `grace` (a
    /// stopped process acts on SIGTERM only once continued; SIGKILL ends it even then).
    static func terminate(_ child: ChildProcess, grace: Duration, on clock: any Clock<Duration>) async {
        child.kill(SIGTERM)
        await waitForExit(child, killingAfter: grace, on: clock)
    }

    /// Waits until `child`, asked to end, exited: SIGKILL if it still runs after `grace`.
    @discardableResult
    static func waitForExit(_ child: ChildProcess, killingAfter grace: Duration, on clock: any Clock<Duration>) async -> ChildExit {
        let killer = Task {
            do { try await clock.sleep(for: grace, tolerance: nil) } catch { return }
            child.kill(SIGKILL)
        }
        let exit = await child.exit
        killer.cancel()
        return exit
    }

    /// Refuses an executable that is missing or that this process may not run, naming it: the
    /// spawn's own error would say only "No such file or directory".
    static func checkExecutable(_ path: String) throws(TransportError) {
        guard access(path, X_OK) != 0 else { return }
        let code = errno
        let reason = code == ENOENT ? "\(path) does not exist" : "\(path) cannot be run (\(String(cString: strerror(code))))"
        throw TransportError(.systemCall, value: path, message: reason, system: SystemError("access", code: code))
    }

    /// Why a host that never said hello was given up.
    static func noHelloLine(_ budget: Duration) -> String {
        "did not connect within \(DurationFormat.seconds(budget))s of its launch"
    }
}
