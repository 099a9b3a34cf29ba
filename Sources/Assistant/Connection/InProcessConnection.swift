import SceneIntents
import Synchronization

/// A connection to an app in the same process: the same messages as over a socket, passed as
/// values. Each call is one hop onto the main actor, where the app's `AppEndpoint` serves it;
/// everything the app sends back (steps, the answer, lifecycle callbacks, host reports) comes
/// through one `AppLink`, as it would from another process.
///
/// Nothing is encoded, which is what makes the in-process path fast.
public final class InProcessConnection: AppConnection {
    /// The app's name.
    public let appName: String
    /// The app's manifest.
    public let manifest: AppManifest
    /// The app's intent definitions.
    public let catalog: IntentCatalog
    private let endpoint: AppEndpoint
    private let link: AppLink
    private let slot = TraceSlot()
    private let started = Atomic<Int>(0)
    private let foreground = ActiveScenes()
    private let shortcutsSink = ShortcutsSlot()
    private let sessionsSink = MessageSlot<[SessionChange]>()

    /// How many calls were started on the app's main actor: each is one round trip there.
    public var mainActorRoundTrips: Int { started.load(ordering: .relaxed) }

    /// A connection to the app `host` answers for.
    @MainActor
    public init(host: IntentHost, appName: String) {
        self.appName = appName
        manifest = host.application.manifest
        catalog = host.catalog
        let (slot, foreground, sink, sessions) = (slot, foreground, shortcutsSink, sessionsSink)
        foreground.reset(active: host.application.connectedScenes.count { $0.activationState == .foregroundActive })
        // In process, calls start directly on the main actor: the link only routes what the
        // app sends back, so it has nothing to transmit.
        let link = AppLink(transmit: { _ in false }) { message in
            switch message {
            case .lifecycle(let event):
                foreground.note(event)
                slot.trace?.record(lifecycle: event)
            case .report(let report): slot.trace?.record(.report, report.description)
            case .shortcuts(let shortcuts):
                slot.trace?.record(.report, shortcuts.description)
                sink.deliver(shortcuts)
            case .sessions(let changes): sessions.deliver(changes)
            default: break
            }
        }
        self.link = link
        endpoint = AppEndpoint(host: host) { message in
            // Messages the link was not waiting for are dropped here: in process nothing else
            // can send them, so there is no peer to blame.
            try? link.deliver(message)
        }
    }

    /// The app's end of this connection: what the app sends its shortcuts messages through.
    public var appEndpoint: AppEndpoint { endpoint }

    /// Passes every shortcuts message the app sends (in order, on the app's main actor) to
    /// `receive` from now on; nil drops them.
    public func receiveShortcuts(_ receive: (@Sendable (ShortcutsMessage) -> Void)?) {
        shortcutsSink.receiver = receive
    }

    /// Passes every change the app makes to its scene sessions (in order, on the app's main
    /// actor, before anything the app says after it) to `receive` from now on; nil drops them.
    /// In process the system keeps them where it likes (a `SessionStore`, say) and gives them
    /// back to the next run directly, with `Application.restoreSessions(_:)` before the launch.
    public func receiveSessions(_ receive: (@Sendable ([SessionChange]) -> Void)?) {
        sessionsSink.receiver = receive
    }

    /// Starts the call on the main actor, where the app's endpoint serves it
    /// (`AppEndpoint.serve(_:_:)`): from the main actor (`isolation`), right here, in the
    /// caller's job, so a handler that answers at once has answered before this returns;
    /// otherwise as one task there. The steps and the answer come back through the link.
    public func start(
        _ call: PhaseCall, from isolation: (any Actor)?, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> CallCancellation {
        started.add(1, ordering: .relaxed)
        guard let isolation, isolation === MainActor.shared else {
            let id = expect(call, progress: progress, reply: reply)
            return .task(Task.immediate { @MainActor [endpoint] in
                // This task is the call's: a cancelled one is refused before the app launches,
                // and cancelling it reaches the visit's own task.
                guard let visit = endpoint.serve(id, call) else { return }
                await withTaskCancellationHandler { await visit.value } onCancel: { visit.cancel() }
            })
        }
        // Served beneath `serve(_:_:)`: an answer made at once comes straight back, with no
        // number or waiter in the link; it is passed on as the link passes one on.
        let served = MainActor.assumeIsolated { [endpoint] in
            endpoint.serve(call, numbered: { expect(call, progress: progress, reply: reply) })
        }
        switch served {
        case .answered(let answer):
            if case .progressed(_, let steps) = answer { for step in steps { progress(step) } }
            reply(answer)
            return .answered
        case .started(let task):
            return .task(task)
        }
    }

    /// Numbers a call and has the link wait for its steps and answer.
    private func expect(
        _ call: PhaseCall, progress: @escaping @Sendable (PhaseStep) -> Void, reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> UInt64 {
        let id = link.nextID()
        link.expect(id, intent: call.intent, progress: progress, reply: reply)
        return id
    }

    /// Whether a scene of the app may be foreground active, as the lifecycle callbacks seen so
    /// far say: when none is, the overlay interrupts nothing and is not asked for.
    public var mayInterrupt: Bool { foreground.isActive }

    /// Brings the app forward on the main actor and continues the activity there.
    public func continueInApp(_ activity: UserActivity) async throws -> Continuation {
        let result = await MainActor.run { [endpoint] in endpoint.continueActivity(activity) }
        switch result {
        case .continued(let session, let reply): return Continuation(sessionIdentifier: session, reply: reply)
        case .failed(let reason): throw ContinuationFailure(reason: reason)
        }
    }

    /// Interrupts the app's foreground-active scenes on the main actor. When none is active (as
    /// the lifecycle callbacks seen so far say) it answers at once, with no hop.
    public func beginInterruption() async throws -> Bool {
        guard mayInterrupt else { return false }
        return try await MainActor.run { [endpoint] in
            guard endpoint.host.application.applicationState == .active else { return false }
            if let refusal = endpoint.perform(.overlay(isShown: true)) { throw ContinuationFailure(reason: refusal) }
            return true
        }
    }

    /// Ends the interruption on the main actor.
    public func endInterruption() async throws -> Bool {
        try await MainActor.run { [endpoint] in
            if let refusal = endpoint.perform(.overlay(isShown: false)) { throw ContinuationFailure(reason: refusal) }
            return true
        }
    }

    /// Records the app's lifecycle callbacks and host reports in `trace` from now on.
    public func attach(_ trace: Trace?) {
        slot.trace = trace
    }
}

/// Where a connection passes the shortcuts messages its app sends (set with the connection's
/// `receiveShortcuts`); nothing receives them until one is set.
public typealias ShortcutsSlot = MessageSlot<ShortcutsMessage>

/// Where a connection passes one kind of message its app sends (shortcuts messages, session
/// changes) to whoever keeps them; nothing receives them until a receiver is set.
public final class MessageSlot<Message: Sendable>: Sendable {
    private let receive = Mutex<(@Sendable (Message) -> Void)?>(nil)

    /// An empty slot.
    public init() {}

    /// Who receives the messages.
    public var receiver: (@Sendable (Message) -> Void)? {
        get { receive.withLock { $0 } }
        set { receive.withLock { $0 = newValue } }
    }

    /// Passes one message to the receiver, if any.
    public func deliver(_ message: Message) {
        receiver?(message)
    }
}
