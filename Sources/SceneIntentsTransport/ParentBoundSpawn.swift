import Dispatch
import Glibc
import Synchronization

/// Starts a child that dies with this process: `fork`, then in the child `PR_SET_PDEATHSIG`
/// (SIGKILL when this thread's process ends, however it ends, SIGKILL included), then `execve`.
/// `posix_spawn` cannot ask for that, so a host that never connects (and so never notices its
/// system went away) would otherwise outlive a system killed with SIGKILL.
///
/// Between `fork` and `execve` the child runs only async-signal-safe system calls on values made
/// before the fork (no allocation, no lock: other threads of this process may have held one at
/// the fork). The child's setup matches `ChildProcess.spawn`'s: its own process group, default
/// signal dispositions, an empty signal mask, the standard streams given, nothing else open.
enum ParentBoundSpawn {
    /// The child's pid once `execve` succeeded, or an error naming the executable and the
    /// system's reason when the fork or the exec failed (the failed child is reaped first). The
    /// work runs on the spawner thread; the caller's thread is not held.
    static func spawn(
        _ executable: String, argv: [String], envp: [String], streams: [(StandardStream, Int32)]
    ) async -> Result<pid_t, TransportError> {
        await withCheckedContinuation { continuation in
            SpawnerThread.shared.submit {
                continuation.resume(returning: Result { () throws(TransportError) in
                    try startChild(executable, argv: argv, envp: envp, streams: streams)
                })
            }
        }
    }

    /// Starts the child (on the spawner thread).
    private static func startChild(
        _ executable: String, argv: [String], envp: [String], streams: [(StandardStream, Int32)]
    ) throws(TransportError) -> pid_t {
        // Everything the child touches is made here, before the fork.
        var redirections: [(source: Int32, target: Int32)] = []
        var opened: [Int32] = []
        defer { opened.forEach { _ = close($0) } }
        for (stream, target) in streams {
            switch stream {
            case .inherit: break
            case .null:
                let null = open("/dev/null", O_RDWR | O_CLOEXEC)
                guard null >= 0 else { throw .call("open", "/dev/null") }
                opened.append(null)
                redirections.append((null, target))
            case .descriptor(let descriptor): redirections.append((descriptor, target))
            }
        }
        // The child reports a failed exec through this pipe; a successful exec closes it.
        var report: [Int32] = [-1, -1]
        guard pipe(&report) == 0 else { throw .call("pipe", executable) }
        for end in report { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (reader, writer) = (report[0], report[1])
        // Forked from one thread that lives as long as the process: the death signal follows
        // the thread that forked, and a pool thread may end while the child still runs.
        let pid = forkAndExec(executable, argv: argv, envp: envp, redirections: redirections, report: writer)
        close(writer)
        defer { close(reader) }
        guard pid > 0 else { throw .call("fork", executable) }
        var code: Int32 = 0
        // Returns at once: the child's exec (or its failure) is a matter of microseconds.
        let count = retryingEINTR { read(reader, &code, MemoryLayout<Int32>.size) }
        guard count == MemoryLayout<Int32>.size else { return pid }
        var status: Int32 = 0
        _ = retryingEINTR { waitpid(pid, &status, 0) }
        let system = SystemError("execve", code: code)
        throw TransportError(.systemCall, value: executable, message: "cannot start '\(executable)': \(system)", system: system)
    }

    /// Forks; the child sets itself up and executes `executable`, writing `errno` to `report`
    /// if that fails. Answers the child's pid (-1 when the fork failed).
    ///
    /// The child's code is plain calls on integers and pointers made before the fork: in a
    /// debug build even a `for` over a range asks the runtime for generic metadata, under a lock
    /// another thread may have held at the fork (the child then waits forever).
    private static func forkAndExec(
        _ executable: String, argv: [String], envp: [String], redirections: [(source: Int32, target: Int32)], report writer: Int32
    ) -> pid_t {
        guard let prctl = GNU.prctl else { return -1 }
        let closeRange = GNU.closeRange ?? { _, _, _ in 0 }
        let parent = getpid()
        // The standard streams' sources (-1: inherited), as three plain values.
        func source(_ target: Int32) -> Int32 { redirections.first { $0.target == target }?.source ?? -1 }
        let (input, output, error) = (source(STDIN_FILENO), source(STDOUT_FILENO), source(STDERR_FILENO))
        let (deathSignal, defaultAction) = (UInt(SIGKILL), SIG_DFL)
        let (belowReport, aboveReport, last) = (UInt32(max(writer - 1, 3)), UInt32(writer + 1), UInt32.max)
        let failure = UnsafeRawPointer(__errno_location())
        return withCStrings(argv) { argv in
            withCStrings(envp) { envp in
                executable.withCString { path in
                    let pid = fork()
                    guard pid == 0 else { return pid }
                    // The child: async-signal-safe calls only, from here to `execve`.
                    _ = prctl(1 /* PR_SET_PDEATHSIG */, deathSignal, 0, 0, 0)
                    // The parent may have ended before the line above: then nobody waits.
                    if getppid() != parent { _exit(127) }
                    _ = setpgid(0, 0)
                    if input >= 0 { _ = dup2(input, STDIN_FILENO) }
                    if output >= 0 { _ = dup2(output, STDOUT_FILENO) }
                    if error >= 0 { _ = dup2(error, STDERR_FILENO) }
                    var number: Int32 = 1
                    while number < 65 {
                        if number != SIGKILL && number != SIGSTOP { _ = signal(number, defaultAction) }
                        number += 1
                    }
                    // Every descriptor from 3 up is closed but the report's (close-on-exec).
                    if writer > 3 { _ = closeRange(3, belowReport, 0) }
                    _ = closeRange(aboveReport, last, 0)
                    _ = execve(path, argv, envp)
                    _ = write(writer, failure, 4)
                    _exit(127)
                }
            }
        }
    }
}

/// One thread, alive as long as the process, that runs jobs handed to it one at a time (a fork
/// and an exec take a millisecond or so).
private final class SpawnerThread: Sendable {
    static let shared = SpawnerThread()

    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let waiting = DispatchSemaphore(value: 0)

    private init() {
        startThread("sceneintents.spawner") { [self] in
            // Children inherit this thread's mask: it blocks nothing.
            var nothing = sigset_t()
            sigemptyset(&nothing)
            pthread_sigmask(SIG_SETMASK, &nothing, nil)
            while true {
                waiting.wait()
                jobs.withLock { $0.removeFirst() }()
            }
        }
    }

    /// Runs `work` on the spawner thread, after the jobs before it.
    func submit(_ work: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(work) }
        waiting.signal()
    }
}
