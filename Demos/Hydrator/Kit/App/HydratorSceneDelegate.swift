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

    /// The activity type of the state restoration activity.
    public static let addingActivityType = "com.example.hydrator.adding"

    /// Builds the navigation stack with Today at the root and redraws it on every change; a
    /// session that kept an Add screen (its `userInfo`, else its restoration activity) gets it
    /// back over Today, with the drink and the ounces already chosen.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let today = TodayViewController(model: model)
        let navigation = NavigationController(root: today, name: "Navigation")
        scene.rootViewController = navigation
        scene.title = HydratorApp.name
        model.onChange = { [weak today] in today?.setNeedsRedraw() }
        let kept = session.userInfo["screen"] != nil ? session.userInfo : session.stateRestorationActivity?.userInfo ?? [:]
        if let form = AddForm(userInfo: kept), let delegate = scene.application?.delegate as? HydratorAppDelegate {
            try? navigation.push(AddViewController(handler: delegate.handler, form: form))
        }
    }

    /// The Add screen's form, while it is on top, so a reclaimed scene comes back to it.
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        guard let add = scene.visibleViewController as? AddViewController else { return nil }
        var content = UserActivity.Content(activityType: Self.addingActivityType)
        content.userInfo = add.form.userInfo
        return UserActivity(content: content)
    }

    /// The cheap change check: what was appended while the scene was away.
    public func sceneWillEnterForeground(_ scene: Scene) { model.refresh() }

    /// Watches the store while on screen (a failure to watch leaves the check on return).
    public func sceneDidBecomeActive(_ scene: Scene) { try? model.startWatching() }

    /// No watching in the background: the next return to the foreground reads the changes.
    public func sceneDidEnterBackground(_ scene: Scene) { model.stopWatching() }
}
