import Foundation
import Synchronization

/// The app's side of the boundary: answers the system's phase calls.
///
/// For each call it checks the intent against the manifest (listed, multiple scenes on, not
/// restricted while the device is locked), launches the app in the background with no scene if
/// it is not running, looks the handler up through `ApplicationDelegate.application(_:handlerFor:)`
/// once per request and binds it to the intent's schema (the one cast to the handling protocol),
/// then calls the typed phase method through that binding and returns a `Codable` answer.
/// Nothing a handler or the delegate does can crash it: nil, a wrong type and a thrown error
/// each come back as a typed `IntentHostError`.
///
/// When a `confirm` or `handle` response must open the app and carries no user activity, the host
/// makes one whose `activityType` is the intent's type name and whose `interaction` is (intent,
/// response).
///
/// Nothing happens after a request's end: a call for a request that has finished is refused
/// (`requestFinished`), a call whose task is already cancelled is refused before the app is
/// launched, and a `proceed` visit stops between steps once its task is cancelled. Confirm may
/// answer `ready` or a failure code, handle anything but `ready` or `unspecified`; any other code
/// is refused as `invalidResponseCode`, never passed on as a success.
@MainActor
public final class IntentHost {
    /// The app the host answers for.
    public let application: Application
    /// The app's intent types.
    public let catalog: IntentCatalog
    /// Receives what no answer carries (a second completion ignored, a background launch).
    public var onReport: (@Sendable (AppReport) -> Void)?
    /// The date given to interactions (inject a fixed one for reproducible output).
    public var now: @Sendable () -> Date = { Date() }

    private let requests = Mutex(OpenRequests())

    /// A host for an application and its intent types.
    public init(application: Application, catalog: IntentCatalog) {
        self.application = application
        self.catalog = catalog
    }

    /// How many requests hold a handler now (zero once every request is over).
    public var requestsInFlight: Int { requests.withLock { $0.openCount } }

    /// Answers one call; `progress` hears each step of a `proceed` call as it completes.
    ///
    /// A call whose handler does not suspend (the schema's closures do not await) is answered
    /// without a suspension: the whole visit runs in the caller's job.
    public func answer(_ call: PhaseCall, progress: (@Sendable (PhaseStep) -> Void)? = nil) async -> PhaseAnswer {
        switch visit(call) {
        case .answered(let answer): return answer
        case .awaiting(var context, let binding):
            context.step = progress
            return await CallContext.$current.withValue(context) { await binding.visit(call, on: self, progress: progress) }
        }
    }

    /// How `visit(_:)` served a call.
    enum Visiting {
        /// Answered before any handler call: a finish, or a refusal.
        case answered(PhaseAnswer)
        /// The call is admitted and its handler bound: the binding's `visit(_:on:progress:)`
        /// runs the visit, each step told to `progress`. Await it in the same job
        /// (`Task.immediate`): later, its request may have ended. A visit whose handler does not
        /// suspend ends in that job.
        ///
        /// The visit runs with its `CallContext` bound (what `withIntentCompletion` and
        /// `reportHandlerFailure` name): bound around the task that awaits it, with the
        /// synchronous `withValue`, that costs no executor switch, where binding it inside the
        /// visit cost four.
        case awaiting(CallContext, any RequestBinding)
    }

    /// The one visit of a call: admits it and binds its handler, in the caller's job.
    func visit(_ call: PhaseCall) -> Visiting {
        // The request looked up once, for its admission and its handler.
        let entry = requests.withLock { $0.entry(call.request) }
        if let answer = admit(call, entry: entry) { return .answered(answer) }
        // The intent's type opened in a function that does not await: the binding is found for
        // it, and its visit takes the intent at that type.
        func open<J: Intent>(_: J) -> Visiting {
            let handler: any RequestBinding<J>
            do throws(IntentHostError) { handler = try bound(for: call, held: entry) } catch { return .answered(.refused(error)) }
            return .awaiting(CallContext(intent: J.typeName, phase: call.phase, sink: onReport, choices: call.chosen), handler)
        }
        return open(call.intent.base)
    }

