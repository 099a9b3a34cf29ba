import Assistant
import Foundation
import SceneIntents
import SceneIntentsTransport
import SceneIntentsWire
import Synchronization

/// A connection to an app running as its own process, spoken to with the message protocol over
/// a Unix socket.
///
/// The first call starts the host executable (in the background, for an intent) with the socket
/// path and a one-time token in its environment and waits for its hello; all of that is charged
/// to the first call's budget, and the trace shows `spawn … pid N` and `connected after X ms`.
/// When the host exits or is killed, every call it had not answered fails at once with
/// `hostStopped` and the next request starts it again. A host that misses three budgets in a row
/// is killed. Nothing here blocks a concurrency thread: socket reads run on the main thread
/// under a running `MainLoop` (a caller on the main actor then hears its answer with no other
/// thread woken), else on the transport's reader threads; exits are watched without `waitpid`
/// on the pool.
public final class ProcessConnection: AppConnection {
    /// The app's name.
    public let appName: String
    /// The app's manifest (from its bundle; the host's hello must agree).
    public let manifest: AppManifest
    /// The app's intent types, for decoding what the host sends.
    public let catalog: IntentCatalog
    /// The socket hosts connect to.
    public let socketPath: String
    private let listener: SocketListener
    let supervisor: ProcessSupervisor
    let traceSlot = TraceSlot()
    /// How long the host has to answer a system event (and to connect after its spawn).
    let budget: Duration
    /// What `budget` is measured on.
    let clock: any Clock<Duration>
    let activeScenes = ActiveScenes()
    private let foregroundScenes = ForegroundScenes()
    private let shortcuts = ShortcutsSlot()
    /// Where the host socket reports the hosts it turned away (a bad hello, a wrong version, a
    /// token no launch waits for, a peer of another user): a daemon writes them in its log.
    let refusals = MessageSlot<String>()
    /// Where the app's sessions are kept, if anywhere.
    let sessions: SessionKeeping?

    /// A connection that will start `launch` on demand, listening at `<runtimeDirectory>/<socketName>`.
    ///
    /// `clock` measures the graces: the time a host has to exit after `quit` (`stopHost`,
    /// `close`) or after it closed its connection, before it is killed. A test passes a clock
    /// it moves itself. It also measures `budget`: the time a host has to answer each system
    /// event (the overlay, a command, `open`; an event not answered in time is refused, naming
    /// the budget, and counts as a missed budget), and `launchBudget` (`budget` unless given):
    /// the time a host has to say hello after its spawn (one that has not is stopped: SIGTERM,
    /// then SIGKILL after the grace, and named in the trace).
    ///
    /// Sockets of this kind left in `runtimeDirectory` by processes that are gone (killed with
    /// SIGKILL, say) are removed first.
    ///
    /// `sessions`: where the app's scene sessions are kept across its process deaths (see
    /// `SessionKeeping`); nil keeps none (each launch starts with no session).
    ///
    /// - Throws: `TransportError` when the socket cannot be made (a live one is in the way).
    public init(
        launch: LaunchCommand, appName: String, manifest: AppManifest, catalog: IntentCatalog,
        runtimeDirectory: RuntimeDirectory, socketName: String? = nil, maxMissedBudgets: Int = 3,
        budget: Duration = .seconds(10), launchBudget: Duration? = nil, clock: any Clock<Duration> = ContinuousClock(),
        sessions: SessionKeeping? = nil
    ) throws(TransportError) {
        self.appName = appName
        self.budget = budget
        self.clock = clock
        self.manifest = manifest
        self.catalog = catalog
        let slot = traceSlot
        let (activeScenes, foregroundScenes, shortcuts) = (activeScenes, foregroundScenes, shortcuts)
        if socketName == nil { runtimeDirectory.removeStaleSockets(prefix: Self.socketPrefix) }
        socketPath = runtimeDirectory.socketPath(
            socketName ?? "\(Self.socketPrefix)\(getpid())-\(Self.serial.add(1, ordering: .relaxed).newValue).sock")
        listener = try SocketListener(path: socketPath)
        let doorway = Doorway()
        let codec = MessageCodec(catalog: catalog)
        let record: @Sendable (String) -> Void = { line in slot.trace?.record(.process, line) }
        supervisor = ProcessSupervisor(
            launch: launch, socketPath: socketPath, doorway: doorway, appName: appName,
            maxMissedBudgets: maxMissedBudgets, launchBudget: launchBudget ?? budget, record: record,
            observe: { message in
                if case .lifecycle(let event) = message {
                    activeScenes.note(event)
                    foregroundScenes.note(event)
                }
                if case .shortcuts(let message) = message { shortcuts.deliver(message) }
                if case .sessions(let changes) = message { sessions?.keep(changes, record: record) }
                guard let trace = slot.trace else { return }
                switch message {
                case .lifecycle(let event): trace.record(lifecycle: event)
                case .report(let report): trace.record(.report, report.description)
                case .shortcuts(let message): trace.record(.report, message.description)
                default: break
                }
            },
            settle: { sessions?.settle() },
            onExit: {
                activeScenes.reset(active: 0)
                foregroundScenes.reset()
            }, clock: clock,
            prepareAccept: { [restorePatience = (launchBudget ?? budget) / 2] in
                guard let sessions else { return { _ in [] } }
                return sessions.prepareRestoration(patience: restorePatience, clock: clock, codec: codec, record: record)
            })
        self.sessions = sessions
        listener.start { [refusals] event in
            let refused: @Sendable (String) -> Void = { line in
                record(line)
                refusals.deliver(line)
            }
            switch event {
            case .accepted(let connection):
                AppChannel(connection, codec: codec, doorway: doorway, report: refused).start()
            case .rejected(let rejection): refused("\(rejection)")
            case .failed(let error): refused("accept failed: \(error)")
            case .stopped: break
            }
        }
    }

