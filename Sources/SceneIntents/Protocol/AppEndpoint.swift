import Foundation

/// The app's end of the message protocol: it turns the system's messages into calls on the
/// app's `IntentHost` and `Application`, and everything the app has to say into messages.
///
/// It knows no transport: `send` receives each outgoing message. Every call is served by
/// `serve(_:_:)`: the in-process connection calls it directly (no encoding, one hop); a socket
/// host feeds every decoded message to `receive(_:)`, which calls it for a call. Lifecycle callbacks and host reports become `lifecycle` and `report`
/// messages as they happen.
///
/// An intents extension's endpoint (`kind: .intentsExtension`) has no scenes to offer: it fails
/// `continueActivity` (the system must go to the app), refuses the events that move scenes, and
/// tells only its handler lookups of the lifecycle.
@MainActor
public final class AppEndpoint {
    /// The host answering phase calls.
    public let host: IntentHost
    /// App or intents extension: what the hello says and which messages are served.
    public let kind: ProcessKind
    private let send: @Sendable (AppMessage) -> Void
    /// The calls being served; a call's task is nil while its visit runs in the job that
    /// started it.
    private var calls: [UInt64: Task<Void, Never>?] = [:]

    /// The app's automation hook: runs a `command` event's text and answers what it printed,
    /// or throws to refuse it. Without one, commands are refused. It may suspend (a durable
    /// save, an action that awaits its work): calls are served meanwhile, and the events that
    /// arrive after it wait for it, so events are still carried out in the order sent.
    public var onCommand: (@MainActor (String) async throws -> String)?

    /// Told when a `quit` that waited behind a command has terminated the app (a `quit` carried
    /// out at once is answered by `receive(_:)` returning false instead): the host should exit.
    public var onQuit: (@MainActor () -> Void)?

    /// The last of the events waiting behind a command that suspended; nil when none waits.
    private var eventsBehind: Task<Void, Never>?

    /// Hears the number of calls in flight each time a call starts or ends (an extension's idle
    /// timer arms at zero).
    public var onCallsChanged: (@MainActor (Int) -> Void)?

    /// Whether the call being bound is traced (`PhaseCall.isTraced`): its handler lookup is
    /// reported only then. Set around `IntentHost.visit`, which looks the handler up in the
    /// job that serves the call.
    private let lookupsReported = LookupReports()

    /// An endpoint sending through `send` (called on the main actor, in order).
    public init(host: IntentHost, kind: ProcessKind = .app, send: @escaping @Sendable (AppMessage) -> Void) {
        self.host = host
        self.kind = kind
        self.send = send
        let lookupsReported = lookupsReported
        host.application.observe { event in
            if kind == .intentsExtension, !event.isExtensionVisible { return }
            if event.isHandlerLookup, !lookupsReported.isOn { return }
            send(.lifecycle(event))
        }
        host.onReport = { report in send(.report(report)) }
        host.application.shortcutsOutlet = { message in send(.shortcuts(message)) }
        if kind == .app { host.application.onSessionChange = { change in send(.sessions([change])) } }
    }

    /// Sends what the app tells the system's shortcuts store (donations, suggestions, actions).
    public func send(_ message: ShortcutsMessage) {
        send(.shortcuts(message))
    }

    /// The calls served that have not answered yet.
    public var callsInFlight: Int { calls.count }

    /// Serves call `id`: its steps and its answer are sent under that number. Both transports
    /// serve every call here: an app in the system's process from its connection, a host
    /// process from `receive(_:)`.
    ///
    /// The visit runs in this job until its handler first suspends, so a handler that answers
    /// at once (see `IntentSchema`) has been answered before this returns nil, its task done.
    /// Otherwise this answers the task that goes on with the visit; cancelling it cancels the
    /// handler's work. Each step of a `proceed` is held until the visit either suspends (the
    /// held steps go out as `step` messages then, so the system can budget the next step on its
    /// own) or answers (the held steps travel in the answer): a visit that never suspends is one
    /// message back, however many steps it made.
    @discardableResult
    public func serve(_ id: UInt64, _ call: PhaseCall) -> Task<Void, Never>? {
        switch serve(call, numbered: { id }) {
        case .answered(let answer):
            send(.answer(id: id, answer: answer))
            return nil
        case .started(let task):
            return task
        }
    }

