import SceneIntents
import Synchronization

/// How many of an app's scenes are foreground active, as its lifecycle callbacks say (each
/// becomes active, then resigns, before it goes): read off the app's actor or process to skip
/// the overlay's round trip when there is nothing to interrupt. Counted from the events, not by
/// walking the scenes, so an app with ten thousand idle scenes pays nothing per call.
public final class ActiveScenes: Sendable {
    private let active = Atomic<Int>(0)

    /// An empty count.
    public init() {}

    /// Whether any scene is foreground active.
    public var isActive: Bool { active.load(ordering: .relaxed) > 0 }

    /// Starts again from `count` active scenes (a connection made to a running app).
    public func reset(active count: Int) { active.store(count, ordering: .relaxed) }

    /// Counts one lifecycle callback.
    public func note(_ event: LifecycleEvent) {
        switch event {
        case .scene(_, .sceneDidBecomeActive): active.add(1, ordering: .relaxed)
        case .scene(_, .sceneWillResignActive): active.subtract(1, ordering: .relaxed)
        default: break
        }
    }
}

/// The trace a connection records into, replaceable from any thread.
public final class TraceSlot: Sendable {
    private let current = Mutex<Trace?>(nil)

    /// An empty slot.
    public init() {}

    /// The trace, if one is attached.
    public var trace: Trace? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}

/// The app could not continue an activity in a scene, or begin or end the overlay; the reason
/// is the app's sentence.
public struct ContinuationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why, as the app said.
    public let reason: String

    /// A failure.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
