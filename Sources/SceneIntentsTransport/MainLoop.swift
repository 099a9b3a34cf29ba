import CEpoll
import Dispatch
import Foundation
import Glibc
import Synchronization

/// The main thread as an epoll loop that runs the main actor's jobs and reads the sockets given to
/// it, so a message for the main actor is read by the thread that handles it.
///
/// Without it, a socket is read by a thread of its own that hands each message to the main
/// actor: two threads woken per message, and on a machine whose idle CPUs sleep deeply the
/// second wake-up costs more than the message. Under the loop, one thread wakes: the main
/// thread, in `epoll_wait`, for either a socket or a main-actor job.
///
/// Start it from an executable's top-level code with ``run(_:)``, which never returns. The main
/// queue (and with it every main-actor job) is then drained by this loop instead of by
/// `dispatchMain()`; timers, `Task.sleep` and Dispatch sources work as before. When this
/// platform's Dispatch does not offer the main-queue hooks the loop needs, ``run(_:)`` falls back
/// to `dispatchMain()` and ``isRunning`` stays false (sockets are then read by their own threads).
public enum MainLoop {
    /// A descriptor the loop reads for a connection.
    private struct Watch {
        /// Told apart from an earlier watch of the same descriptor number: an event still in
        /// hand for a descriptor unwatched (and its number reused) in the same turn is dropped.
        let id: UInt32
        /// Called on the main thread when the descriptor is readable (or has hung up).
        let readable: @MainActor () -> Void
    }

    private struct State {
        var isRunning = false
        /// The thread the loop serves (set once it runs).
        var thread: pthread_t?
        /// The epoll descriptor the loop waits in: the main queue's wake-up descriptor and every
        /// watched one. Waking costs what is ready, not what is watched: with `poll`, a daemon
        /// with 100 apps connected paid for 100 descriptors on every turn of every delivery.
        var poller: Int32 = -1
        var lastID: UInt32 = 0
        var watches: [Int32: Watch] = [:]
        /// What runs once the pending jobs have run (see `afterJobs(_:)`).
        var afterJobs: [@MainActor @Sendable () -> Void] = []
    }

    // Watches are added and removed on the main actor and read by the loop on the main thread:
    // one thread in all, so the lock is never contended; it is there because `Watch` holds
    // main-actor closures the static state must keep as `Sendable`.
    private static let state = Mutex(State())

    /// The event data of the main queue's wake-up descriptor (a watch's id is never 0).
    private static let queueData: UInt64 = 0

    /// The loop's task executor; ``run(_:)``'s body prefers it.
    public static let taskExecutor = MainLoopTaskExecutor()

    /// Whether ``run(_:)`` is serving the main thread (so ``watch(_:readable:)`` may be used).
    public static var isRunning: Bool { state.withLock { $0.isRunning } }

    /// Runs `body` on the main actor, serves the main thread until it ends, then exits the process
    /// with the status it answers.
    ///
    /// `body` runs in a task that prefers ``taskExecutor``: what it awaits comes back to the main
    /// thread without passing through another thread (see ``MainLoopTaskExecutor``). Work meant
    /// for other threads is started with `Task.detached` or with the global concurrent executor
    /// preferred.
    public static func run(_ body: @escaping @MainActor () async -> Int32) -> Never {
        guard let hooks = MainQueueHooks.load() else {
            start(body)
            dispatchMain()
        }
        // Before the first job is enqueued, which would make the wake-up descriptor anywhere.
        let (queue, poller) = outsideStandardStreams { (hooks.handle(), epoll_create1(Int32(EPOLL_CLOEXEC))) }
        guard poller >= 0, control(poller, EPOLL_CTL_ADD, queue, data: queueData) else {
            if poller >= 0 { close(poller) }
            start(body)
            dispatchMain()
        }
        state.withLock { state in
            state.isRunning = true
            state.thread = pthread_self()
            state.poller = poller
        }
        taskExecutor.adopt(mainThread: pthread_self())
        start(body)
        serve(hooks, queue: queue)
    }

    private static func start(_ body: @escaping @MainActor () async -> Int32) {
        Task(executorPreference: taskExecutor) { exit(await body()) }
    }

    /// Reads `descriptor` on the main thread: `readable` is called each time it can be read (or
    /// has hung up) until ``unwatch(_:)``, which must come before the descriptor is closed. Only
    /// while the loop ``isRunning``. Answers why epoll refused the descriptor, if it did (nothing
    /// is watched then).
    @MainActor
    static func watch(_ descriptor: Int32, readable: @escaping @MainActor () -> Void) -> SystemError? {
        state.withLock { state in
            state.lastID = state.lastID == UInt32.max ? 1 : state.lastID + 1
            guard control(state.poller, EPOLL_CTL_ADD, descriptor, data: eventData(descriptor, state.lastID)) else {
                return SystemError("epoll_ctl")
            }
            state.watches[descriptor] = Watch(id: state.lastID, readable: readable)
            return nil
        }
    }

