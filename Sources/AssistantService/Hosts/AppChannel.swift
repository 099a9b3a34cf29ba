import Assistant
import Foundation
import SceneIntents
import SceneIntentsTransport
import SceneIntentsWire
import Synchronization

/// Where launched hosts come in: the launch waiting for a token, and the connection that
/// presents it. A connection with no hello, a wrong version or a token nobody waits for is
/// closed and reported; nothing else is affected.
final class Doorway: Sendable {
    typealias Arrival = Result<(AppChannel, AppHello), AppLinkFailure>

    /// One expected host: registered before its spawn, so a host that connects at once is not
    /// refused; its arrival is kept until the launch asks for it.
    private enum Slot {
        case expected
        case waiting(CheckedContinuation<Arrival, Never>)
        case arrived(Arrival)
    }

    private let slots = Mutex<[String: Slot]>([:])

    /// Expects the host holding `token` (call before starting it).
    func expect(_ token: String) {
        slots.withLock { $0[token] = .expected }
    }

    /// Waits for the host holding `token` to say hello (or for `abandon`); at once if it did.
    func arrival(of token: String) async -> Arrival {
        await withCheckedContinuation { continuation in
            let arrived = slots.withLock { slots -> Arrival? in
                switch slots[token] {
                case .arrived(let arrival):
                    slots[token] = nil
                    return arrival
                case .expected, .waiting:
                    slots[token] = .waiting(continuation)
                    return nil
                case nil:
                    return .failure(.launchFailed("no launch expects this host"))
                }
            }
            if let arrived { continuation.resume(returning: arrived) }
        }
    }

    /// Hands a hello to the launch expecting its token; false when none does.
    func claim(_ hello: AppHello, on channel: AppChannel) -> Bool {
        settle(hello.token, .success((channel, hello)))
    }

    /// Ends the wait for `token` (the host exited before saying hello).
    func abandon(_ token: String, _ failure: AppLinkFailure) {
        _ = settle(token, .failure(failure))
    }

    private func settle(_ token: String, _ arrival: Arrival) -> Bool {
        let waiter = slots.withLock { slots -> (found: Bool, waiter: CheckedContinuation<Arrival, Never>?) in
            switch slots[token] {
            case .expected:
                slots[token] = .arrived(arrival)
                return (true, nil)
            case .waiting(let continuation):
                slots[token] = nil
                return (true, continuation)
            case .arrived, nil:
                return (false, nil)
            }
        }
        waiter.waiter?.resume(returning: arrival)
        return waiter.found
    }
}

/// One host connection: before the hello it belongs to the doorway, after it to an `AppLink`.
/// Frames are decoded on the connection's reader thread; a frame that breaks the protocol ends
/// the connection with the cause.
final class AppChannel: Sendable {
    private enum Stage {
        case awaitingHello
        /// The hello was handed to a launch, which has not bound the channel yet: frames wait.
        case greeted(waiting: [Data])
        case bound(AppLink, onEnd: @Sendable (AppLinkFailure) -> Void)
        case ended
    }

    /// Whether the reader has read the connection's end: until then, frames the host wrote may
    /// still be on their way (a host's last messages before it exits, say).
    private enum Reading {
        case open(waiters: [Int: CheckedContinuation<Void, Never>], next: Int)
        case drained
    }

    let connection: FramedConnection
    private let codec: MessageCodec
    private let doorway: Doorway
    private let report: @Sendable (String) -> Void
    private let stage = Mutex(Stage.awaitingHello)
    private let reading = Mutex(Reading.open(waiters: [:], next: 0))

    /// A channel over an accepted connection; `report` hears refusals for the trace.
    init(_ connection: FramedConnection, codec: MessageCodec, doorway: Doorway, report: @escaping @Sendable (String) -> Void) {
        self.connection = connection
        self.codec = codec
        self.doorway = doorway
        self.report = report
    }

    /// Starts reading: on the main thread when the process runs the main loop (a caller on the
    /// main actor then hears its answers with no thread between the socket and it), else on the
    /// connection's reader thread.
    func start() {
        if MainLoop.isRunning {
            Task { @MainActor [self] in connection.startOnMainLoop { [self] in handle($0) } }
        } else {
            connection.start { [self] event in handle(event) }
        }
    }

    /// From now on messages go to `link`; `onEnd` hears once how the connection ended.
    func bind(_ link: AppLink, onEnd: @escaping @Sendable (AppLinkFailure) -> Void) {
        let waiting = stage.withLock { stage -> [Data]? in
            guard case .greeted(let waiting) = stage else { return nil }
            stage = .bound(link, onEnd: onEnd)
            return waiting
        }
        guard let waiting else { return onEnd(.connectionLost("closed before it was accepted")) }
        for bytes in waiting { deliver(bytes, to: link) }
    }

