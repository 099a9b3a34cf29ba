/// The configuration a scene is created with: a name, a role and the scene delegate's class name.
///
/// `ApplicationDelegate.application(_:configurationForConnecting:options:)` returns one; when its
/// `delegateClassName` is nil the manifest's configuration of the same name supplies it.
public struct SceneConfiguration: Sendable, Hashable, Codable {
    /// The configuration's name (`UISceneConfigurationName`).
    public var name: String
    /// The session role it is for.
    public var role: SceneSessionRole
    /// The scene delegate's class name (`UISceneDelegateClassName`), registered with the application.
    public var delegateClassName: String?

    /// A configuration.
    public init(name: String, role: SceneSessionRole = .windowApplication, delegateClassName: String? = nil) {
        self.name = name
        self.role = role
        self.delegateClassName = delegateClassName
    }
}
