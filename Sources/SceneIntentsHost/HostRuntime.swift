import Foundation
import SceneIntents
import SceneIntentsTransport
import Synchronization

/// How a host process was started.
public enum HostLaunchMode: Sendable, Equatable {
    /// By a system (an assistant or the daemon), which waits on this socket for a hello with
    /// this token.
    case bySystem(socket: String, token: String)
    /// By a user, from a shell: no system is waiting.
    case byUser

    /// The mode the environment says (`SCENEINTENTS_SOCKET` and `SCENEINTENTS_TOKEN` set: by a
    /// system).
    public static func current(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> HostLaunchMode {
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
public enum HostServeEnd: Sendable, Equatable, CustomStringConvertible {
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
public enum HostRuntime {
    /// Serves `host` over the socket the system gave.
    ///
    /// `kind` is what the hello says (an app, or an intents extension: see `IntentsExtension`).
    /// `configure` sees the endpoint before the hello goes out (to set `onCommand`, the app's
    /// automation hook).
    ///
    /// - Throws: `TransportError` when the socket cannot be reached.
    @MainActor
    public static func serve(
        _ host: IntentHost, appName: String, kind: HostKind = .app, socket: String, token: String,
        configure: (HostEndpoint) -> Void = { _ in }
    ) async throws(TransportError) -> HostServeEnd {
        try await serve(host, appName: appName, kind: kind, socket: socket, token: token) { endpoint, _ in
            configure(endpoint)
        }
    }

    /// Serves as above; `configure` also gets a function that ends serving with a reason (the
    /// connection is closed and `serve` returns that reason).
    @MainActor
    static func serve(
        _ host: IntentHost, appName: String, kind: HostKind, socket: String, token: String,
        configure: (HostEndpoint, _ end: @escaping @MainActor (HostServeEnd) -> Void) -> Void
    ) async throws(TransportError) -> HostServeEnd {
        let connection = try FramedConnection.connect(to: socket)
        defer { connection.close() }
        // The device's lock as it was at the launch: a host started while locked starts locked.
        if let locked = HostLaunchMode.deviceWasLocked() { host.application.device.isLocked = locked }
        let codec = MessageCodec(catalog: host.catalog)
        // Every message of one main-actor job (a call's callbacks and its answer) in one write;
        // a failed write is the connection ending, which its reader reports.
        let outbox = HeldUntilSuspension<Data> { frames in try? connection.send(contentsOf: frames) }
        let endpoint = HostEndpoint(host: host, kind: kind) { message in
            guard let bytes = try? codec.encode(message) else { return }
            outbox.hold(bytes)
        }
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
        _ endpoint: HostEndpoint, on connection: FramedConnection, codec: MessageCodec, appName: String, token: String
    ) async -> HostServeEnd {
        // Frames go from the reader thread straight to the main actor: an `AsyncStream` iterated
        // here would leave the main actor for every message and come back (two thread wake-ups
        // a message).
        let mailbox = Mailbox<ConnectionEvent>()
        connection.start { mailbox.post($0) }
        guard let hello = try? codec.encode(AppMessage.hello(endpoint.hello(token: token, appName: appName))),
            (try? connection.send(hello)) != nil
        else { return .disconnected("the hello could not be sent") }
        var accepted = false
        while true {
            switch await mailbox.next() {
            case .closed(let reason): return .disconnected("\(reason)")
            case .frame(let bytes):
                let message: SystemMessage
                do throws(ProtocolError) { message = try codec.decode(SystemMessage.self, from: bytes) } catch {
                    return .protocolError(error)
                }
                switch (accepted, message) {
                case (false, .accept(let version)) where version == MessageProtocol.version:
                    accepted = true
                case (false, .accept(let version)):
                    return .protocolError(ProtocolError(.wrongVersion, "the system speaks version \(version)"))
                case (false, _), (true, .accept):
                    return .protocolError(ProtocolError(.outOfOrder, "\(message) before or after the accept"))
                case (true, _):
                    if !endpoint.receive(message) { return .quit }
                }
            }
        }
    }
}

/// Events handed from another thread to the main actor, in order. Waiting for the next one
/// suspends on the main actor and resumes there: the thread that posts wakes the main actor
/// once, and nothing hops through another executor.
final class Mailbox<Event: Sendable>: Sendable {
    private struct State {
        var events: [Event] = []
        /// The main actor waiting for an event (only while `events` is empty).
        var waiter: UnsafeContinuation<Event, Never>?
    }

    private let state = Mutex(State())

    /// Hands over an event: to the waiting main actor, or kept until it asks.
    func post(_ event: Event) {
        let waiter = state.withLock { state -> UnsafeContinuation<Event, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.events.append(event)
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// The next event, in the order they were posted.
    @MainActor
    func next() async -> Event {
        if let event = take() { return event }
        return await withUnsafeContinuation { continuation in
            let ready = state.withLock { state -> Event? in
                if state.events.isEmpty {
                    state.waiter = continuation
                    return nil
                }
                return state.events.removeFirst()
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func take() -> Event? {
        state.withLock { state in state.events.isEmpty ? nil : state.events.removeFirst() }
    }
}

/// Why serving was ended from this side, once it was (the connection's close then says only
/// "closed locally").
@MainActor
private final class Ending {
    var reason: HostServeEnd?
}