    /// Stops reading `descriptor`; call it while the descriptor is still open (epoll forgets a
    /// closed one by itself only once no other process holds it).
    @MainActor
    static func unwatch(_ descriptor: Int32) {
        state.withLock { state in
            guard state.watches.removeValue(forKey: descriptor) != nil else { return }
            _ = control(state.poller, EPOLL_CTL_DEL, descriptor, data: 0)
        }
    }

    private static func eventData(_ descriptor: Int32, _ id: UInt32) -> UInt64 {
        UInt64(UInt32(bitPattern: descriptor)) << 32 | UInt64(id)
    }

    private static func control(_ poller: Int32, _ operation: Int32, _ descriptor: Int32, data: UInt64) -> Bool {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = data
        return epoll_ctl(poller, operation, descriptor, &event) == 0
    }

    /// Runs `work` on the main thread once the loop has run the jobs pending now, before it waits
    /// again: what several jobs produced (a host's outgoing frames) goes out together, with no
    /// job of its own. Answers false (and keeps nothing) when the loop is not running.
    public static func afterJobs(_ work: @escaping @MainActor @Sendable () -> Void) -> Bool {
        let thread = state.withLock { state -> pthread_t? in
            if state.isRunning { state.afterJobs.append(work) }
            return state.isRunning ? state.thread : nil
        }
        guard let thread else { return false }
        // From another thread the loop may be waiting: a job wakes it.
        if pthread_equal(thread, pthread_self()) == 0 { DispatchQueue.main.async {} }
        return true
    }

    /// Runs what waited for the jobs; answers whether anything did.
    private static func runAfterJobs() -> Bool {
        let works = state.withLock { state in
            defer { state.afterJobs = [] }
            return state.afterJobs
        }
        for work in works { MainActor.assumeIsolated { work() } }
        return !works.isEmpty
    }

    /// Serves forever: `queue` is the main queue's wake-up descriptor.
    private static func serve(_ hooks: MainQueueHooks, queue: Int32) -> Never {
        let poller = state.withLock { $0.poller }
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        // The first turn runs whatever was queued before the loop began.
        var queueReadable = true
        while true {
            runJobs(hooks, queue: queue, readable: queueReadable)
            // The jobs what waited for them starts run before the wait too.
            while runAfterJobs() { runJobs(hooks, queue: queue, readable: false) }
            let count = epoll_wait(poller, &events, Int32(events.count), -1)
            queueReadable = false
            for event in events.prefix(Int(max(0, count))) {
                let data = event.data.u64
                guard data != queueData else {
                    queueReadable = true
                    continue
                }
                let descriptor = Int32(bitPattern: UInt32(truncatingIfNeeded: data >> 32))
                let watch = state.withLock { $0.watches[descriptor] }
                guard let watch, watch.id == UInt32(truncatingIfNeeded: data) else { continue }
                MainActor.assumeIsolated { watch.readable() }
            }
        }
    }

    /// Runs the main queue's jobs (when the wait found its wake-up descriptor `readable`: an
    /// unsignalled descriptor would only answer `EAGAIN`) and the task executor's until it has
    /// none left, before the loop waits: the jobs a socket's messages started run in the same
    /// turn. A drain runs only the jobs queued when it began; Dispatch writes to the descriptor
    /// again for the rest and for any queued meanwhile, so the next wait returns at once.
    private static func runJobs(_ hooks: MainQueueHooks, queue: Int32, readable: Bool) {
        var count: UInt64 = 0
        if readable && read(queue, &count, MemoryLayout<UInt64>.size) > 0 { hooks.drain() }
        while taskExecutor.runPending() {}
    }
}

/// Runs `body` (which opens a descriptor) with the standard streams' numbers taken, so what it
/// opens is not numbered 0, 1 or 2 when the process was started with one of them closed: the
/// program's writes to standard output would land on it and fail with the wrong error (or wake
/// the loop) instead of failing with `EBADF` as they should. The placeholders are closed after.
private func outsideStandardStreams<T>(_ body: () -> T) -> T {
    var placeholders: [Int32] = []
    for stream in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(stream, F_GETFD) == -1 {
        let placeholder = open("/dev/null", O_RDWR | O_CLOEXEC)
        if placeholder >= 0 { placeholders.append(placeholder) }
    }
    defer { for placeholder in placeholders { close(placeholder) } }
    return body()
}

/// Dispatch's hooks for a run loop that drains the main queue (what Foundation's run loop uses):
/// the main queue's wake-up descriptor, and the drain. Looked up at run time, so a Dispatch
/// without them leaves the process on `dispatchMain()`.
private struct MainQueueHooks {
    let handle: @convention(c) () -> Int32
    private let callback: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// Runs the main queue's jobs (the callback's argument is unused off Darwin).
    func drain() { callback(nil) }

    static func load() -> MainQueueHooks? {
        guard let handle = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_dispatch_get_main_queue_handle_4CF"),
            let drain = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_dispatch_main_queue_callback_4CF")
        else { return nil }
        return MainQueueHooks(
            handle: unsafeBitCast(handle, to: (@convention(c) () -> Int32).self),
            callback: unsafeBitCast(drain, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self))
    }
}
