import Foundation
import SceneIntents
import SceneIntentsTransport
import SceneIntentsWire

/// An intents extension's whole program (SiriKit's `INExtension`): one call from its
/// `main.swift`, `IntentsExtension(…).run()`.
///
/// It has no scenes, no application delegate and no UI. The system launches it in the
/// background for a request; every phase call of that request asks `handlerFor` once (as
/// `handler(for:)`), and the handler's typed methods answer through the same protocol as an
/// app's. A `continueInApp` response goes back to the system, which opens the app; the extension
/// itself refuses anything that needs a scene. It exits when told to quit, when the system goes
/// away, or after `idleExit` with no call in flight and no request open.
///
/// Internally it is an `IntentHost` over an `Application` whose manifest lists the extension's
/// intents and declares no scene, with a delegate that asks `handlerFor`.
public struct IntentsExtension: Sendable {
    /// The extension's name, as its hello and the system's trace say it.
    public let name: String
    /// Its bundle's `CFBundleIdentifier`, written into the `.appex`'s `Info.plist` by
    /// `--write-bundle-data`; nil: the executable cannot write bundle data.
    public let bundleIdentifier: String?
    /// `IntentsSupported`: the intent types it handles.
    public let intentsSupported: [String]
    /// `IntentsRestrictedWhileLocked`: refused while the device is locked.
    public let intentsRestrictedWhileLocked: [String]
    /// How long it stays with nothing to do before it exits (5 s unless said otherwise; a system
    /// may choose with `MessageProtocol.idleExitVariable` in the environment, which wins).
    public let idleExit: Duration
    /// The clock the idle time is measured on.
    public let clock: any Clock<Duration>
    /// The intent types it speaks.
    public let catalog: IntentCatalog
    private let handlerFor: @MainActor @Sendable (AnyIntent) -> Any?
    private let configure: @MainActor @Sendable (AppEndpoint) -> Void

    /// An extension for the intent types of `catalog`.
    ///
    /// - Parameters:
    ///   - bundleIdentifier: its `CFBundleIdentifier` (see the property).
    ///   - intentsSupported: the types it handles; nil: every type of the catalog, so the list
    ///     is written once.
    ///   - handlerFor: `handler(for:)`: the object that handles the intent (conforming to its
    ///     handling protocol), or nil for "not handled". Called on the main actor, once per
    ///     request; that handler serves every phase of the request.
    ///   - clock: where the idle time is measured (a test may pass a manual clock).
    ///   - configure: sees the extension's endpoint before its hello goes out (to send what the
    ///     extension has to say beside answers, such as donations: `AppEndpoint.send(_:)`).
    public init(
        name: String, bundleIdentifier: String? = nil, catalog: IntentCatalog, intentsSupported: [String]? = nil,
        intentsRestrictedWhileLocked: [String] = [],
        idleExit: Duration = .seconds(5), clock: any Clock<Duration> = ContinuousClock(),
        configure: @escaping @MainActor @Sendable (AppEndpoint) -> Void = { _ in },
        handlerFor: @escaping @MainActor @Sendable (AnyIntent) -> Any?
    ) {
        self.configure = configure
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        self.catalog = catalog
        self.intentsSupported = intentsSupported ?? catalog.typeNames
        self.intentsRestrictedWhileLocked = intentsRestrictedWhileLocked
        self.idleExit = idleExit
        self.clock = clock
        self.handlerFor = handlerFor
    }

    /// An extension for these intent types (`IntentCatalog(intents:)`: a type the catalog
    /// leaves out is reported by `main()` and not served; the rest are).
    public init(
        name: String, bundleIdentifier: String? = nil, intents: [any Intent.Type], intentsSupported: [String]? = nil,
        intentsRestrictedWhileLocked: [String] = [],
        idleExit: Duration = .seconds(5), clock: any Clock<Duration> = ContinuousClock(),
        configure: @escaping @MainActor @Sendable (AppEndpoint) -> Void = { _ in },
        handlerFor: @escaping @MainActor @Sendable (AnyIntent) -> Any?
    ) {
        self.init(
            name: name, bundleIdentifier: bundleIdentifier, catalog: IntentCatalog(intents: intents),
            intentsSupported: intentsSupported,
            intentsRestrictedWhileLocked: intentsRestrictedWhileLocked, idleExit: idleExit, clock: clock,
            configure: configure, handlerFor: handlerFor)
    }

    /// Serves on the main thread's ``MainLoop`` and exits the process with ``main(environment:)``'s
    /// status: what an executable's top-level code calls.
    @MainActor
    public func run() -> Never {
        MainLoop.run { await main() }
    }

