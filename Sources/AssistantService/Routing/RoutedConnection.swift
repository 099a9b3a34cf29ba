import Assistant
import SceneIntents
import SceneIntentsTransport
import SceneIntentsWire

/// One installed app's intents extension and the connection to its process.
public struct ExtensionHost: Sendable {
    /// The extension's bundle.
    public let bundle: ExtensionBundle
    /// Its process, started per request when routing picks it.
    public let connection: ProcessConnection
}

/// The connection to one installed app and its intents extensions: each request goes to the
/// app's process or to an extension's, by `Router`'s rule, and every phase call of that request
/// goes to the host chosen on its first call.
///
/// The route is decided when a request's first call starts, from the app's run state (not
/// running; running with no scene in the foreground; with one in the foreground, as its
/// lifecycle messages say) and the shared device's lock, and is recorded in the trace with its
/// reason (`route: OrderSoupIntent → extension Kitchen Intents: the app is not running, so the
/// lighter extension launches instead`). Hosts are launched on demand: the app in the
/// background for an intent, an extension for a request (it exits when idle). `continueInApp`
/// always goes to the app, launching it if needed, whoever answered the request.
public final class RoutedConnection: AppConnection {
    /// The installed app.
    public let bundle: AppBundle
    /// The app's name.
    public var appName: String { bundle.name }
    /// What the assistant admits: the app's manifest with its extensions' intents listed too, and
    /// restricted while locked only the intents every possible handler restricts (the router
    /// refuses the rest per request, once it knows who handles it).
    public let manifest: AppManifest
    /// The app's intent types (its extensions' are among them).
    public let catalog: IntentCatalog
    /// The app's process.
    public let app: ProcessConnection
    /// The extensions' processes, in the bundle's order.
    public let extensions: [ExtensionHost]
    let device: Device
    let routes = RequestRoutes()
    let traceSlot = TraceSlot()

    /// A connection to `bundle`'s app and extensions, listening in `runtimeDirectory`.
    ///
    /// - Parameters:
    ///   - catalog: the intent types the app and its extensions speak (to decode their messages).
    ///   - device: the device whose lock routing reads, shared with the rest of the system.
    ///   - environment: variables added to every host's environment.
    ///   - extensionIdleExit: how long an extension waits idle before it exits (nil: its own
    ///     choice, 5 s by default); passed as `MessageProtocol.idleExitVariable`.
    ///   - budget: the time each host has to answer each system event (the overlay, a command)
    ///     before it is given up, and `launchBudget` (`budget` unless given) to connect after its
    ///     spawn (see `ProcessConnection`).
    ///   - clock: what every host's graces and `budget` are measured on (its time to exit after
    ///     `quit`, or after it closed its connection, before it is killed); a test passes its own.
    ///   - sessions: where the app's scene sessions are kept across its process deaths, under
    ///     the bundle's identifier (nil: none are kept; see `SessionKeeping`).
    /// - Throws: `TransportError` when a socket cannot be made.
    public init(
        bundle: AppBundle, catalog: IntentCatalog, device: Device, runtimeDirectory: RuntimeDirectory,
        environment: [String: String] = [:], extensionIdleExit: Duration? = nil, maxMissedBudgets: Int = 3,
        budget: Duration = .seconds(10), launchBudget: Duration? = nil, clock: any Clock<Duration> = ContinuousClock(),
        sessions: SessionStore? = nil
    ) throws(TransportError) {
        self.bundle = bundle
        self.catalog = catalog
        self.device = device
        manifest = Self.admissionManifest(bundle)
        app = try ProcessConnection(
            launch: LaunchCommand(executable: bundle.executable.path, environment: environment, device: device), appName: bundle.name,
            manifest: bundle.manifest, catalog: catalog, runtimeDirectory: runtimeDirectory,
            maxMissedBudgets: maxMissedBudgets, budget: budget, launchBudget: launchBudget, clock: clock,
            sessions: sessions.map { SessionKeeping(store: $0, bundleIdentifier: bundle.identifier) })
        var extensionEnvironment = environment
        if let extensionIdleExit {
            extensionEnvironment[MessageProtocol.idleExitVariable] = Self.seconds(extensionIdleExit)
        }
        var extensions: [ExtensionHost] = []
        for plugIn in bundle.extensions {
            let manifest = AppManifest(
                supportsMultipleScenes: true, intentsSupported: plugIn.intentsSupported,
                intentsRestrictedWhileLocked: plugIn.intentsRestrictedWhileLocked)
            let connection = try ProcessConnection(
                launch: LaunchCommand(executable: plugIn.executable.path, environment: extensionEnvironment, device: device),
                appName: plugIn.name, manifest: manifest, catalog: catalog, runtimeDirectory: runtimeDirectory,
                maxMissedBudgets: maxMissedBudgets, budget: budget, launchBudget: launchBudget, clock: clock)
            extensions.append(ExtensionHost(bundle: plugIn, connection: connection))
        }
        self.extensions = extensions
    }

