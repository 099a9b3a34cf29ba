import Assistant
import AssistantService
import Foundation
import SceneIntents
import SceneIntentsTransport
import Synchronization

/// The system side as a service: listens on `<runtime-dir>/assistantd.sock`, holds the registry
/// of installed apps, one connection (one running host) per served app shared by every user, a
/// shared `Device` (the lock state), and for each client connection a `ClientSession` with one
/// `Assistant` per app it speaks to.
///
/// ```swift
/// let daemon = try Daemon(configuration)   // refuses a live daemon on the socket
/// daemon.start()                           // accepts clients, rescans the apps folders
/// await daemon.rescan()                    // on SIGHUP: bundles installed, replaced, removed
/// await daemon.stop()                      // on SIGTERM: hosts asked to quit, then killed
/// ```
///
/// Installing is copying a bundle into an apps folder: the daemon reads the folders again every
/// `rescanInterval` (and on `rescan()`), serves the new bundles, stops serving the removed ones
/// and serves a replaced one from its new files (see `rescan()`).
///
/// Faults stay where they happen: a client that sends a frame that is not a message (or one
/// over the limit) loses its own connection; a client that goes away mid-request cancels that
/// request only; a host that dies fails the calls it had and is started again on demand.
public final class Daemon: Sendable {
    /// The daemon's socket.
    public let socketPath: String
    /// The checked runtime directory holding the daemon's and the hosts' sockets.
    public let runtimeDirectory: RuntimeDirectory
    /// The installed apps, as last read.
    public var registry: BundleRegistry { state.withLock { $0.served.registry } }
    /// The lock state every assistant and every host command shares.
    public let device: Device
    let configuration: DaemonConfiguration
    /// The apps served now, in the registry's order.
    var apps: [ServedApp] { state.withLock { $0.served.apps } }
    /// What is served now.
    var served: ServedSet { state.withLock { $0.served } }
    let serving: AppServing
    /// Where the apps folders are read, one scan at a time, off the concurrency threads.
    let scans = DispatchQueue(label: "assistantd.rescan")
    private let listener: SocketListener
    /// The Wyoming listeners (`DaemonConfiguration.wyoming`).
    let wyomingListeners: [StreamListener]
    /// The conversations through Wyoming, across its connections.
    let wyomingConversations: WyomingConversations
    /// Held from before the socket is touched until after it is removed: one daemon per
    /// runtime directory, whatever the timing of their starts.
    private let lock: DaemonLock
    /// What the daemon refused, rate-limited, to the configuration's `log`.
    let log: DaemonLog
    let state: Mutex<State>

    struct State {
        var phase = Phase.ready
        /// The connections served, through either front door, by session number.
        var sessions: [Int: OpenSession] = [:]
        var nextSession = 0
        var lastTrace: [TraceEvent]?
        var served: ServedSet
        /// How many requests and commands use each serving of an app, by serial.
        var leases: [Int: Int] = [:]
        /// Servings replaced or removed that still had requests: stopped when the last ends.
        var retired: [Int: ServedApp] = [:]
        /// Servings being stopped, by serial.
        var closing: [Int: Task<Void, Never>] = [:]
        /// The periodic rescan.
        var rescans: Task<Void, Never>?
    }

    enum Phase { case ready, serving, stopping, stopped }

    /// Prepares the runtime directory, takes the socket, reads the registry and makes one
    /// connection per served app (no host is started until a request needs it).
    ///
    /// - Throws: `DaemonError` `.alreadyRunning` when another daemon holds the runtime
    ///   directory's lock (naming its pid) or a live process listens on the socket (a stale
    ///   socket of a dead one is replaced), `.cannotListen` when the runtime directory or socket
    ///   cannot be used, or a Wyoming address cannot be listened on (or is beyond this machine
    ///   and `wyomingAllowsRemote` is false), `.cannotServe` when an app's socket cannot be made.
    public init(_ configuration: DaemonConfiguration) throws(DaemonError) {
        // Checked before anything is touched.
        try Self.checkWyoming(configuration)
        self.configuration = configuration
        wyomingConversations = WyomingConversations(
            limit: configuration.clientLimit, patience: configuration.wyomingPatience, clock: configuration.waitClock)
        log = DaemonLog(configuration.log, clock: configuration.waitClock)
        let device = Device()
        self.device = device
        do {
            runtimeDirectory = try RuntimeDirectory.prepare(configuration.runtimeDirectory)
        } catch {
            throw DaemonError(.cannotListen, value: error.value, message: error.message)
        }
        lock = try DaemonLock.take(in: runtimeDirectory.path)
        socketPath = runtimeDirectory.socketPath(ClientProtocol.socketName)
        do {
            listener = try SocketListener(path: socketPath, limit: ClientProtocol.frameLimit)
        } catch where error.code == .addressInUse {
            throw DaemonError(
                .alreadyRunning, value: socketPath,
                message: "assistantd is already running on \(socketPath); stop it first, or give this one another --runtime-dir")
        } catch {
            throw DaemonError(.cannotListen, value: socketPath, message: error.message)
        }
        // This daemon holds the socket now: sockets in its directory nobody listens on are a
        // dead predecessor's (or another dead process's) leftovers.
        StaleSockets.sweep(runtimeDirectory.path, keeping: socketPath)
        do {
            wyomingListeners = try Self.listenForWyoming(configuration)
        } catch {
            listener.close()
            lock.release()
            throw error
        }
        let registry = BundleRegistry(
            appsFolders: configuration.appsFolders, executableSearchDirectories: configuration.executableSearchDirectories)
        serving = AppServing(configuration: configuration, device: device, directory: runtimeDirectory, log: log)
        let (served, failures) = serving.serve(registry, after: nil)
        if let failure = failures.first {
            for wyoming in wyomingListeners { wyoming.close() }
            listener.close()
            lock.release()
            throw failure
        }
        state = Mutex(State(served: served))
    }