    /// Runs the extension and answers its exit status.
    ///
    /// Launched by a system (`SCENEINTENTS_SOCKET` and `SCENEINTENTS_TOKEN` set) it serves, then
    /// answers 0 once told to quit or idle, 1 when the connection failed or broke; each intent
    /// type its catalog left out is reported on standard error first. Launched by a user from a
    /// shell it prints why it does nothing and answers 64 (EX_USAGE). Run as
    /// `--write-bundle-data FOLDER` (`BundleDataRequest`: `arguments` is the command line after
    /// the program's name) it writes its `.appex`'s `Info.plist` and intent data into FOLDER and
    /// answers 0, or 73 when a file cannot be written, 78 without a `bundleIdentifier`.
    @MainActor
    public func main(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) async -> Int32 {
        if let folder = BundleDataRequest.folder(in: arguments) {
            return BundleData.status(reportingAs: name) { () throws(BundleData.Failure) -> Int32 in
                let executable = ((CommandLine.arguments.first ?? name) as NSString).lastPathComponent
                try BundleData.writeExtension(self, executable: executable, to: folder)
                return 0
            }
        }
        guard case .bySystem(let socket, let token) = LaunchMode.current(environment) else {
            ProcessExit.log(Self.startedByUser(name))
            return 64
        }
        var idle = idleExit
        if let text = environment[MessageProtocol.idleExitVariable] {
            if let chosen = Self.idleTime(text) { idle = chosen } else {
                ProcessExit.log("\(MessageProtocol.idleExitVariable)=\(text) is not a positive number of seconds; idling \(idleExit) instead")
            }
        }
        ProcessExit.report(catalog, name: name)
        do {
            return ProcessExit.status(of: try await serve(socket: socket, token: token, idleExit: idle), name: name)
        } catch {
            ProcessExit.log("\(name): \(error)")
            return 1
        }
    }

    /// Connects to the system at `socket`, says hello as an intents extension with `token`, and
    /// serves until told to quit, until the system goes away, or until idle for `idleExit`
    /// (this extension's own when nil).
    ///
    /// - Throws: an `ApplicationError` when its generated manifest is refused at launch, or a
    ///   `TransportError` when the socket cannot be reached.
    @MainActor
    public func serve(socket: String, token: String, idleExit: Duration? = nil) async throws -> ServeEnd {
        // The extension's intents and no scene configuration. `supportsMultipleScenes` stays on
        // because the shared admission rule refuses intents of an app without it; with no scene
        // configuration, no scene can ever connect.
        let manifest = AppManifest(
            supportsMultipleScenes: true, intentsSupported: intentsSupported,
            intentsRestrictedWhileLocked: intentsRestrictedWhileLocked)
        let handlerFor = handlerFor
        let application = Application(manifest: manifest, delegate: { ExtensionDelegate(handlerFor) })
        // Launched before the hello, so no call finds it stopped: an extension has no launch of
        // its own to report.
        try application.launch(.intent)
        let host = IntentHost(application: application, catalog: catalog)
        let idle = idleExit ?? self.idleExit
        let (clock, configure) = (clock, configure)
        return try await AppProcess.serve(host, appName: name, kind: .intentsExtension, socket: socket, token: token) {
            endpoint, end in
            configure(endpoint)
            let timer = IdleTimer(after: idle, clock: clock) { end(.idle(idle)) }
            endpoint.onCallsChanged = { calls in
                if calls == 0 && host.requestsInFlight == 0 { timer.arm() } else { timer.disarm() }
            }
            // A system that launches the extension and never calls is not waited for forever.
            timer.arm()
        }
    }

    /// What an extension started by a user says (it has nothing to do without a system).
    static func startedByUser(_ name: String) -> String {
        "\(name) is an intents extension: an assistant launches it for a request and it exits when idle. "
            + "Ask the assistant instead, e.g. `swift run assistant say …` with `swift run assistantd` running."
    }

    /// A positive, finite number of seconds, as the environment gives it.
    static func idleTime(_ text: String) -> Duration? {
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds > 0 else {
            return nil
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}

/// The delegate behind an extension: only `handler(for:)`, every other callback its default.
@MainActor
private final class ExtensionDelegate: ApplicationDelegate {
    let handlerFor: @MainActor @Sendable (AnyIntent) -> Any?

    init(_ handlerFor: @escaping @MainActor @Sendable (AnyIntent) -> Any?) {
        self.handlerFor = handlerFor
    }

    func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? { handlerFor(intent) }
}
