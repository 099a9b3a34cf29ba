/// The current screen's intent handler, per scene, held weakly.
///
/// A screen registers its handler in `viewDidAppear` (`ViewController.registerIntentHandler(_:)`);
/// since the store holds it weakly, and a handler holds its screen weakly, the handler dies with
/// its screen and the store never keeps a screen alive.
///
/// Which handler answers an intent (`handler(for:)`): the one registered for the scene the intent
/// targets (`AnyIntent.targetSceneIdentifier`), when that scene has a live one; otherwise the one of
/// the most recently active connected scene that has a live one; otherwise none.
@MainActor
public final class IntentHandlerStore {
    private struct Entry {
        weak var handler: AnyObject?
    }

    private var entries: [String: Entry] = [:]
    /// Scene identifiers, the most recently activated last, so the usual lookup looks at one.
    private var recency: [String] = []
    private var known: Set<String> = []
    /// Scenes whose registered handler was found released, not yet reported.
    private var released: [String] = []

    /// Makes `handler` the current one of `scene` (replacing the previous one).
    public func register(_ handler: AnyObject, for scene: Scene) {
        let identifier = scene.session.persistentIdentifier
        entries[identifier] = Entry(handler: handler)
        if known.insert(identifier).inserted { recency.insert(identifier, at: 0) }
    }

    /// Removes `handler` wherever it is registered.
    public func unregister(_ handler: AnyObject) {
        entries = entries.filter { $0.value.handler !== handler && $0.value.handler != nil }
    }

    /// The live handler registered for the scene of this session, if any.
    public func handler(forSceneIdentifier identifier: String) -> AnyObject? {
        guard let entry = entries[identifier] else { return nil }
        if entry.handler == nil {
            // Registered, then released before any intent came: nothing keeps it alive. Noted
            // once, so the host can say so instead of failing silently.
            entries[identifier] = nil
            released.append(identifier)
        }
        return entry.handler
    }

    /// The scenes whose registered handler was found released (nothing held it: the store
    /// holds handlers weakly) since the last call; each is reported once.
    public func takeReleasedRegistrations() -> [String] {
        defer { released = [] }
        return released
    }

    /// The handler that answers `intent`, by the rule above; nil when no live handler is found.
    public func handler(for intent: AnyIntent) -> AnyObject? {
        if let target = intent.targetSceneIdentifier, let handler = handler(forSceneIdentifier: target) {
            return handler
        }
        for identifier in recency.reversed() {
            if let handler = handler(forSceneIdentifier: identifier) { return handler }
        }
        return nil
    }

    /// How many registered handlers are still alive.
    public var liveHandlerCount: Int { entries.values.count { $0.handler != nil } }

    func sceneActivated(_ identifier: String) {
        if known.insert(identifier).inserted == false, let index = recency.lastIndex(of: identifier) {
            recency.remove(at: index)
        }
        recency.append(identifier)
    }

    func sceneDisconnected(_ identifier: String) {
        entries[identifier] = nil
        if known.remove(identifier) != nil { recency.removeAll { $0 == identifier } }
    }

    func removeAll() {
        entries = [:]
        recency = []
        known = []
    }
}

extension ViewController {
    /// Registers `handler` as the current intent handler of this controller's scene; call it in
    /// `viewDidAppear`. Does nothing while the controller is in no scene.
    public func registerIntentHandler(_ handler: AnyObject) {
        guard let scene, let application = scene.application else { return }
        application.handlerStore.register(handler, for: scene)
    }
}
