import Assistant
import Foundation
import SceneIntentsTransport
import Synchronization

/// One Wyoming connection: `describe` → `info`, `transcript` → `handled` or `not-handled` (one
/// transcript at a time), `recognize` → `intent` or `not-recognized`, `ping` → `pong`; events it
/// does not act on are dropped, as the protocol has servers do.
///
/// Events are cut on the connection's reader thread (so it holds at most one event's bytes),
/// then handled here in order. A connection that sends no event within the configuration's
/// `helloDeadline`, or one malformed or over the limit, gets an `error` event and is closed.
actor WyomingSession: FrontDoorSession {
    let id: Int
    let connection: StreamConnection
    let daemon: Daemon
    private let inputs: AsyncStream<Input>
    private let outbox: Outbox
    private enum Stage { case awaitingEvent, serving, ended }
    private var stage = Stage.awaitingEvent
    private var request: Task<Void, Never>?
    private var firstEventWatch: Task<Void, Never>?

    enum Input: Sendable {
        case event(WyomingReceived)
        case refused(DaemonError)
        case closed
    }

    /// A session for an accepted connection; reading starts here.
    init(id: Int, connection: StreamConnection, daemon: Daemon) {
        self.id = id
        self.connection = connection
        self.daemon = daemon
        outbox = Outbox(connection) { [log = daemon.log, peer = connection.peer] waiting in
            log.write("closed Wyoming client \(peer): it did not read its answers (\(waiting) bytes would have waited)")
        }
        // Room for the events a client may send ahead of their answers, the one too many, and
        // the refusal and end that follow it.
        let limit = ClientProtocol.unreadLimit
        let (inputs, continuation) = AsyncStream.makeStream(of: Input.self, bufferingPolicy: .bufferingOldest(limit + 3))
        self.inputs = inputs
        // Nil once the stream is refused: what follows a bad event is not read.
        let decoder = Mutex<WyomingDecoder?>(WyomingDecoder())
        connection.start { event in
            switch event {
            case .bytes(let bytes):
                var (received, failure) = decoder.withLock { decoder -> ([WyomingReceived], DaemonError?) in
                    guard decoder != nil else { return ([], nil) }
                    decoder?.append(bytes)
                    var received: [WyomingReceived] = []
                    do throws(DaemonError) {
                        while let event = try decoder?.next() { received.append(event) }
                        return (received, nil)
                    } catch {
                        decoder = nil
                        return (received, error)
                    }
                }
                for event in received {
                    guard case .enqueued(let remaining) = continuation.yield(.event(event)), remaining <= 2 else { continue }
                    // Stop reading: what follows the flood is not decoded, as after a bad event.
                    decoder.withLock { $0 = nil }
                    failure = DaemonError(
                        .flooded, value: "\(limit)",
                        message: "more than \(limit) events were sent ahead of their answers: assistantd closes Wyoming connections that flood it")
                    break
                }
                if let failure { continuation.yield(.refused(failure)) }
            case .closed:
                continuation.yield(.closed)
                continuation.finish()
            }
        }
    }

    /// Reads until the connection ends, then lets its transcript finish (cancelled) and leaves.
    func run() async {
        let (clock, deadline) = (daemon.configuration.waitClock, daemon.configuration.helloDeadline)
        firstEventWatch = Task {
            try? await clock.sleep(for: deadline, tolerance: nil)
            if !Task.isCancelled { self.firstEventOverdue(deadline) }
        }
        for await input in inputs {
            switch input {
            case .event(let received): receive(received)
            case .refused(let error): refuseAndClose(error)
            case .closed: end()
            }
        }
        firstEventWatch?.cancel()
        await request?.value
        daemon.sessionEnded(id)
    }

    /// Closes the connection; `run` then cancels what is in progress.
    func close() {
        connection.close()
    }

    private func firstEventOverdue(_ deadline: Duration) {
        guard stage == .awaitingEvent else { return }
        refuseAndClose(
            DaemonError(
                .tooSlow, value: "\(deadline)",
                message: "no event within \(deadline): assistantd closes Wyoming connections that say nothing in time"))
    }

    private func end() {
        stage = .ended
        request?.cancel()
    }

    private func receive(_ received: WyomingReceived) {
        guard stage != .ended else { return }
        if stage == .awaitingEvent {
            stage = .serving
            firstEventWatch?.cancel()
        }
        switch received.event {
        case .describe: send([.info(WyomingInfo.describing(daemon.apps))])
        case .ping(let text): send([.pong(text: text)])
        case .recognize(let text):
            send([WyomingRecognizer.recognize(text, among: daemon.apps, preferring: daemon.wyomingConversations.current)])
        case .transcript(let text, let conversation, _):
            guard request == nil else {
                return send([.error(DaemonError(.busy, value: Admission.shortened(text), message: "a transcript is already being answered on this connection"))])
            }
            let streaming = WyomingFraming.streams(received.version)
            request = Task { await self.transcribe(text, conversation: conversation, streaming: streaming) }
        default:
            break
        }
    }

    private func transcribe(_ text: String, conversation: String?, streaming: Bool) async {
        defer { request = nil }
        guard let turn = await daemon.wyomingConversations.say(text, conversation: conversation, daemon: daemon) else { return }
        if case .refused(let error) = turn, error.code == .tooManyConversations {
            daemon.log.write("refused a Wyoming transcript from \(connection.peer): \(error.message)")
        }
        send(turn.events(streaming: streaming))
    }

    /// Answers `error`, closes the connection once it is sent, and reports it in the log.
    private func refuseAndClose(_ error: DaemonError) {
        daemon.log.write("refused Wyoming client \(connection.peer): \(error.message)")
        send([.error(error)])
        stage = .ended
        outbox.closeAfterSending()
    }

    /// Sends `events` in one write (nothing once the connection has ended).
    private func send(_ events: [WyomingEvent]) {
        guard stage != .ended else { return }
        outbox.send(events.reduce(into: Data()) { $0.append(WyomingFraming.encode($1)) })
    }
}

extension WyomingEvent {
    /// The `error` event telling `error`: its message, and its code's name.
    static func error(_ error: DaemonError) -> WyomingEvent {
        .error(text: error.message, code: error.code.rawValue)
    }
}
