import Foundation
import Glibc

/// Stops process `pid` with `SIGSTOP` and returns once the kernel shows it stopped (state `T`
/// in `/proc/PID/stat`), so a test that goes on to send it something knows it will not read it.
/// `kill` only makes the signal pending: a host running on the other core can still read a frame
/// before it stops. Answers false when the process cannot be stopped or is gone.
///
/// The wait polls a real process's state, so it sleeps on the wall clock (1 ms at a time, 5 s
/// at most): there is nothing else to wait on.
public func stopProcess(_ pid: Int32) async -> Bool {
    guard kill(pid, SIGSTOP) == 0 else { return false }
    for _ in 0..<5_000 {
        guard let state = processState(pid) else { return false }
        if state == "T" { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return false
}

/// The state letter of process `pid` in `/proc/PID/stat` (`R`, `S`, `T` stopped, `Z` a zombie:
/// ended, not yet reaped), or nil when there is no such process.
public func processState(_ pid: Int32) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
    // The state follows the command name, which is in parentheses and may contain spaces.
    guard let close = stat.lastIndex(of: ")") else { return nil }
    return stat[close...].dropFirst(2).first
}
