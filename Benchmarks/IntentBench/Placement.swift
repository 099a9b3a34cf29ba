import Foundation
import Glibc

/// Where the two processes of a socket metric run. On a virtual machine a wake-up sent to
/// another CPU costs tens of microseconds of CPU and latency, and the scheduler decides
/// differently for the floor's pair (often one CPU) than for the system and its host (often two),
/// so unpinned figures compared a placement with another. Both sides of a ratio are measured in
/// the same placement.
enum Placement: Equatable {
    /// Each process on a CPU of its own: the system on the first allowed CPU, its peer on the
    /// second. What two processes on a multi-core machine see; the wall-time ratio's placement.
    case apart
    /// Both on the first allowed CPU: no cross-CPU wake-ups, so CPU time is the work done; the
    /// CPU ratio's placement.
    case together
    /// Wherever the scheduler puts them (the throughput's, where both CPUs work at once).
    case free

    /// The CPUs this process may run on when the run starts.
    static let allowed: [Int] = {
        var set = cpu_set_t()
        guard let get = affinityCall("sched_getaffinity"), get(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else { return [] }
        return withUnsafeBytes(of: set) { bytes in
            (0..<(bytes.count * 8)).filter { bytes[$0 / 8] & (1 << ($0 % 8)) != 0 }
        }
    }()

    /// Whether `apart` can be had (two allowed CPUs); else it is `together`.
    static var canSeparate: Bool { allowed.count >= 2 }

    /// Pins every thread of this process and of `peers` as the placement says. Threads made
    /// later inherit their creator's CPUs.
    func apply(peers: [pid_t]) {
        guard let first = Self.allowed.first else { return }
        let second = Self.canSeparate ? Self.allowed[1] : first
        switch self {
        case .apart:
            Self.pin(getpid(), to: [first])
            for peer in peers { Self.pin(peer, to: [second]) }
        case .together:
            for process in [getpid()] + peers { Self.pin(process, to: [first]) }
        case .free:
            for process in [getpid()] + peers { Self.pin(process, to: Self.allowed) }
        }
    }

    /// Sets the CPUs of each thread of `process` (its `/proc/PID/task` entries).
    private static func pin(_ process: pid_t, to cpus: [Int]) {
        var set = cpu_set_t()
        withUnsafeMutableBytes(of: &set) { bytes in
            for cpu in cpus where cpu / 8 < bytes.count { bytes[cpu / 8] |= UInt8(1 << (cpu % 8)) }
        }
        guard let setAffinity = affinityCall("sched_setaffinity") else { return }
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
        for thread in threads.compactMap({ pid_t($0) }) { _ = setAffinity(thread, MemoryLayout<cpu_set_t>.size, &set) }
    }
}

/// `sched_getaffinity(2)` or `sched_setaffinity(2)` from the C library, which the Glibc module
/// declares only under `_GNU_SOURCE`.
private func affinityCall(_ name: String) -> (@convention(c) (pid_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32)? {
    dlsym(nil, name).map { unsafeBitCast($0, to: (@convention(c) (pid_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32).self) }
}
