import SceneIntents
import Synchronization

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
    /// Starts one phase call and answers how to cancel it (cancelling cancels the handler's
    /// work); `reply` receives the answer once, and `progress` hears each step of a `proceed`
    /// call as the app completes it, before the answer. Launches the app in the background first
    /// when it is not running.
    ///
    /// The reply is a callback rather than a return value so that an answer made on the app's
    /// main actor goes straight to whoever waits for it: one hop per phase, not two. It may come
    /// before this returns: an app that answers in the caller's job (in this process, called
    /// from its main actor, a handler that does not suspend) has answered, its steps then its
    /// answer, with nothing left to cancel, and the cancellation is `.answered`. A caller waits for
    /// the reply the same way either way.
    ///
    /// `isolation` is the caller's actor (its `#isolation`), which the caller is running on: a
    /// connection to an app in this process serves the call right there when it is the main
    /// actor. A connection that wraps another passes it on.
    func start(
        _ call: PhaseCall, from isolation: (any Actor)?, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> CallCancellation
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
    /// Makes one phase call from the current task and waits for its answer (no budget: see
    /// `race`); `progress` hears each step first. Cancelling the task cancels the call.
    public func send(_ call: PhaseCall, progress: @escaping @Sendable (PhaseStep) -> Void = { _ in }) async -> PhaseAnswer {
        let work = CallInFlight()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                work.started(start(call, from: nil, progress: progress) { continuation.resume(returning: $0) })
            }
        } onCancel: {
            work.cancel()
        }
    }
}

/// A call being started while its caller may give up: a cancellation that comes before the
/// call's own is known reaches it as soon as it is.
final class CallInFlight: Sendable {
    private let state = Mutex<(work: CallCancellation?, isCancelled: Bool)>((nil, false))

    /// The call is started; cancels it at once when the caller gave up meanwhile.
    func started(_ work: CallCancellation) {
        let cancelled = state.withLock { state in
            if !state.isCancelled { state.work = work }
            return state.isCancelled
        }
        if cancelled { work.cancel() }
    }

    /// The caller gives up: cancels the call, now or once it is started.
    func cancel() {
        state.withLock { state in
            state.isCancelled = true
            defer { state.work = nil }
            return state.work
        }?.cancel()
    }
}
