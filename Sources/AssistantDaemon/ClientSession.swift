import Assistant
import Foundation
import SceneIntents
import SceneIntentsTransport

/// One client connection: its greeting, its one request at a time, the prompt waiting for the
/// client's reply, and one `Assistant` per app it speaks to (sharing the app's host and the
/// daemon's device with every other client).
///
/// Frames arrive through the connection's reader thread as a stream, read here on the actor; a
/// request runs in a task of its own, so replies keep coming while it waits for one.
actor ClientSession {
    let id: Int
    let connection: FramedConnection
    let daemon: Daemon
    private let events: AsyncStream<ConnectionEvent>
    private let outbox: Outbox
    private enum Stage { case awaitingHello, greeted, ended }
    private var stage = Stage.awaitingHello
    /// By the serial of the app's serving: a replaced app gets a new assistant.
    private var assistants: [Int: AppAssistant] = [:]
    /// The app the user last opened or spoke to: it wins ties between apps (see `AppChooser`).
    var current: String?
    private var request: Task<Void, Never>?
    /// The `:command` in progress: run beside the reading (as a request is), so a `ping` is
    /// answered while a command waits for an app.
    private var commandInProgress: Task<Void, Never>?
    /// Closes the connection if no hello has come by the deadline.
    private var helloWatch: Task<Void, Never>?
    private var prompt: CheckedContinuation<Reply, Never>?
    /// The trace of this client's last request.
    var lastTrace: [TraceEvent]?
    /// What this client's last `:shortcuts` offered, in order, and for which app (its name):
    /// the numbers `:add-voice-shortcut` takes are that list's.
    var listedShortcuts: (app: String, offers: [ShortcutSuggestion])?

    /// A session for an accepted connection; reading starts here, on the caller's thread, so
    /// a busy concurrency pool never delays a bad frame's refusal.
    init(id: Int, connection: FramedConnection, daemon: Daemon) {
        self.id = id
        self.connection = connection
        self.daemon = daemon
        events = connection.events(unreadLimit: ClientProtocol.unreadLimit)
        outbox = Outbox(connection) { [log = daemon.log, peer = connection.peer] waiting in
            log.write("closed client \(peer): it did not read its answers (\(waiting) bytes would have waited)")
        }
    }

    /// Reads until the connection ends, then lets its request finish (cancelled) and leaves. A
    /// connection that has not said hello by the configuration's `helloDeadline` is closed.
    func run() async {
        let (clock, deadline) = (daemon.configuration.waitClock, daemon.configuration.helloDeadline)
        // Cancelled by the hello: a greeted client's connection holds no timer.
        helloWatch = Task {
            try? await clock.sleep(for: deadline, tolerance: nil)
            if !Task.isCancelled { self.helloOverdue(deadline) }
        }
        for await event in events {
            switch event {
            case .frame(let bytes): await receive(bytes)
            case .closed(let reason):
                switch reason {
                case .protocolError, .flooded: daemon.log.write("closed client \(connection.peer): \(reason)")
                case .peerClosed, .ioError, .closedLocally: break
                }
                end()
            }
        }
        helloWatch?.cancel()
        await request?.value
        await commandInProgress?.value
        // The assistants hold this session (their user): let them go.
        assistants = [:]
        daemon.sessionEnded(id)
    }

    /// Closes the connection; `run` then cancels what is in progress.
    func close() {
        connection.close()
    }

    private func helloOverdue(_ deadline: Duration) {
        guard stage == .awaitingHello else { return }
        refuseAndClose(
            DaemonError(.tooSlow, value: "\(deadline)", message: "no hello within \(deadline): assistantd closes connections that do not greet it in time"))
    }

    private func end() {
        stage = .ended
        prompt?.resume(returning: .cancel)
        prompt = nil
        request?.cancel()
    }

    private func receive(_ bytes: Data) async {
        // A refused connection's frames that were read with the bad one are not read (nor each
        // refused and logged again): the refusal ended it.
        guard stage != .ended else { return }
        let message: ClientMessage
        do throws(DaemonError) {
            message = try ClientProtocol.decode(ClientMessage.self, from: bytes)
        } catch {
            return refuseAndClose(error)
        }
        switch (stage, message) {
        case (.ended, _): return
        case (.awaitingHello, .hello(let version)):
            guard version == ClientProtocol.version else {
                return refuseAndClose(
                    DaemonError(
                        .wrongVersion, value: "\(version)",
                        message: "this client speaks version \(version); assistantd speaks \(ClientProtocol.version): use the assistant built with it"))
            }
            stage = .greeted
            helloWatch?.cancel()
            send(.welcome(version: ClientProtocol.version, apps: ClientProtocol.welcomeNames(daemon.servedAppNames)))
        case (.awaitingHello, _), (.greeted, .hello):
            refuseAndClose(DaemonError(.outOfOrder, value: "\(message)", message: "the first message must be hello, and only the first"))
        case (.greeted, .say(let text, let wantsTrace)):
            guard request == nil else {
                return send(.failure(DaemonError(.busy, value: Admission.shortened(text), message: "a request is already in progress on this connection")))
            }
            request = Task { await self.perform(text, wantsTrace: wantsTrace) }
        case (.greeted, .reply(let text)):
            guard let waiting = prompt else {
                return send(.failure(DaemonError(.noPrompt, value: Admission.shortened(text), message: "nothing was asked; say something first")))
            }
            // The prompt still waits for an answer it can read.
            if let refusal = Admission.refusal(of: text) {
                return send(.failure(DaemonError(.tooLarge, value: Admission.shortened(text), message: refusal)))
            }
            prompt = nil
            waiting.resume(returning: Reply(parsing: text))
        case (.greeted, .command(let line)):
            guard commandInProgress == nil else {
                return send(.failure(DaemonError(.busy, value: Admission.shortened(line), message: "a command is already in progress on this connection")))
            }
            commandInProgress = Task {
                send(await command(line))
                commandInProgress = nil
            }
        case (.greeted, .apps):
            send(.listing(lines: daemon.listing))
        case (.greeted, .ping):
            send(.pong)
        case (.greeted, .trace):
            guard let events = lastTrace ?? daemon.lastTrace else {
                return send(.failure(DaemonError(.noTrace, value: "", message: "no request has ended yet")))
            }
            send(.traceEvents(events))
        }
    }

    /// Answers `error`, closes the connection once it is sent, and reports it in the log.
    private func refuseAndClose(_ error: DaemonError) {
        daemon.log.write("refused client \(connection.peer): \(error.message)")
        send(.failure(error))
        stage = .ended
        outbox.closeAfterSending()
    }

    /// Sends a message (nothing once the connection has ended). One over the frame limit is
    /// never sent: the client gets a `failure` saying so instead.
    func send(_ message: DaemonMessage) {
        guard stage != .ended, var bytes = try? ClientProtocol.encode(message) else { return }
        if bytes.count > ClientProtocol.frameLimit {
            let error = DaemonError(
                .tooLarge, value: "\(bytes.count)",
                message: "the daemon's answer was \(bytes.count) bytes, over the protocol's limit of \(ClientProtocol.frameLimit) bytes, and was not sent")
            guard let refusal = try? ClientProtocol.encode(DaemonMessage.failure(error)) else { return }
            bytes = refusal
        }
        outbox.send(bytes)
    }

    /// Asks the client and waits for its reply; a client that is gone answers `cancel`.
    func ask(_ question: Prompt) async -> Reply {
        guard stage != .ended else { return .cancel }
        send(.prompt(text: question.spoken))
        return await withCheckedContinuation { prompt = $0 }
    }

    // MARK: Requests

    private func perform(_ text: String, wantsTrace: Bool) async {
        defer { request = nil }
        switch daemon.choose(text, preferring: current) {
        case .refused(let error):
            send(.failure(error))
        case .chosen(let app, let admitted):
            if admitted { current = app.bundle.identifier }
            let (outcome, events) = await daemon.perform(text, with: assistant(for: app), on: app)
            lastTrace = events
            if wantsTrace { send(.traceEvents(events)) }
            send(.outcome(status: outcome.status, app: app.bundle.name))
        }
    }

    /// This client's assistant for `app`, made on first use.
    func assistant(for app: ServedApp) -> AppAssistant {
        if let assistant = assistants[app.serial] { return assistant }
        // Assistants of servings replaced or removed since are let go.
        let served = Set(daemon.apps.map(\.serial))
        assistants = assistants.filter { served.contains($0.key) }
        let assistant = daemon.makeAssistant(for: app, user: SocketUser(session: self))
        assistants[app.serial] = assistant
        return assistant
    }
}

/// The user at the other end of a client connection: lines go out as `spoken`, questions as
/// `prompt`, and the client's `reply` is the answer.
struct SocketUser: UserAgent {
    let session: ClientSession

    func hear(_ line: String) async {
        await session.send(.spoken(line: line))
    }

    func answer(_ prompt: Prompt) async -> Reply {
        await session.ask(prompt)
    }
}
