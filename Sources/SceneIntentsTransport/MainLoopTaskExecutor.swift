import Dispatch
import Glibc
import Synchronization

/// The task executor of ``MainLoop``: runs each job on the main thread under the loop (and on
/// the main queue without it).
///
/// A task that prefers it (`withTaskExecutorPreference`, `Task(executorPreference:)`) runs its
/// work that no actor isolates on the main thread: a continuation resumed for it, a
/// `nonisolated` async function it calls, its child tasks, and the default actors it calls
/// while they are free. Without it such work is run by the global executor, so a main-actor
/// caller whose awaited continuation is resumed wakes a pool thread, which wakes the main thread
/// again to hop back: two thread wake-ups per `await`.
///
/// Under the loop its jobs wait in a queue of its own, which the loop runs after each drain of
/// the main queue: a job enqueued on the main thread costs no system call, and one enqueued from
/// another thread wakes the loop through the main queue. Its jobs run as the main actor (they
/// are on the main thread, and nothing else runs there meanwhile), so a task that prefers it
/// moves between main-actor code and code no actor isolates with no job at all.
public final class MainLoopTaskExecutor: TaskExecutor {
    private enum Mode {
        /// No loop: jobs go to the main queue.
        case mainQueue
        /// Under the loop, whose thread this is; `pending` waits for its next run.
        case loop(thread: pthread_t, pending: [UnownedJob])
    }

    private let mode = Mutex(Mode.mainQueue)

    init() {}

    /// The loop runs on `thread` from now on.
    func adopt(mainThread thread: pthread_t) {
        mode.withLock { $0 = .loop(thread: thread, pending: []) }
    }

    /// Runs `job` on the main thread (see the type's summary).
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        enum Wake { case none, loop, mainQueue }
        let wake = mode.withLock { mode -> Wake in
            guard case .loop(let thread, var pending) = mode else { return .mainQueue }
            let wasIdle = pending.isEmpty
            pending.append(job)
            mode = .loop(thread: thread, pending: pending)
            // On the loop's own thread the loop runs the queue before it waits again.
            return wasIdle && pthread_equal(thread, pthread_self()) == 0 ? .loop : .none
        }
        switch wake {
        case .none: break
        case .loop: DispatchQueue.main.async {}
        case .mainQueue: DispatchQueue.main.async { self.run(job) }
        }
    }

    /// Runs the jobs waiting now (on the loop's thread); answers whether there were any.
    func runPending() -> Bool {
        let jobs = mode.withLock { mode -> [UnownedJob] in
            guard case .loop(let thread, let pending) = mode, !pending.isEmpty else { return [] }
            mode = .loop(thread: thread, pending: [])
            return pending
        }
        for job in jobs { run(job) }
        return !jobs.isEmpty
    }

    /// Runs `job` as the main actor: it runs on the main thread, where nothing else runs
    /// meanwhile, so it holds the main actor's isolation in fact, and saying so lets the task
    /// hop to the main actor in place. The runtime switches a task that prefers a task executor
    /// to the main actor inline only when the job runs with both that executor and the main
    /// actor's; run with the task executor alone, every hop back to the main actor (each return
    /// into main-actor code) went through the main queue: a job and an eventfd write and read.
    private func run(_ job: UnownedJob) {
        job.runSynchronously(isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: asUnownedTaskExecutor())
    }
}