    private static let serial = Atomic<Int>(0)
    /// How this kind of socket's name begins: `host-<pid of the listening process>-<serial>.sock`.
    static let socketPrefix = "host-"

    /// Passes every shortcuts message the host sends (in order, on the transport's thread) to
    /// `receive` from now on; nil drops them.
    public func receiveShortcuts(_ receive: (@Sendable (ShortcutsMessage) -> Void)?) {
        shortcuts.receiver = receive
    }

    /// The host's process identifier while it runs.
    public var processIdentifier: Int32? {
        get async { await supervisor.processIdentifier }
    }

    /// Starts the call on the host. When the host runs, the call is sent at once, from here
    /// (no task, no hop to the supervisor: the answer wakes only the caller); otherwise a task
    /// starts the host first and sends it then. Cancelling sends `cancel` to the host. A call an
    /// intents extension never read because it idled out in that instant is sent once more, to
    /// a new launch.
    public func start(
        _ call: PhaseCall, from isolation: (any Actor)?, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> CallCancellation {
        guard let link = supervisor.currentLink else { return .task(launching(call, progress: progress, reply: reply, mayResend: true)) }
        if Self.endWithoutWaiting(call, on: link, supervisor: supervisor) {
            reply(.finished)
            return .answered
        }
        let sent = SentCall(call, on: link, supervisor: supervisor)
        // A resend runs as a task the cancellation then reaches.
        let resend = Mutex<Task<Void, Never>?>(nil)
        sent.send(progress: progress) { [self] answer in
            guard sent.wasNeverRead(answer) else { return reply(answer) }
            // Put into words only when it happens: every call would pay for it.
            traceSlot.trace?.record(.process, Self.resentLine(self.appName))
            resend.withLock { $0 = launching(call, progress: progress, reply: reply, mayResend: false) }
        }
        return .action {
            sent.cancel()
            resend.withLock { $0 }?.cancel()
        }
    }

    /// The call as a task that starts the host first when it is not running.
    private func launching(
        _ call: PhaseCall, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void, mayResend: Bool
    ) -> Task<Void, Never> {
        let (supervisor, traceSlot, resent) = (supervisor, traceSlot, Self.resentLine(appName))
        return Task {
            var mayResend = mayResend
            while true {
                let link: AppLink
                if call.phase == .finish {
                    // Ending a request never starts a host: one that is not running holds nothing.
                    guard let running = await supervisor.runningLink else { return reply(.finished) }
                    if Self.endWithoutWaiting(call, on: running, supervisor: supervisor) { return reply(.finished) }
                    link = running
                } else {
                    // A call given up while its host launches (the launch is charged to its
                    // budget) missed its budget then, not when the launch ends: a request's end
                    // that comes first must find the miss counted. It is then never sent.
                    let launched = await withTaskCancellationHandler {
                        await supervisor.link()
                    } onCancel: {
                        supervisor.missedBudget()
                    }
                    if Task.isCancelled { return reply(Self.givenUp(call)) }
                    switch launched {
                    case .success(let running): link = running
                    case .failure(let failure): return reply(AppLink.refusal(failure, intent: call.intent.typeName))
                    }
                }
                let sent = SentCall(call, on: link, supervisor: supervisor)
                let answer = await withTaskCancellationHandler {
                    await withCheckedContinuation { (done: CheckedContinuation<PhaseAnswer, Never>) in
                        sent.send(progress: progress) { done.resume(returning: $0) }
                    }
                } onCancel: {
                    sent.cancel()
                }
                guard mayResend, sent.wasNeverRead(answer) else { return reply(answer) }
                mayResend = false
                traceSlot.trace?.record(.process, resent)
            }
        }
    }

    /// The answer of a call its caller gave up before it was sent.
    private static func givenUp(_ call: PhaseCall) -> PhaseAnswer {
        .refused(IntentHostError(.cancelled, intent: call.intent.typeName, detail: "given up before it was sent"))
    }

    /// The trace's line for a call sent again after its extension idled out.
    private static func resentLine(_ appName: String) -> String {
        "\(appName) idled out as a call came, before reading it: the call is sent again to a new launch"
    }

    /// Whether the host runs, and whether it has a scene in the foreground (as its lifecycle
    /// messages so far say): what routing reads.
    public var runState: AppRunState {
        get async {
            guard await supervisor.processIdentifier != nil else { return .notRunning }
            return foregroundScenes.isForeground ? .foreground : .background
        }
    }

    /// Records the host's lifecycle callbacks, reports and process events in `trace`.
    public func attach(_ trace: Trace?) {
        traceSlot.trace = trace
    }

    /// Asks the host to quit and waits until it exited (killing it after `grace`) and every
    /// session change it reported is written; the next request starts it again.
    public func stopHost(grace: Duration = .seconds(2)) async {
        await supervisor.stop(grace: grace)
        await settleSessions()
    }

    /// Stops the host as `stopHost` does, stops listening and removes the socket.
    public func close(grace: Duration = .seconds(2)) async {
        await stopHost(grace: grace)
        listener.close()
    }
}
