import SceneIntents

/// How the assistant reaches an app: `Codable` phase calls in, answers out, and a request to
/// bring the app forward for an activity.
///
/// `InProcessConnection` is the in-process implementation; an out-of-process one carries the
/// same values over a socket.
public protocol AppConnection: Sendable {
    /// The app's name, as the assistant says it.
    var appName: String { get }
    /// The app's manifest, as read from its bundle: what the assistant routes by.
    var manifest: AppManifest { get }
    /// The app's intent definitions: what the assistant converses from.
    var catalog: IntentCatalog { get }
    /// Starts one phase call and returns the task doing it; `reply` receives the answer once.
    /// Launches the app in the background first when it is not running. Cancelling the task
    /// cancels the handler's work.
    ///
    /// The reply is a callback rather than a return value so that an answer made on the app's
    /// main actor goes straight to whoever waits for it: one hop per phase, not two.
    ///
    /// `progress` hears each step of a `proceed` call as the app completes it.
    func start(
        _ call: PhaseCall, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> Task<Void, Never>
    /// Starts one phase call as `start` does and answers how to cancel it. The assistant calls
    /// this one: a connection that can send the call at once, with no task of its own (a host
    /// already running), answers an action instead of a task, which saves a task and a thread
    /// wake-up per call. The default wraps `start`.
    ///
    /// `isolation` is the caller's actor (its `#isolation`), which the caller is running on: a
    /// connection to an app in this process starts the call right there when it is the main
    /// actor.
    func begin(
        _ call: PhaseCall, from isolation: (any Actor)?, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> CallCancellation
    /// Begins one phase call as `begin(_:from:progress:reply:)` does, unless the app answers it
    /// in the caller's job: then it answers `.answered` with the answer (a `proceed`'s steps are
    /// in it) and `sinks` is never called. Otherwise it calls `sinks` once, before the call can
    /// make a step, for where the call's steps and answer go, and answers `.begun`.
    ///
    /// The assistant calls this one: an answer made at once needs no one waiting for it, so the
    /// caller makes its waiter (a race gate, a timer, the closures) only when `sinks` is called.
    /// The default calls `sinks` and `begin(_:from:progress:reply:)`.
    func begin(_ call: PhaseCall, from isolation: (any Actor)?, sinks: () -> CallSinks) -> BegunCall
    /// Brings the app to the foreground to continue an activity; answers the session whose scene
    /// continued it and the line the scene gave for a hands-free user, if any.
    func continueInApp(_ activity: UserActivity) async throws -> Continuation
    /// Where the app's lifecycle callbacks are recorded (nil: nowhere).
    func attach(_ trace: Trace?)
    /// The assistant's overlay comes up over the app: a foreground-active scene of the app is
    /// interrupted (`sceneWillResignActive`, then foreground inactive). Answers whether any scene
    /// was; only then is `endInterruption()` called when the request ends.
    func beginInterruption() async throws -> Bool
    /// The overlay goes: the scenes `beginInterruption()` interrupted become active again.
    /// Answers whether any did.
    func endInterruption() async throws -> Bool
    /// Whether `beginInterruption()` may interrupt a scene now; false lets the assistant skip
    /// the call (a connection that knows no scene of the app is foreground active). Default true.
    var mayInterrupt: Bool { get }
}

extension AppConnection {
    /// Starts the call with `start`; cancelling cancels its task.
    public func begin(
        _ call: PhaseCall, from isolation: (any Actor)?, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> CallCancellation {
        .task(start(call, progress: progress, reply: reply))
    }
}

extension AppConnection {
    /// Begins the call with `begin(_:from:progress:reply:)`, with the sinks made at once.
    public func begin(_ call: PhaseCall, from isolation: (any Actor)?, sinks: () -> CallSinks) -> BegunCall {
        let sinks = sinks()
        return .begun(begin(call, from: isolation, progress: sinks.progress, reply: sinks.reply))
    }
}

/// Where a begun call's steps and answer go (`AppConnection.begin(_:from:sinks:)`).
public struct CallSinks: Sendable {
    /// Hears each step of a `proceed` call as the app completes it.
    public let progress: @Sendable (PhaseStep) -> Void
    /// Receives the answer, once.
    public let reply: @Sendable (PhaseAnswer) -> Void

    /// Sinks sending steps to `progress` and the answer to `reply`.
    public init(progress: @escaping @Sendable (PhaseStep) -> Void, reply: @escaping @Sendable (PhaseAnswer) -> Void) {
        self.progress = progress
        self.reply = reply
    }
}

/// How `AppConnection.begin(_:from:sinks:)` began a call.
public enum BegunCall: Sendable {
    /// The app answered in the caller's job; a `proceed`'s steps are in the answer. No sinks
    /// were made.
    case answered(PhaseAnswer)
    /// The call runs; its steps and answer go to the sinks, and this cancels it.
    case begun(CallCancellation)
}

/// How a started call is cancelled: its task, or an action of the connection's own.
public enum CallCancellation: Sendable {
    /// Cancelling the task cancels the call.
    case task(Task<Void, Never>)
    /// The action cancels the call (called at most once).
    case action(@Sendable () -> Void)
    /// The call has answered already: there is nothing to cancel.
    case answered

    /// Cancels the call.
    public func cancel() {
        switch self {
        case .task(let task): task.cancel()
        case .action(let action): action()
        case .answered: break
        }
    }
}

extension AppConnection {
    /// The overlay is always asked for.
    public var mayInterrupt: Bool { true }

    /// No overlay: an app reached this way has no scenes to interrupt.
    public func beginInterruption() async throws -> Bool { false }
    /// No overlay to end.
    public func endInterruption() async throws -> Bool { false }
}

extension AppConnection {
    /// Sends one phase call and waits for its answer (no budget: see `race`).
    public func send(_ call: PhaseCall) async -> PhaseAnswer {
        await withCheckedContinuation { continuation in
            _ = start(call, progress: { _ in }) { continuation.resume(returning: $0) }
        }
    }
}
