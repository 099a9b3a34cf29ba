/// Why a manifest cannot work: refused at launch, naming the key at fault.
public struct ManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// The property list cannot be read.
        case malformedPropertyList
        /// A key holds a value of the wrong type.
        case wrongType
        /// A scene configuration names a role UIKit does not know.
        case unknownRole
        /// Two configurations share a name.
        case duplicateConfigurationName
        /// A configuration has no name.
        case missingConfigurationName
        /// Intents are listed but multiple scenes are off (in-app dispatch would never run).
        case intentsNeedMultipleScenes
        /// An intent is restricted while locked but not listed as supported.
        case restrictedIntentNotSupported
        /// A configuration has no scene delegate factory registered under its name.
        case missingSceneDelegateFactory
        /// Activity types are listed but no configuration for the application role exists to
        /// continue them.
        case activityTypesNeedScene
    }

    /// What is wrong.
    public let code: Code
    /// The key at fault, as a path (e.g. `UIApplicationSceneManifest.UISceneConfigurations`).
    public let key: String
    /// The offending value, where there is one.
    public let value: String?
    /// What the application registers, where the error is about what it registers (the names
    /// of its scene delegate factories, sorted); empty otherwise.
    public let registered: [String]

    /// An error.
    public init(code: Code, key: String, value: String? = nil, registered: [String] = []) {
        self.code = code
        self.key = key
        self.value = value
        self.registered = registered
    }

    /// The configuration `name` of `role` has no scene delegate factory among `factories`.
    public static func missingSceneDelegateFactory(
        configuration name: String, role: SceneSessionRole, factories: some Sequence<String>
    ) -> ManifestError {
        ManifestError(
            code: .missingSceneDelegateFactory,
            key: "UIApplicationSceneManifest.UISceneConfigurations.\(role.rawValue)", value: name,
            registered: factories.sorted())
    }

    /// One line for logs and messages.
    public var description: String {
        let value = value ?? ""
        return switch code {
        case .malformedPropertyList: "the manifest is not a readable property list: \(value)"
        case .wrongType: "\(key) holds the wrong type of value (expected \(value))"
        case .unknownRole: "\(key) names the unknown scene role '\(value)'"
        case .duplicateConfigurationName: "\(key) declares the configuration '\(value)' twice"
        case .missingConfigurationName: "\(key) has a configuration with no UISceneConfigurationName"
        case .intentsNeedMultipleScenes:
            "\(key) lists intents but UIApplicationSupportsMultipleScenes is off: in-app intent handling needs multiple scenes"
        case .restrictedIntentNotSupported:
            "\(key) restricts '\(value)', which INIntentsSupported does not list"
        case .missingSceneDelegateFactory:
            "\(key) has the configuration '\(value)', which has no scene delegate factory; "
                + (registered.isEmpty
                    ? "the application registers none"
                    : "the application registers factories for " + registered.map { "'\($0)'" }.joined(separator: ", "))
        case .activityTypesNeedScene:
            "\(key) lists activity types but no scene configuration for UIWindowSceneSessionRoleApplication exists to continue them"
        }
    }
}
