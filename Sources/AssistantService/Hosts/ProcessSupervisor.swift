import Assistant
import Foundation
import Synchronization
import SceneIntents
import SceneIntentsTransport

/// Keeps one host process: starts it on demand, hands out its link, notices when it dies, and
/// kills it after too many missed budgets. The next request after a death starts a new one.
actor ProcessSupervisor {
    private struct Running {
        let generation: Int
        let child: ChildProcess
        let channel: AppChannel
        let link: AppLink
        /// Whether the host said it is an intents extension (which exits on its own when idle).
        let isExtension: Bool
    }

    private enum Phase {
        case idle
        case launching(Task<Result<Running, AppLinkFailure>, Never>)
        case running(Running)
        /// The host exited; what it wrote before is being read (`done` when it is, and the exit
        /// is recorded). It still counts as running for `processIdentifier`, so whoever sees it
        /// gone sees its last messages and its exit in the trace too.
        case exiting(Running, done: Task<Void, Never>)
    }

    private let launch: LaunchCommand
    private let socketPath: String
    private let doorway: Doorway
    private let appName: String
    private let maxMissedBudgets: Int
    /// How long a spawned host has to say hello before it is stopped.
    private let launchBudget: Duration
    private let record: @Sendable (String) -> Void
    private let observe: @Sendable (AppMessage) -> Void
    /// Finishes what `observe` deferred, before an answer is delivered (`AppLink`'s settle).
    private let settle: @Sendable () -> Void
    private let onExit: @Sendable () -> Void
    /// Called at each spawn, while the host starts: what to send it after its accept, before any
    /// call, given its hello (the sessions kept for an app, read and encoded meanwhile).
    private let prepareAccept: @Sendable () -> @Sendable (AppHello) async -> [Data]
    /// What the graces (a host's time to exit after closing its connection, or after quit) are measured on.
    private let clock: any Clock<Duration>
    private var phase = Phase.idle
    private var generation = 0
    /// The process being launched (spawned, no hello yet): `stop` ends it without waiting
    /// for its launch budget.
    private var launching: ChildProcess?
    /// The grace of a host that closed its connection, while it runs.
    private var closingWait: Task<Void, Never>?
    /// Calls in a row that ran out of budget; counted where calls end, without a hop here.
    nonisolated let misses = Atomic<Int>(0)
    /// The running host's link, set and cleared with `phase`: read without a hop here, so a
    /// call to a running host is sent from the caller's thread.
    private nonisolated let published = Mutex<AppLink?>(nil)
    /// The generation the system asked to quit, if any: an exit after it was asked for.
    private var quitAsked: Int?
    /// The link of the last extension that exited on its own with status 0 (it idled out).
    private nonisolated let lastIdledOut = Mutex<ObjectIdentifier?>(nil)

    init(
        launch: LaunchCommand, socketPath: String, doorway: Doorway, appName: String, maxMissedBudgets: Int,
        launchBudget: Duration, record: @escaping @Sendable (String) -> Void, observe: @escaping @Sendable (AppMessage) -> Void,
        settle: @escaping @Sendable () -> Void, onExit: @escaping @Sendable () -> Void, clock: any Clock<Duration>,
        prepareAccept: @escaping @Sendable () -> @Sendable (AppHello) async -> [Data]
    ) {
        self.onExit = onExit
        self.prepareAccept = prepareAccept
        self.clock = clock
        self.launch = launch
        self.socketPath = socketPath
        self.doorway = doorway
        self.appName = appName
        self.maxMissedBudgets = maxMissedBudgets
        self.launchBudget = launchBudget
        self.record = record
        self.observe = observe
        self.settle = settle
    }

    /// The running host's process, if one runs (until it is reaped, so it can be signalled).
    var runningChild: ChildProcess? {
        switch phase {
        case .running(let running), .exiting(let running, _): running.child
        case .idle, .launching: nil
        }
    }

    /// The running host's process identifier, if one runs.
    var processIdentifier: Int32? { runningChild?.pid }

    /// The link to the running host, if one runs (nothing is started).
    var runningLink: AppLink? {
        if case .running(let running) = phase { running.link } else { nil }
    }

    /// The link to the running host, if one runs, read without a hop to the supervisor.
    nonisolated var currentLink: AppLink? { published.withLock { $0 } }

    /// The link to the running host, starting it first when none runs.
    func link() async -> Result<AppLink, AppLinkFailure> {
        switch phase {
        case .running(let running): return .success(running.link)
        case .launching(let task): return await task.value.map(\.link)
        case .exiting(_, let done):
            await done.value
            return await link()
        case .idle:
            generation += 1
            let task = Task { await self.start(generation: generation) }
            phase = .launching(task)
            let result = await task.value
            if case .failure = result, case .launching = phase { phase = .idle }
            return result.map(\.link)
        }
    }

    private func start(generation: Int) async -> Result<Running, AppLinkFailure> {
        let token = OneTimeToken.generate()
        // Expected before the spawn: a host that connects at once finds its launch waiting.
        doorway.expect(token.value)
        let began = ContinuousClock.now
        let child: ChildProcess
        do throws(TransportError) {
            try Self.checkExecutable(launch.executable)
            let environment = launch.environment(socket: socketPath, token: token.value)
            // A host dies with the system that started it, even one that never connected.
            child = try await ChildProcess.launchBound(launch.executable, arguments: launch.arguments, environment: environment)
        } catch {
            doorway.abandon(token.value, .launchFailed(error.message))
            _ = await doorway.arrival(of: token.value)
            record("cannot spawn \(launch.executable): \(error)")
            return .failure(.launchFailed(error.message))
        }
        record("spawn \(launch.executable) pid \(child.pid)")
        let afterAccept = prepareAccept()
        let (doorway, clock, launchBudget) = (doorway, clock, launchBudget)
        Task {
            let exit = await child.exit
            doorway.abandon(token.value, .exited("\(exit)"))
            await self.exited(generation: generation, exit)
        }
        // A host that never says hello (wedged, or not a host at all) is given up after the
        // launch budget: the wait ends, and the process is stopped below.
        let helloDeadline = Task {
            do { try await clock.sleep(for: launchBudget, tolerance: nil) } catch { return }
            doorway.abandon(token.value, .launchFailed(Self.noHelloLine(launchBudget)))
        }
        launching = child
        let arrival = await doorway.arrival(of: token.value)
        helloDeadline.cancel()
        launching = nil
        switch arrival {
        case .failure(.launchFailed(let why)) where child.exitStatus == nil:
            record("\(appName) (pid \(child.pid)) \(why): stopped (SIGTERM, then SIGKILL after \(DurationFormat.seconds(Self.closingGrace))s)")
            await Self.terminate(child, grace: Self.closingGrace, on: clock)
            return .failure(.launchFailed(why))
        case .failure(let failure):
            record("\(appName) (pid \(child.pid)) stopped before it connected: \(failure)")
            return .failure(failure)
        case .success(let (channel, hello)):
            let link = AppLink(transmit: { channel.send($0) }, observe: observe, settle: settle)
            guard channel.send(.accept(protocolVersion: MessageProtocol.version)) else {
                record("\(appName) (pid \(child.pid)) closed its connection before it was accepted: killed (SIGKILL)")
                child.kill(SIGKILL)
                return .failure(.connectionLost("the connection closed before it was accepted"))
            }
            let elapsed = ContinuousClock.now - began
            record("connected after \(Self.milliseconds(elapsed)) ms: \(hello.appName) pid \(hello.processIdentifier)")
            for frame in await afterAccept(hello) { _ = channel.send(encoded: frame) }  // A failed send: the reader reports it.
            let running = Running(
                generation: generation, child: child, channel: channel, link: link, isExtension: hello.kind == .intentsExtension)
            // Set here, on the actor, before anything else can run: an exit or a protocol error
            // noticed from now on finds the host running and fails its link.
            phase = .running(running)
            published.withLock { $0 = link }
            // Binding delivers what the host sent after its hello; a fault in it ends the host.
            let (appName, record) = (appName, record)
            channel.bind(link) { failure in
                // Said and done at once, on the reader thread: the host may exit on its own a
                // moment later, and the trace must still name the cause.
                if case .protocolError = failure {
                    record("\(appName) (pid \(child.pid)) broke the protocol: \(failure); killed (SIGKILL)")
                    child.kill(SIGKILL)
                    return
                }
                Task { await self.disconnected(generation: generation) }
            }
            return .success(running)
        }
    }

    /// Whether the host behind `link` was an intents extension that exited on its own with status
    /// 0: it idled out, so a call it never answered was never read and may go to a new launch.
    nonisolated func idledOut(_ link: AppLink) -> Bool {
        lastIdledOut.withLock { $0 == ObjectIdentifier(link) }
    }

    /// A call was answered in time.
    nonisolated func answeredInTime() { misses.store(0, ordering: .relaxed) }

    /// A call ended without an answer in time; after `maxMissedBudgets` in a row the host is
    /// killed (the next request starts a new one).
    nonisolated func missedBudget() {
        let count = misses.add(1, ordering: .relaxed).newValue
        guard count >= maxMissedBudgets else { return }
        misses.store(0, ordering: .relaxed)
        Task { await killForMisses(count) }
    }

    private func killForMisses(_ count: Int) {
        guard case .running(let running) = phase else { return }
        record("\(appName) (pid \(running.child.pid)) missed \(count) budgets in a row: killed (SIGKILL)")
        running.child.kill(SIGKILL)
    }

    /// The connection ended without a protocol error: the host is given a moment to exit, then
    /// killed. Either way `exited` finishes the story (and ends the wait).
    private func disconnected(generation: Int) {
        guard case .running(let running) = phase, running.generation == generation else { return }
        let clock = clock
        // A host closes its connection only on its way out; one that stays is not trusted.
        closingWait = Task {
            do { try await clock.sleep(for: Self.closingGrace) } catch { return }
            if running.child.exitStatus == nil { running.child.kill(SIGKILL) }
        }
    }

    private func exited(generation: Int, _ exit: ChildExit) async {
        switch phase {
        // The exit's watcher and `stop` both come here; the second waits for the first.
        case .exiting(let running, let done) where running.generation == generation:
            await done.value
        case .running(let running) where running.generation == generation:
            published.withLock { $0 = nil }
            closingWait?.cancel()
            closingWait = nil
            misses.store(0, ordering: .relaxed)
            let done = Task { await settle(running, generation: generation, exit) }
            phase = .exiting(running, done: done)
            await done.value
        default:
            return
        }
    }

    private func settle(_ running: Running, generation: Int, _ exit: ChildExit) async {
        // What the host wrote before it exited (a quit's termination callbacks, a last answer)
        // may still be in the socket when the exit is noticed: it is read first.
        await running.channel.drained(within: Self.drainGrace, on: clock)
        phase = .idle
        onExit()
        record("\(appName) (pid \(running.child.pid)) \(exit)")
        // Set before the link fails its calls, so they can tell an idle exit from a crash.
        if running.isExtension && exit == .exited(0) && quitAsked != generation {
            lastIdledOut.withLock { $0 = ObjectIdentifier(running.link) }
        }
        running.channel.end(.exited("\(exit)"))
        running.link.fail(.exited("\(exit)"))
    }

    /// Asks the host to quit, waits up to `grace` for it to exit, then kills it.
    func stop(grace: Duration) async {
        let running: Running
        switch phase {
        case .idle: return
        case .launching(let task):
            // A host still launching is not waited for: it is ended now, and its launch fails.
            if let child = launching {
                record("\(appName) (pid \(child.pid)) stopped while it launched (SIGTERM, then SIGKILL after the grace)")
                await Self.terminate(child, grace: grace, on: clock)
            }
            guard case .success(let started) = await task.value else { return }
            running = started
        case .running(let started): running = started
        case .exiting(_, let done): return await done.value
        }
        // Through the link, so the host's answer to it is expected (and a host that dies first
        // ends the wait).
        quitAsked = running.generation
        let link = running.link
        Task { _ = await link.event(.quit) }
        await exited(generation: running.generation, await Self.waitForExit(running.child, killingAfter: grace, on: clock))
    }
}
