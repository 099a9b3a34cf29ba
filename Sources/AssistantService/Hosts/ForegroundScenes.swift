import SceneIntents
import Synchronization

/// Which of an app's scenes are in the foreground (active or inactive), as its lifecycle
/// callbacks say: a scene enters the foreground with `sceneWillEnterForeground` and leaves it
/// with `sceneDidEnterBackground` or `sceneDidDisconnect`. Routing reads it; the assistant's
/// overlay (which only makes a scene inactive) does not move it.
final class ForegroundScenes: Sendable {
    private let sessions = Mutex<Set<String>>([])

    /// Whether any scene is in the foreground.
    var isForeground: Bool { sessions.withLock { !$0.isEmpty } }

    /// Counts one lifecycle callback.
    func note(_ event: LifecycleEvent) {
        guard case .scene(let session, let callback) = event else { return }
        switch callback {
        case .sceneWillEnterForeground: sessions.withLock { _ = $0.insert(session) }
        case .sceneDidEnterBackground, .sceneDidDisconnect: sessions.withLock { _ = $0.remove(session) }
        default: break
        }
    }

    /// No scene (the process ended).
    func reset() {
        sessions.withLock { $0 = [] }
    }
}
