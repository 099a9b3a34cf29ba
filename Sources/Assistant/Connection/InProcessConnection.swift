import SceneIntents
import Synchronization

/// A connection to an app in the same process: each call is one hop onto the main actor, where
/// the app's `IntentHost` answers it.
///
/// Values are passed as they are (they are `Sendable`); nothing is encoded, which is what makes
/// the in-process path fast. The app's lifecycle callbacks and host reports go to the attached
/// trace.
public final class InProcessConnection: AppConnection {
    /// The app's name.
    public let appName: String
    /// The app's manifest.
    public let manifest: AppManifest
    /// The app's intent definitions.
    public let catalog: IntentCatalog
    private let host: IntentHost
    private let slot = TraceSlot()
    private let started = Atomic<Int>(0)
    private let foreground = ActiveScenes()

    /// How many calls were started on the app's main actor: each is one round trip there.
    public var mainActorRoundTrips: Int { started.load(ordering: .relaxed) }

    /// A connection to the app `host` answers for.
    @MainActor
    public init(host: IntentHost, appName: String) {
        self.host = host
        self.appName = appName
        manifest = host.application.manifest
        catalog = host.catalog
        let application = host.application
        foreground.reset(active: application.connectedScenes.count { $0.activationState == .foregroundActive })
        application.observe { [slot, foreground] event in
            slot.trace?.record(.lifecycle, event.description)
            foreground.note(event)
        }
        host.onReport = { [slot] report in
            slot.trace?.record(.report, report.description)
        }
    }

    /// Starts the call as one task on the main actor, where the host answers it.
    public func start(
        _ call: PhaseCall, progress: @escaping @Sendable (PhaseStep) -> Void,
        reply: @escaping @Sendable (PhaseAnswer) -> Void
    ) -> Task<Void, Never> {
        started.add(1, ordering: .relaxed)
        return Task { @MainActor [host] in reply(await host.answer(call, progress: progress)) }
    }

    /// Brings the app forward on the main actor and continues the activity there.
    public func continueInApp(_ activity: UserActivity) async throws -> Continuation {
        try await MainActor.run { try host.application.continueUserActivity(activity) }
    }

    /// Interrupts the app's foreground-active scenes on the main actor. When none is active (as
    /// the lifecycle callbacks seen so far say) it answers at once, with no hop.
    public func beginInterruption() async throws -> Bool {
        guard foreground.isActive else { return false }
        return try await MainActor.run { [host] in
            guard host.application.applicationState == .active else { return false }
            try host.application.beginInterruption()
            return true
        }
    }

    /// Ends the interruption on the main actor.
    public func endInterruption() async throws -> Bool {
        try await MainActor.run { [host] in
            try host.application.endInterruption()
            return true
        }
    }

    /// Records the app's lifecycle callbacks and host reports in `trace` from now on.
    public func attach(_ trace: Trace?) {
        slot.trace = trace
    }
}