    /// How `serve(_:numbered:)` served a call.
    package enum Served: Sendable {
        /// Answered in the caller's job: the answer, not sent.
        case answered(PhaseAnswer)
        /// Going on as this task, under the number it was given.
        case started(Task<Void, Never>)
    }

    /// Serves a call as `serve(_:_:)` does, beneath it: an answer made at once is returned
    /// instead of sent, and the call is numbered (`number`) only when it goes on as a task. An
    /// app in the system's process answered this way needs no waiter in the link.
    ///
    /// The visit runs in a task started at once (`Task.immediate`); the answer tells whether it
    /// was made at once: the task either answered before giving control back, or suspended.
    package func serve(_ call: PhaseCall, numbered number: () -> UInt64) -> Served {
        let binding: any RequestBinding
        var context: CallContext
        lookupsReported.isOn = call.isTraced
        let visiting = host.visit(call)
        lookupsReported.isOn = false
        switch visiting {
        case .answered(let answer):
            onCallsChanged?(calls.count)
            return .answered(answer)
        case .awaiting(let called, let bound):
            (context, binding) = (called, bound)
        }
        let host = host
        let served = ServedVisit(send: send)
        // Progress reports (`IntentProgress`) go where the visit's steps go: one closure for both.
        let hold: @Sendable (PhaseStep) -> Void = { step in served.hold(step) }
        context.step = hold
        // Not detached: a visit that suspends keeps the caller's executor preference (a main
        // loop's), so its handler's nonisolated work stays on that thread. Detached measured
        // alike (`intent-bench --only delivery`).
        // The task takes the call's context with the caller's task-local values (see
        // `IntentHost.Visiting`).
        let task = CallContext.$current.withValue(context) {
            Task.immediate {
                // Answered in the job that started it, the caller takes the answer (its steps in it).
                guard let id = served.answered(await binding.visit(call, on: host, progress: hold)) else { return }
                self.settle(id)
            }
        }
        if let answer = served.answeredAtOnce {
            onCallsChanged?(calls.count)
            return .answered(answer)
        }
        // The visit suspended: numbered now, before it can go on; the steps it made so far go
        // out as it gave control back.
        let id = number()
        calls[id] = task
        onCallsChanged?(calls.count)
        served.number(id)
        return .started(task)
    }

    /// Handles one message from the system. A call is served (`serve(_:_:)`): one that needs no
    /// suspension is answered before this returns, others go on as tasks of their own, which a
    /// later `cancel` reaches; everything else is done before this returns. Returns false when
    /// the message was `quit` (the app has terminated; the host should exit).
    public func receive(_ message: SystemMessage) -> Bool {
        switch message {
        case .accept:
            break  // The transport checks the order: accept comes once, before anything else.
        case .restore(let restoration) where kind == .app:
            // Before any call, so the app is not running yet; were it, it keeps its own sessions.
            try? host.application.restoreSessions(restoration)
        case .restore:
            break  // An extension has no scenes.
        case .call(let id, let call):
            serve(id, call)
        case .cancel(let id):
            calls[id]??.cancel()
            settle(id)
        case .continueActivity(let id, _) where kind == .intentsExtension:
            send(.continued(id: id, result: .failed(reason: Self.noScenes)))
        case .continueActivity(let id, let activity):
            send(.continued(id: id, result: continueActivity(activity)))
        case .event(let id, let event):
            if case .command(let text) = event, let onCommand {
                return wait { [weak self] in
                    let answer: (refusal: String?, output: String?)
                    do { answer = (nil, try await onCommand(text)) } catch { answer = ("\(error)", nil) }
                    self?.send(.eventDone(id: id, refusal: answer.refusal, output: answer.output))
                }
            }
            guard eventsBehind == nil else {
                return wait { [weak self] in
                    guard let self, !carryOut(id, event) else { return }
                    onQuit?()
                }
            }
            return carryOut(id, event)
        }
        return true
    }