    /// The names of the apps served, in order.
    public var servedAppNames: [String] { apps.map(\.bundle.name) }

    /// The text of `assistant apps`: the apps served now and every problem, one line each.
    public var listing: [String] { served.listing }

    /// Starts accepting clients (on the listener's thread; each client then has its own
    /// reader). Peers of another user are turned away by the listener and reported in the log.
    public func start() {
        let begin = state.withLock { state in
            guard case .ready = state.phase else { return false }
            state.phase = .serving
            return true
        }
        guard begin else { return }
        startRescans()
        listener.start { [self] event in
            switch event {
            case .accepted(let connection): admit(connection)
            case .rejected(let rejection): log.write("\(rejection)")
            case .failed(let error): log.write("accepting a connection failed: \(error)")
            case .stopped: break
            }
        }
        startWyoming()
    }

    /// Serves `connection` in a session of its own, unless `clientLimit` client sessions are
    /// open: then it is told why and closed (on the listener's thread: one small frame to a
    /// socket just made, which has room for it).
    private func admit(_ connection: FramedConnection) {
        let error: DaemonError
        switch admit(.client, { ClientSession(id: $0, connection: connection, daemon: self) }) {
        case .admitted: return
        case .stopping: return connection.close()
        case .full(let full): error = full
        }
        if let bytes = try? ClientProtocol.encode(DaemonMessage.failure(error)) { try? connection.send(bytes) }
        connection.close()
        log.write("refused client \(connection.peer): \(error.message)")
    }

    /// What became of a connection at a front door.
    enum Entry { case admitted, full(DaemonError), stopping }

    /// Serves a connection at `door` in the session `make` makes (given its number), unless
    /// `clientLimit` sessions of that door are open (each door has its own places, so one cannot
    /// crowd out the other) or the daemon is stopping.
    func admit(_ door: FrontDoor, _ make: (Int) -> any FrontDoorSession) -> Entry {
        let limit = configuration.clientLimit
        return state.withLock { state -> Entry in
            guard case .serving = state.phase else { return .stopping }
            let open = state.sessions.values.count { $0.door == door }
            guard open < limit else {
                return .full(
                    DaemonError(
                        .tooManyClients, value: "\(open)",
                        message: "assistantd serves at most \(limit) \(door.clients) at once and \(open) are connected; try again when one has left"))
            }
            state.nextSession += 1
            let session = make(state.nextSession)
            state.sessions[state.nextSession] = OpenSession(door: door, session: session, run: Task { await session.run() })
            return .admitted
        }
    }

    /// How many connections are open at `door`.
    func sessionCount(_ door: FrontDoor) -> Int { state.withLock { $0.sessions.values.count { $0.door == door } } }

    func sessionEnded(_ id: Int) {
        state.withLock { _ = $0.sessions.removeValue(forKey: id) }
    }

    /// The last request's trace, from any client.
    public var lastTrace: [TraceEvent]? { state.withLock { $0.lastTrace } }

    func noteTrace(_ events: [TraceEvent]) {
        state.withLock { $0.lastTrace = events }
    }

    /// Stops: no new client is admitted, every client connection is closed (cancelling its
    /// request), every running host is told to quit and given `shutdownGrace` on the wait
    /// clock, the rest are killed, then the socket is removed. A second call returns at once.
    public func stop() async {
        let sessions = state.withLock { state -> [OpenSession]? in
            guard case .serving = state.phase else {
                if case .ready = state.phase { state.phase = .stopping } else { return nil }
                return []
            }
            state.phase = .stopping
            return Array(state.sessions.values)
        }
        guard let sessions else { return }
        closeWyomingListeners()
        for open in sessions { await open.session.close() }
        for open in sessions { await open.run.value }
        await wyomingConversations.endAll()
        await endRescans()
        await quitHosts()
        listener.close()
        lock.release()
        state.withLock { $0.phase = .stopped }
    }

    /// Asks every running host to quit and waits, up to the grace, until none runs; then
    /// closes every connection (killing what still runs).
    private func quitHosts() async {
        let apps = allApps
        // Asked without waiting for the answers: a wedged host never gives one, and is killed
        // after the grace like any other still running.
        for app in apps where await app.isRunning {
            Task { _ = await app.connection.send(.quit) }
        }
        await waitForExit(of: apps)
        await withTaskGroup(of: Void.self) { group in
            for app in apps { group.addTask { await app.connection.close(grace: .zero) } }
        }
        for closing in state.withLock({ Array($0.closing.values) }) { await closing.value }
        // What the hosts said last is on disk before the daemon says it stopped.
        for app in apps { await app.shortcuts?.flush() }
    }

    /// Every serving with a connection: the apps served, and the retired ones still finishing.
    var allApps: [ServedApp] {
        state.withLock { $0.served.apps + $0.retired.values.sorted { $0.serial < $1.serial } }
    }
}
