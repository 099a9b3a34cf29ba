import Foundation
import Glibc
import Synchronization

/// How a child process ended.
public enum ChildExit: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// It called `exit` (or returned from `main`) with this status.
    case exited(Int32)
    /// A signal ended it (`9` for `SIGKILL`).
    case signalled(Int32)
    /// Something else in this process reaped it first (a `waitpid(-1)` or `SIGCHLD` ignored), so
    /// its status is lost.
    case reapedElsewhere

    /// Decodes a `waitpid` status word.
    init(status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// How it ended, in words (`killed by signal 9 (Killed)`).
    public var description: String {
        switch self {
        case .exited(let code): "exited with status \(code)"
        case .signalled(let signal): "killed by signal \(signal) (\(String(cString: strsignal(signal))))"
        case .reapedElsewhere: "reaped elsewhere in this process (status unknown)"
        }
    }
}

/// What a child's standard input, output or error is connected to.
public enum StandardStream: Sendable {
    /// The same as this process's.
    case inherit
    /// `/dev/null`.
    case null
    /// A descriptor of this process (it stays open here; the child gets a copy).
    case descriptor(Int32)
}

/// A child process started with `posix_spawn`, watched without blocking any thread, and always
/// reaped, even if this object is dropped first.
///
/// The child inherits none of this process's descriptors beyond the three standard streams
/// (every descriptor here is close-on-exec, and the spawn closes all from 3 up as well), starts
/// with an empty signal mask and default signal dispositions, and gets this process's
/// environment plus the additions given. It runs in a process group of its own, as a process the
/// system starts does: Ctrl-C in the terminal of a daemon or a shell that started it reaches
/// that process alone, which then stops its children in order (a child whose connection
/// closes ends on its own).
public final class ChildProcess: Sendable {
    /// The child's process id (do not signal it yourself: use ``kill(_:)``).
    public let pid: pid_t
    /// The executable started.
    public let executable: String
    private let watch: ExitWatch

    /// Starts `executable` (a path) with `arguments` (not including `argv[0]`, which is the
    /// executable's path), this environment plus `environment`, and the given standard streams.
    public static func spawn(
        _ executable: String, arguments: [String] = [], environment: [String: String] = [:],
        stdin: StandardStream = .null, stdout: StandardStream = .inherit, stderr: StandardStream = .inherit
    ) throws(TransportError) -> ChildProcess {
        let (argv, envp) = commandLine(executable, arguments, environment)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(stdin, STDIN_FILENO), (stdout, STDOUT_FILENO), (stderr, STDERR_FILENO)] {
            switch stream {
            case .inherit: break
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        _ = GNU.addCloseFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        // Process group 0: the child's own, named by its pid.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var pid = pid_t()
        let result = withCStrings(argv) { argv in
            withCStrings(envp) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        }
        guard result == 0 else {
            let system = SystemError("posix_spawn", code: result)
            throw TransportError(.systemCall, value: executable, message: "cannot start '\(executable)': \(system)", system: system)
        }
        return ChildProcess(pid: pid, executable: executable)
    }

    /// Starts `executable` as ``spawn(_:arguments:environment:stdin:stdout:stderr:)`` does, but
    /// bound to this process: the child is killed (SIGKILL) when this process ends, however it
    /// ends (SIGKILL included), as a system's hosts must be (one that never connected would
    /// otherwise outlive it). It is started as `posix_spawn` starts one (no copy of this
    /// process's page tables), from a thread of its own, which the caller awaits without blocking
    /// its thread. Without `prctl` (not glibc) it is spawned unbound.
    public static func launchBound(
        _ executable: String, arguments: [String] = [], environment: [String: String] = [:],
        stdin: StandardStream = .null, stdout: StandardStream = .inherit, stderr: StandardStream = .inherit
    ) async throws(TransportError) -> ChildProcess {
        guard GNU.prctl != nil else {
            return try spawn(executable, arguments: arguments, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr)
        }
        let (argv, envp) = commandLine(executable, arguments, environment)
        let streams = [(stdin, STDIN_FILENO), (stdout, STDOUT_FILENO), (stderr, STDERR_FILENO)]
        let pid = try await ParentBoundSpawn.spawn(executable, argv: argv, envp: envp, streams: streams).get()
        return ChildProcess(pid: pid, executable: executable)
    }

    /// The child's `argv` and `envp`: this process's environment plus `environment`.
    private static func commandLine(
        _ executable: String, _ arguments: [String], _ environment: [String: String]
    ) -> (argv: [String], envp: [String]) {
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, added in added }
        return ([executable] + arguments, merged.map { "\($0.key)=\($0.value)" })
    }

    private init(pid: pid_t, executable: String) {
        self.pid = pid
        self.executable = executable
        watch = ExitWatch(pid: pid)
    }

    /// Waits until the child has exited and been reaped, and answers how it ended. Delivered
    /// within a millisecond or so of the exit; never blocks a thread.
    public var exit: ChildExit {
        get async { await watch.exit() }
    }

    /// How the child ended, or `nil` while it runs.
    public var exitStatus: ChildExit? { watch.status }

    /// Sends `signal` (default `SIGTERM`) to the child if it has not been reaped yet; answers
    /// whether it was sent. Never signals a reused process id: reaping and signalling share a
    /// lock, and an unreaped child's pid cannot be reused.
    @discardableResult
    public func kill(_ signal: Int32 = SIGTERM) -> Bool {
        watch.signal(signal)
    }
}

/// Calls `body` with `strings` as a NULL-terminated `char *[]`.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
