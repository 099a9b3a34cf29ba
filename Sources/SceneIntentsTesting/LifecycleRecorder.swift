import SceneIntents

/// Collects every lifecycle callback an application makes, so a test compares whole sequences.
///
/// ```swift
/// let recorder = LifecycleRecorder(app)
/// try app.launch(.user)
/// #expect(recorder.take() == ["app willFinishLaunching user", ...])
/// ```
@MainActor
public final class LifecycleRecorder {
    /// The callbacks so far, in order.
    public private(set) var events: [LifecycleEvent] = []

    /// Records `application`'s callbacks from now on.
    public init(_ application: Application) {
        application.observe { [weak self] event in self?.events.append(event) }
    }

    /// A recorder for controllers shown in no scene (navigation tests): attach it to them.
    public init() {}

    /// Records the callbacks of a controller that is in no scene (and of its stack).
    public func attach(to controller: ViewController) {
        controller.detachedObserver = { [weak self] event in self?.events.append(event) }
    }

    /// The callbacks as one-line descriptions.
    public var lines: [String] { events.map(\.description) }

    /// The callbacks since the last `take()`, as lines; forgets them.
    public func take() -> [String] {
        defer { events.removeAll() }
        return lines
    }
}
