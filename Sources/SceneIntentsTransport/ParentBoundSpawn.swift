import Dispatch
import Glibc
import Synchronization

/// Starts a child that dies with this process: the child sets `PR_SET_PDEATHSIG` (SIGKILL when
/// this thread's process ends, however it ends, SIGKILL included), then calls `execve`.
/// `posix_spawn` cannot ask for that, so a host that never connects (and so never notices its
/// system went away) would otherwise outlive a system killed with SIGKILL.
///
/// The child is started as `posix_spawn` starts one (`clone` sharing this process's memory until
/// its `execve`, this thread waiting), not forked, and until `execve` runs only async-signal-safe
/// system calls on values made before it started (no allocation, no lock). Its setup is
/// `ChildProcess.spawn`'s and a little cleaner: its own process group, every signal disposition
/// the default (glibc's own two included), an empty signal mask, the standard streams given,
/// nothing else open.
enum ParentBoundSpawn {
    /// The child's pid once `execve` succeeded, or an error naming the executable and the
    /// system's reason when the start or the exec failed (the failed child is reaped first). The
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
        // Everything the child touches is made here, before it starts.
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
        // Close-on-exec from the start where the C library can (`pipe2`): a child another thread
        // started between `pipe` and `fcntl` would hold the writing end and delay this report.
        var report: [Int32] = [-1, -1]
        if let pipe2 = GNU.pipe2 {
            guard pipe2(&report, O_CLOEXEC) == 0 else { throw .call("pipe", executable) }
        } else {
            guard pipe(&report) == 0 else { throw .call("pipe", executable) }
            for end in report { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        let (reader, writer) = (report[0], report[1])
        // Started from one thread that lives as long as the process: the death signal follows
        // the thread that started the child, and a pool thread may end while the child still runs.
        let pid = startAndExec(executable, argv: argv, envp: envp, redirections: redirections, report: writer)
        close(writer)
        defer { close(reader) }
        guard pid > 0 else { throw .call("clone", executable) }
        var code: Int32 = 0
        // Returns at once: the child's exec (or its failure) is a matter of microseconds.
        let count = retryingEINTR { read(reader, &code, MemoryLayout<Int32>.size) }
        guard count == MemoryLayout<Int32>.size else { return pid }
        var status: Int32 = 0
        _ = retryingEINTR { waitpid(pid, &status, 0) }
        let system = SystemError("execve", code: code)
        throw TransportError(.systemCall, value: executable, message: "cannot start '\(executable)': \(system)", system: system)
    }

    /// Starts the child, which sets itself up and executes `executable`, writing `errno` to
    /// `report` if that fails. Answers the child's pid (-1 when it could not be started).
    ///
    /// The child shares this process's memory until its `execve` (`CLONE_VM | CLONE_VFORK`, as
    /// glibc's `posix_spawn` starts one), on a stack of its own, while this thread waits: no copy
    /// of the page tables, which for a large system cost a millisecond or more of every launch
    /// (`fork` made `launch.extension` 1.53–1.61× its floor against 1.35–1.38×). So the child's
    /// code (`runChild`) is plain calls on integers and pointers made before: it must not
    /// allocate, lock or touch the Swift runtime (in a debug build even a `for` over a range asks
    /// for generic metadata, under a lock another thread may hold), and signals stay blocked
    /// until its handlers are the defaults, so no handler of this process runs in it. Without
    /// `clone` it is forked.
    private static func startAndExec(
        _ executable: String, argv: [String], envp: [String], redirections: [(source: Int32, target: Int32)], report writer: Int32
    ) -> pid_t {
        guard let prctl = GNU.prctl else { return -1 }
        // The standard streams' sources (-1: inherited), as three plain values.
        func source(_ target: Int32) -> Int32 { redirections.first { $0.target == target }?.source ?? -1 }
        return withCStrings(argv) { argv in
            withCStrings(envp) { envp in
                executable.withCString { path in
                    // A kernel `sigaction` of zeros: SIG_DFL, no flags, nothing masked.
                    let defaultAction = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
                    defaultAction.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
                    defer { defaultAction.deallocate() }
                    var plan = ChildPlan(
                        command: (path, argv, envp), parent: getpid(),
                        streams: (source(STDIN_FILENO), source(STDOUT_FILENO), source(STDERR_FILENO)),
                        report: (writer, UnsafeRawPointer(__errno_location())),
                        calls: (prctl, GNU.closeRange ?? { _, _, _ in 0 }, GNU.syscall),
                        defaultAction: (GNU.rtSigaction, UnsafeRawPointer(defaultAction)))
                    guard let clone = GNU.clone else {
                        let pid = fork()
                        if pid == 0 { _exit(runChild(&plan)) }
                        return pid
                    }
                    // Every signal blocked: the child unblocks them once its handlers are defaults.
                    var all = sigset_t()
                    var before = sigset_t()
                    sigfillset(&all)
                    pthread_sigmask(SIG_SETMASK, &all, &before)
                    defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
                    let stackSize = 64 << 10
                    let stack = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
                    defer { stack.deallocate() }
                    return withUnsafeMutablePointer(to: &plan) { plan in
                        // CLONE_VM | CLONE_VFORK (<sched.h>, which Swift's Glibc does not import).
                        clone({ runChild($0!.assumingMemoryBound(to: ChildPlan.self)) }, stack + stackSize, 0x100 | 0x4000 | SIGCHLD, plan)
                    }
                }
            }
        }
    }
}

/// Everything a starting child uses, made before it starts: plain values and pointers (the
/// child reads no global, whose first use could take a lock).
private struct ChildPlan {
    let command: (path: UnsafePointer<CChar>, argv: UnsafePointer<UnsafeMutablePointer<CChar>?>, envp: UnsafePointer<UnsafeMutablePointer<CChar>?>)
    let parent: pid_t
    /// The standard streams' sources; -1 keeps the one inherited.
    let streams: (input: Int32, output: Int32, error: Int32)
    /// Where a failed `execve`'s errno goes (the pipe's write end, close-on-exec), and the errno.
    let report: (writer: Int32, errno: UnsafeRawPointer)
    let calls: (
        prctl: @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32,
        closeRange: @convention(c) (UInt32, UInt32, Int32) -> Int32,
        syscall: (@convention(c) (Int, Int, UnsafeRawPointer?, UnsafeMutableRawPointer?, Int) -> Int)?
    )
    /// `rt_sigaction`'s number, and the kernel's `sigaction` for SIG_DFL (all zeros).
    let defaultAction: (call: Int, action: UnsafeRawPointer)
}

/// The child, from its start to `execve`: async-signal-safe calls only. Answers the exit status
/// of a child that could not execute.
private func runChild(_ plan: UnsafeMutablePointer<ChildPlan>) -> Int32 {
    _ = plan.pointee.calls.prctl(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
    // The parent may have ended before the line above: then nobody waits.
    if getppid() != plan.pointee.parent { return 127 }
    _ = setpgid(0, 0)
    let streams = plan.pointee.streams
    if streams.input >= 0 { _ = dup2(streams.input, STDIN_FILENO) }
    if streams.output >= 0 { _ = dup2(streams.output, STDOUT_FILENO) }
    if streams.error >= 0 { _ = dup2(streams.error, STDERR_FILENO) }
    // Every disposition the default, glibc's own two signals (32, 33) included, which `signal`
    // refuses and `posix_spawn` leaves as they were.
    let (call, action) = plan.pointee.defaultAction
    var number = 1
    while number < 65 {
        if number != Int(SIGKILL) && number != Int(SIGSTOP) {
            if let syscall = plan.pointee.calls.syscall {
                _ = syscall(call, number, action, nil, 8)
            } else {
                _ = signal(Int32(number), SIG_DFL)
            }
        }
        number += 1
    }
    // Nothing blocked, as a child `ChildProcess.spawn` starts.
    var nothing = sigset_t()
    _ = sigemptyset(&nothing)
    _ = sigprocmask(SIG_SETMASK, &nothing, nil)
    // Every descriptor from 3 up is closed but the report's (close-on-exec).
    let (writer, failure) = plan.pointee.report
    if writer > 3 { _ = plan.pointee.calls.closeRange(3, UInt32(writer - 1), 0) }
    _ = plan.pointee.calls.closeRange(writer >= 3 ? UInt32(writer + 1) : 3, UInt32.max, 0)
    _ = execve(plan.pointee.command.path, plan.pointee.command.argv, plan.pointee.command.envp)
    _ = write(writer, failure, 4)
    return 127
}

/// One thread, alive as long as the process, that runs jobs handed to it one at a time (a start
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