    /// How many requests have a host chosen and have not ended (zero when nothing is in flight).
    public var requestsInFlight: Int { routes.count }

    /// Starts the call on the request's host (sent at once when it runs); on the request's
    /// first call, a task chooses the host first (and records why). A route that refuses the
    /// request answers the refusal.
    public func start(
        _ call: PhaseCall, from isolation: (any Actor)?, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> CallCancellation {
        let reply = routes.replying(to: call, reply)
        if let target = routes.target(of: call.request) {
            return host(target).start(call, from: isolation, progress: progress, reply: reply)
        }
        guard call.phase != .finish else {
            // No host was chosen, so none holds anything for the request.
            reply(.finished)
            return .answered
        }
        return .task(Task {
            let route = await self.route(call.intent.typeName)
            self.traceSlot.trace?.record(.route, "\(call.intent.typeName) → \(route)")
            guard let target = RequestRoutes.Target(route, in: self.bundle) else {
                return reply(.refused(Self.refusal(route, intent: call.intent.typeName)))
            }
            self.routes.choose(target, for: call.request)
            reply(await self.host(target).send(call, progress: progress))
        })
    }

    /// The route `Router` gives the intent now.
    public func route(_ intent: String) async -> Route {
        let state = await app.runState
        return Router.route(intent, in: bundle, appState: state, lock: device.isLocked ? .locked : .unlocked)
    }

    /// Brings the app forward (launching it first if it is not running) and continues the
    /// activity there, whichever host answered the request.
    public func continueInApp(_ activity: UserActivity) async throws -> Continuation {
        try await app.continueInApp(activity)
    }

    /// Whether the app has a foreground-active scene to interrupt (an extension has none).
    public var mayInterrupt: Bool { app.mayInterrupt }

    /// Interrupts the app's foreground-active scenes (an extension has none).
    public func beginInterruption() async throws -> Bool {
        try await app.beginInterruption()
    }

    /// Ends the overlay's interruption of the app's scenes.
    public func endInterruption() async throws -> Bool {
        try await app.endInterruption()
    }

    /// Records routes, and every host's lifecycle callbacks, reports and process events, in
    /// `trace`.
    public func attach(_ trace: Trace?) {
        traceSlot.trace = trace
        app.attach(trace)
        for plugIn in extensions { plugIn.connection.attach(trace) }
    }

    func host(_ target: RequestRoutes.Target) -> ProcessConnection {
        switch target {
        case .app: app
        case .extension(let index): extensions[index].connection
        }
    }

    /// The answer to a call whose route refuses it.
    private static func refusal(_ route: Route, intent: String) -> IntentHostError {
        switch route {
        case .refused(.restrictedWhileLocked): IntentHostError(.restrictedWhileLocked, intent: intent, detail: route.reason)
        default: IntentHostError(.notInManifest, intent: intent, detail: route.reason)
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(Double(seconds) + Double(attoseconds) / 1e18)
    }
}