    /// Checks a call before any handler: answers it when it ends here (a finish, a finished
    /// request, a cancelled task, a manifest's refusal, a failed launch), else nil. Launches the
    /// app in the background (no scene) when it is not running. `entry` is what the host knows
    /// of the call's request.
    private func admit(_ call: PhaseCall, entry: OpenRequests.Entry?) -> PhaseAnswer? {
        if case .finish = call.phase {
            end(call.request)
            return .finished
        }
        let name = call.intent.typeName
        if case .finished? = entry {
            return .refused(IntentHostError(.requestFinished, intent: name, detail: String(call.request)))
        }
        if Task.isCancelled { return .refused(IntentHostError(.cancelled, intent: name)) }
        if let refusal = application.manifest.refusal(
            of: name, catalog: catalog, deviceIsLocked: application.device.isLocked)
        {
            return .refused(refusal)
        }
        if !application.isRunning {
            do { try application.launch(.intent) } catch {
                return .refused(IntentHostError(.launchFailed, intent: name, detail: "\(error)"))
            }
            onReport?(AppReport(.launchedForIntent, name))
        }
        return nil
    }

    // The steps of a visit below `awaited` (`proceed`, `call`) are `nonisolated(nonsending)`:
    // they run on the actor of `awaited`, the main actor, and make no executor switch of their
    // own (see `RequestBinding`); the requests they end sit behind a `Mutex` for that reason.

    /// The visit of a call, its handler bound (entered through `RequestBinding.visit`).
    @inline(__always) nonisolated(nonsending)
    func awaited<I: Intent, Handler>(
        _ intent: I, call: PhaseCall, on handler: HandlerBinding<I, Handler>, progress: (@Sendable (PhaseStep) -> Void)?
    ) async -> PhaseAnswer {
        let schema = I.schema
        guard case .proceed(let parameters) = call.phase else {
            return await self.call(call.phase, of: schema, on: handler, intent: intent, request: call)
        }
        return await proceed(parameters, of: schema, on: handler, intent: intent, request: call, progress: progress)
    }

    /// The request's handler, bound to the schema: looked up and cast once, on the request's
    /// first call, then kept until the request ends (`entry` holds it then).
    private func bound<I: Intent>(for call: PhaseCall, held entry: OpenRequests.Entry?) throws(IntentHostError)
        -> any RequestBinding<I>
    {
        let schema = I.schema
        if case .open(let held)? = entry {
            if let bound = held as? any RequestBinding<I> { return bound }
            // A later call of the request names another intent type than its first call.
            end(call.request)
            throw IntentHostError(.intentChanged, intent: I.typeName, detail: "\(call.request) is for \(held.intentTypeName)")
        }
        guard let delegate = application.delegate else {
            throw IntentHostError(.launchFailed, intent: I.typeName, detail: "no delegate")
        }
        application.emit(.application(.handlerFor, detail: I.typeName))
        let found = delegate.application(application, handlerFor: call.intent)
        for scene in application.handlerStore.takeReleasedRegistrations() {
            onReport?(AppReport(.handlerReleased, "the handler registered in \(scene) was released before \(I.typeName) came; keep it alive in its screen (a stored property): the store holds handlers weakly"))
        }
        guard let found else { throw IntentHostError(.notHandled, intent: I.typeName) }
        guard let bound = schema.bind(found) else { throw wrongHandler(type(of: found), for: schema) }
        requests.withLock { $0.open(call.request, with: bound) }
        return bound
    }

    nonisolated func wrongHandler<I: Intent>(_ type: Any.Type, for schema: IntentSchema<I>, expected: String? = nil)
        -> IntentHostError
    {
        IntentHostError(
            .wrongHandlerType, intent: I.typeName, detail: "\(type) (expected \(expected ?? schema.handlerTypeName))")
    }

    /// The request is over: its handler is dropped and any later call of it refused.
    nonisolated func end(_ request: UInt64) {
        requests.withLock { $0.end(request) }
    }

    func withActivity(_ response: IntentResponse, for call: PhaseCall) -> IntentResponse {
        // An activity that already carries an interaction is the app's own and is kept as given.
        guard response.code.opensApp, response.userActivity?.interaction == nil else { return response }
        let descriptor = catalog.descriptor(named: call.intent.typeName)
        var content = response.userActivity?.content ?? UserActivity.Content(activityType: call.intent.typeName)
        content.interaction = Interaction(
            intent: call.intent, response: response, identifier: "interaction-\(call.request)",
            handlingStatus: IntentHandlingStatus(
                code: response.code, isSuccess: descriptor?.isSuccess(response.code) ?? false),
            date: now())
        var response = response
        response.userActivity = UserActivity(content: content)
        return response
    }
}
