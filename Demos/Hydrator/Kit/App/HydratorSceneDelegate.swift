import SceneIntents

/// The scene delegate: the Today screen at the root; coming to the foreground it reads what
/// changed in the shared store (what the extension logged meanwhile) and watches the store while
/// active, so an entry logged elsewhere shows at once.
@MainActor
public final class HydratorSceneDelegate: SceneDelegate {
    private let model: HydrationModel

    /// A delegate over the app's model (the app's scene delegate factory makes one per scene).
    public init(model: HydrationModel) {
        self.model = model
    }

    /// Builds the navigation stack with Today at the root and redraws it on every change.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let today = TodayViewController(model: model)
        scene.rootViewController = NavigationController(root: today, name: "Navigation")
        scene.title = HydratorApp.name
        model.onChange = { [weak today] in today?.setNeedsRedraw() }
    }

    /// The cheap change check: what was appended while the scene was away.
    public func sceneWillEnterForeground(_ scene: Scene) { model.refresh() }

    /// Watches the store while on screen (a failure to watch leaves the check on return).
    public func sceneDidBecomeActive(_ scene: Scene) { try? model.startWatching() }

    /// No watching in the background: the next return to the foreground reads the changes.
    public func sceneDidEnterBackground(_ scene: Scene) { model.stopWatching() }
}
