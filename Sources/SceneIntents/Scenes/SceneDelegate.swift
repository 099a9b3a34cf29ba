/// Makes the delegate of a new scene: registered with the application under a configuration's
/// name (`UISceneConfigurationName`), so the delegate gets its dependencies from the closure
/// (`{ RecipeSceneDelegate(model: model) }`) instead of from the app delegate.
public typealias SceneDelegateFactory = @MainActor () -> any SceneDelegate

/// A scene's delegate: UIKit's scene callbacks, each with an empty default.
///
/// The application creates one per scene by calling the `SceneDelegateFactory` registered under
/// the scene's configuration name, so a conforming class has whatever initialiser its
/// dependencies need.
@MainActor
public protocol SceneDelegate: AnyObject {
    /// The scene is connecting; set `scene.rootViewController` here and look at the options'
    /// user activities (and `session.stateRestorationActivity` after a reclaim). Continuing an
    /// activity from the options, give the user's line with `scene.answerContinuation(_:)`.
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions)
    /// The scene was disconnected; its session may survive it.
    func sceneDidDisconnect(_ scene: Scene)
    /// The scene is coming on screen.
    func sceneWillEnterForeground(_ scene: Scene)
    /// The scene receives events.
    func sceneDidBecomeActive(_ scene: Scene)
    /// The scene stops receiving events.
    func sceneWillResignActive(_ scene: Scene)
    /// The scene went off screen.
    func sceneDidEnterBackground(_ scene: Scene)
    /// An activity of this type is about to be continued.
    func scene(_ scene: Scene, willContinueUserActivityWithType activityType: String)
    /// Continue the activity (check `userActivity.interaction?.intentResponse` so an action
    /// already done is not repeated), and give the line the user should hear about it with
    /// `scene.answerContinuation(_:)`.
    func scene(_ scene: Scene, continue userActivity: UserActivity)
    /// An activity of this type could not be continued.
    func scene(_ scene: Scene, didFailToContinueUserActivityWithType activityType: String, error: any Error)
    /// The activity to restore the scene with if it is disconnected and reconnected later.
    func stateRestorationActivity(for scene: Scene) -> UserActivity?
}

extension SceneDelegate {
    /// Does nothing by default.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {}
    /// Does nothing by default.
    public func sceneDidDisconnect(_ scene: Scene) {}
    /// Does nothing by default.
    public func sceneWillEnterForeground(_ scene: Scene) {}
    /// Does nothing by default.
    public func sceneDidBecomeActive(_ scene: Scene) {}
    /// Does nothing by default.
    public func sceneWillResignActive(_ scene: Scene) {}
    /// Does nothing by default.
    public func sceneDidEnterBackground(_ scene: Scene) {}
    /// Does nothing by default.
    public func scene(_ scene: Scene, willContinueUserActivityWithType activityType: String) {}
    /// Does nothing by default.
    public func scene(_ scene: Scene, continue userActivity: UserActivity) {}
    /// Does nothing by default.
    public func scene(
        _ scene: Scene, didFailToContinueUserActivityWithType activityType: String, error: any Error
    ) {}
    /// No activity by default.
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? { nil }
}