    /// Runs `work` after the events already waiting (and the command they wait for); answers
    /// true, as `receive(_:)` does for anything but a `quit` carried out at once.
    private func wait(_ work: @escaping @MainActor () async -> Void) -> Bool {
        let before = eventsBehind
        let task = Task { @MainActor in
            await before?.value
            await work()
        }
        eventsBehind = task
        Task { @MainActor [weak self] in
            await task.value
            if self?.eventsBehind == task { self?.eventsBehind = nil }
        }
        return true
    }

    /// Carries out an event now; false when it was `quit` (the app has terminated).
    private func carryOut(_ id: UInt64, _ event: SystemEvent) -> Bool {
        switch event {
        case .quit:
            for task in calls.values { task?.cancel() }
            calls = [:]
            onCallsChanged?(0)
            host.application.terminate()
            send(.eventDone(id: id, refusal: nil, output: nil))
            return false
        case .command:
            send(.eventDone(id: id, refusal: "this app takes no commands", output: nil))
        case let event where kind == .intentsExtension && event.movesScenes:
            send(.eventDone(id: id, refusal: Self.noScenes, output: nil))
        default:
            send(.eventDone(id: id, refusal: perform(event), output: nil))
        }
        return true
    }

    /// Forgets a call that answered or was cancelled.
    private func settle(_ id: UInt64) {
        guard calls.removeValue(forKey: id) != nil else { return }
        onCallsChanged?(calls.count)
    }

    /// Brings the app forward and continues `activity` there.
    public func continueActivity(_ activity: UserActivity) -> ContinuationResult {
        do {
            let continuation = try host.application.continueUserActivity(activity)
            return .continued(session: continuation.sessionIdentifier, reply: continuation.reply)
        } catch {
            return .failed(reason: "\(error)")
        }
    }

    /// Carries out a system event on the app; nil when it happened, else why not.
    public func perform(_ event: SystemEvent) -> String? {
        let application = host.application
        do {
            switch event {
            case .open: try application.userOpensApp()
            case .newWindow: try application.userOpensNewWindow()
            case .home: try application.moveToBackground()
            case .close(let identifier):
                guard let session = application.openSessions.first(where: { $0.persistentIdentifier == identifier })
                else { return "there is no session \(identifier)" }
                try application.userCloses(session)
            case .lock(let locked): application.device.isLocked = locked
            case .overlay(true): try application.beginInterruption()
            case .overlay(false): try application.endInterruption()
            case .quit: application.terminate()
            case .command: return "a command goes through receive(_:)"
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Why an extension refuses anything that needs a scene.
    static let noScenes = "an intents extension has no scenes: the system continues in the app"
}

extension SystemEvent {
    /// Whether the event opens, moves or closes scenes (what an extension cannot do).
    var movesScenes: Bool {
        switch self {
        case .open, .newWindow, .home, .close, .overlay: true
        case .lock, .quit, .command: false
        }
    }
}

extension LifecycleEvent {
    /// What an extension tells of its lifecycle: only its handler lookups (its application, and
    /// the manifest generated from its intents, are internal details).
    var isExtensionVisible: Bool { isHandlerLookup }

    /// The delegate's `application(_:handlerFor:)`, which only a trace uses.
    var isHandlerLookup: Bool {
        if case .application(.handlerFor, _) = self { true } else { false }
    }
}

/// Whether the endpoint reports a handler lookup now: shared by the endpoint and its lifecycle
/// observer (which the endpoint's `init` makes before `self` can be captured). Main-actor only.
@MainActor
private final class LookupReports {
    var isOn = false
}
