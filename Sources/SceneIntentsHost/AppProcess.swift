import Foundation
import SceneIntents
import SceneIntentsTransport
import SceneIntentsWire

/// How a host process was started.
public enum LaunchMode: Sendable, Equatable {
    /// By a system (an assistant or the daemon), which waits on this socket for a hello with
    /// this token.
    case bySystem(socket: String, token: String)
    /// By a user, from a shell: no system is waiting.
    case byUser

    /// The mode the environment says (`SCENEINTENTS_SOCKET` and `SCENEINTENTS_TOKEN` set: by a
    /// system).
    public static func current(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> LaunchMode {
        guard let socket = environment[MessageProtocol.socketVariable], !socket.isEmpty,
            let token = environment[MessageProtocol.tokenVariable], !token.isEmpty
        else { return .byUser }
        return .bySystem(socket: socket, token: token)
    }

    /// Whether the system said the device was locked when it launched this host
    /// (`SCENEINTENTS_DEVICE_LOCKED`); nil when it did not say.
    public static func deviceWasLocked(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool? {
        switch environment[MessageProtocol.deviceLockedVariable] {
        case "1": true
        case "0": false
        default: nil
        }
    }
}

/// How serving ended.
public enum ServeEnd: Sendable, Equatable, CustomStringConvertible {
    /// The system said quit.
    case quit
    /// The connection ended (the system went away): the app terminated.
    case disconnected(String)
    /// The system broke the protocol; the connection was closed.
    case protocolError(ProtocolError)
    /// An intents extension had no call in flight and no request open for this long: it exits,
    /// and the system launches it again for the next request.
    case idle(Duration)

    /// One line for logs.
    public var description: String {
        switch self {
        case .quit: "quit"
        case .disconnected(let why): "disconnected: \(why)"
        case .protocolError(let error): "\(error)"
        case .idle(let duration): "idle for \(duration)"
        }
    }
}

/// The app side of a host process: connects to the system that launched it, says hello, and
/// serves its calls and system events on the main actor until told to quit or until the system
/// goes away (then the app terminates, so a host never outlives its system).
public enum AppProcess {
    /// Serves `host` over the socket the system gave.
    ///
    /// `kind` is what the hello says (an app, or an intents extension: see `IntentsExtension`).
    /// `configure` sees the endpoint before the hello goes out (to set `onCommand`, the app's
    /// automation hook).
    ///
    /// - Throws: `TransportError` when the socket cannot be reached.
    @MainActor
    public static func serve(
        _ host: IntentHost, appName: String, kind: ProcessKind = .app, socket: String, token: String,
        configure: (AppEndpoint) -> Void = { _ in }
    ) async throws(TransportError) -> ServeEnd {
        try await serve(host, appName: appName, kind: kind, socket: socket, token: token) { endpoint, _ in
            configure(endpoint)
        }
    }

    /// Serves as above; `configure` also gets a function that ends serving with a reason (the
    /// connection is closed and `serve` returns that reason).
    @MainActor
    static func serve(
        _ host: IntentHost, appName: String, kind: ProcessKind, socket: String, token: String,
        configure: (AppEndpoint, _ end: @escaping @MainActor (ServeEnd) -> Void) -> Void
    ) async throws(TransportError) -> ServeEnd {
        let connection = try FramedConnection.connect(to: socket)
        defer { connection.close() }
        // The device's lock as it was at the launch: a host started while locked starts locked.
        if let locked = LaunchMode.deviceWasLocked() { host.application.device.isLocked = locked }
        let codec = MessageCodec(catalog: host.catalog)
        // Every message of one main-actor job in one frame and one write (`JobOutbox`).
        let outbox = JobOutbox(codec: codec, connection: connection)
        let endpoint = AppEndpoint(host: host, kind: kind) { outbox.send($0) }
        let ending = Ending()
        configure(endpoint) { reason in
            guard ending.reason == nil else { return }
            ending.reason = reason
            connection.close()
        }
        var end = await run(endpoint, on: connection, codec: codec, appName: appName, token: token)
        if let reason = ending.reason, case .disconnected = end { end = reason }
        if host.application.isRunning { host.application.terminate() }
        // The last answers (quit's, the termination callbacks) go out before the connection closes.
        outbox.flush()
        return end
    }

    @MainActor
    private static func run(
        _ endpoint: AppEndpoint, on connection: FramedConnection, codec: MessageCodec, appName: String, token: String
    ) async -> ServeEnd {
        let server = FrameServer(endpoint, codec: codec)
        return await withCheckedContinuation { (ended: CheckedContinuation<ServeEnd, Never>) in
            server.onEnd = { ended.resume(returning: $0) }
            // A quit that waited behind a command ends serving when it has terminated the app.
            endpoint.onQuit = { [weak server] in server?.end(.quit) }
            // Under the main loop the main thread reads the socket itself: one thread wakes per
            // message. Otherwise each frame goes from the reader thread to the main actor as a
            // task of its own, enqueued there directly (in order: one thread creates them, the
            // main actor runs them first in, first out); awaiting frames here instead (an
            // `AsyncStream`, a continuation) resumes through the global executor and hops back.
            if MainLoop.isRunning {
                connection.startOnMainLoop { server.handle($0) }
            } else {
                connection.start { event in Task { @MainActor in server.handle(event) } }
            }
            guard let hello = try? codec.encode(AppMessage.hello(endpoint.hello(token: token, appName: appName))),
                (try? connection.send(hello)) != nil
            else { return server.end(.disconnected("the hello could not be sent")) }
        }
    }
}

/// A host's side of the conversation once connected: checks the accept, then passes every
/// system message to the endpoint, on the main actor, until serving ends.
@MainActor
private final class FrameServer {
    private let endpoint: AppEndpoint
    private let codec: MessageCodec
    private var accepted = false
    /// Hears once how serving ended.
    var onEnd: ((ServeEnd) -> Void)?

    init(_ endpoint: AppEndpoint, codec: MessageCodec) {
        self.endpoint = endpoint
        self.codec = codec
    }

    /// Ends serving with `end`, once; anything after it is dropped.
    func end(_ end: ServeEnd) {
        let onEnd = onEnd
        self.onEnd = nil
        onEnd?(end)
    }

    func handle(_ event: ConnectionEvent) {
        guard onEnd != nil else { return }
        switch event {
        case .closed(let reason): end(.disconnected("\(reason)"))
        case .frame(let bytes):
            let message: SystemMessage
            do throws(ProtocolError) { message = try codec.decode(SystemMessage.self, from: bytes) } catch {
                return end(.protocolError(error))
            }
            switch (accepted, message) {
            case (false, .accept(let version)) where version == MessageProtocol.version:
                accepted = true
            case (false, .accept(let version)):
                end(.protocolError(ProtocolError(.wrongVersion, "the system speaks version \(version)")))
            case (false, _), (true, .accept):
                end(.protocolError(ProtocolError(.outOfOrder, "\(message) before or after the accept")))
            case (true, _):
                if !endpoint.receive(message) { end(.quit) }
            }
        }
    }
}

/// Why serving was ended from this side, once it was (the connection's close then says only
/// "closed locally").
@MainActor
private final class Ending {
    var reason: ServeEnd?
}