    private func deliver(_ bytes: Data, to link: AppLink) {
        do throws(ProtocolError) {
            // One frame may carry several messages (one job of the host's): each in turn.
            try codec.decodeEach(AppMessage.self, from: bytes) { (message) throws(ProtocolError) in try link.deliver(message) }
        } catch {
            end(.protocolError(error))
        }
    }

    /// Sends a message; false when it could not be sent.
    func send(_ message: SystemMessage) -> Bool {
        guard let bytes = try? codec.encode(message) else { return false }
        return send(encoded: bytes)
    }

    /// Sends a message encoded beforehand (with the same catalog's codec).
    func send(encoded bytes: Data) -> Bool {
        do { try connection.send(bytes) } catch { return false }
        return true
    }

    private func handle(_ event: ConnectionEvent) {
        switch event {
        case .frame(let bytes):
            let current = stage.withLock { stage -> Stage in
                if case .greeted(var waiting) = stage {
                    waiting.append(bytes)
                    stage = .greeted(waiting: waiting)
                }
                return stage
            }
            switch current {
            case .awaitingHello: greet(bytes)
            case .bound(let link, _): deliver(bytes, to: link)
            case .greeted, .ended: break
            }
        case .closed(let reason):
            let failure: AppLinkFailure = switch reason {
            case .protocolError(let error):
                switch error {
                case .oversize: .protocolError(ProtocolError(.oversizeFrame, "\(error)"))
                case .truncated: .protocolError(ProtocolError(.truncatedFrame, "\(error)"))
                }
            default: .connectionLost("\(reason)")
            }
            defer { markDrained() }
            if case .awaitingHello = stage.withLock({ $0 }), case .protocolError(let error) = failure {
                return refuse(error)
            }
            end(failure)
        }
    }

    /// Waits until the reader has delivered everything the host wrote (it read the connection's
    /// end, which comes when the host's process exits), or `grace` passed on `clock`: a host's
    /// last messages are in the socket when its exit is noticed, and must not be dropped.
    func drained(within grace: Duration, on clock: any Clock<Duration>) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.untilDrained() }
            group.addTask { try? await clock.sleep(for: grace) }
            await group.next()
            group.cancelAll()
        }
    }

    private func untilDrained() async {
        let ticket = reading.withLock { reading -> Int? in
            guard case .open(let waiters, let next) = reading else { return nil }
            reading = .open(waiters: waiters, next: next + 1)
            return next
        }
        guard let ticket else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let waits = reading.withLock { reading -> Bool in
                    guard case .open(var waiters, let next) = reading, !Task.isCancelled else { return false }
                    waiters[ticket] = continuation
                    reading = .open(waiters: waiters, next: next)
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            let waiter = reading.withLock { reading -> CheckedContinuation<Void, Never>? in
                guard case .open(var waiters, let next) = reading else { return nil }
                defer { reading = .open(waiters: waiters, next: next) }
                return waiters.removeValue(forKey: ticket)
            }
            waiter?.resume()
        }
    }

    private func markDrained() {
        let waiters = reading.withLock { reading -> [CheckedContinuation<Void, Never>] in
            defer { reading = .drained }
            guard case .open(let waiters, _) = reading else { return [] }
            return Array(waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    private func greet(_ bytes: Data) {
        let hello: AppHello
        do throws(ProtocolError) {
            guard case .hello(let message) = try codec.decode(AppMessage.self, from: bytes) else {
                throw ProtocolError(.outOfOrder, "the first message was not a hello")
            }
            hello = message
        } catch {
            return refuse(error)
        }
        guard hello.protocolVersion == MessageProtocol.version else {
            return refuse(ProtocolError(.wrongVersion, "version \(hello.protocolVersion); this system speaks \(MessageProtocol.version)"))
        }
        stage.withLock { $0 = .greeted(waiting: []) }
        guard doorway.claim(hello, on: self) else {
            return refuse(ProtocolError(.wrongToken, "process \(connection.peer.pid) presented a token no launch is waiting for"))
        }
    }

    private func refuse(_ error: ProtocolError) {
        report("refused a connection from process \(connection.peer.pid): \(error)")
        stage.withLock { $0 = .ended }
        connection.close()
    }

    /// Ends the channel once: closes the connection and tells the owner why.
    func end(_ failure: AppLinkFailure) {
        let previous = stage.withLock { stage -> Stage in
            defer { stage = .ended }
            return stage
        }
        connection.close()
        // Closed here, nothing more is read.
        markDrained()
        if case .bound(_, let onEnd) = previous { onEnd(failure) }
    }
}
