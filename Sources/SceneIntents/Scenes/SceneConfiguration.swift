/// The configuration a scene is created with: a name, a role and the scene delegate's class name.
///
/// `ApplicationDelegate.application(_:configurationForConnecting:options:)` returns one. The
/// scene's delegate comes from the `SceneDelegateFactory` registered under its `name`; when its
/// `delegateClassName` is nil the manifest's configuration of the same name supplies it.
public struct SceneConfiguration: Sendable, Hashable, Codable {
    /// The configuration's name (`UISceneConfigurationName`).
    public var name: String
    /// The session role it is for.
    public var role: SceneSessionRole
    /// The scene delegate's class name (`UISceneDelegateClassName`), as the Info.plist says it.
    ///
    /// Informational: nothing is looked up by it (the factory registered under `name` makes the
    /// delegate). It is kept so a manifest read from an Info.plist says the same as UIKit's and
    /// a connected scene's session can name the class it was declared with.
    public var delegateClassName: String?

    /// A configuration.
    public init(name: String, role: SceneSessionRole = .windowApplication, delegateClassName: String? = nil) {
        self.name = name
        self.role = role
        self.delegateClassName = delegateClassName
    }
}
