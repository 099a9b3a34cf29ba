/// The role a scene session plays, with UIKit's manifest names.
public struct SceneSessionRole: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The manifest name (e.g. `UIWindowSceneSessionRoleApplication`).
    public let rawValue: String

    /// A role from its manifest name; `AppManifest` refuses names it does not know.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The app's own windows.
    public static let windowApplication = SceneSessionRole(rawValue: "UIWindowSceneSessionRoleApplication")
    /// A non-interactive external display.
    public static let windowExternalDisplayNonInteractive = SceneSessionRole(
        rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    /// An external display (the older name).
    public static let windowExternalDisplay = SceneSessionRole(rawValue: "UIWindowSceneSessionRoleExternalDisplay")
    /// A CarPlay template application.
    public static let carTemplateApplication = SceneSessionRole(
        rawValue: "CPTemplateApplicationSceneSessionRoleApplication")

    /// The roles a manifest may name.
    public static let known: Set<SceneSessionRole> = [
        .windowApplication, .windowExternalDisplayNonInteractive, .windowExternalDisplay,
        .carTemplateApplication,
    ]

    /// One line for logs and messages.
    public var description: String { rawValue }
}
