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
        /// A configuration's scene delegate class is not registered with the application.
        case sceneDelegateNotRegistered
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

    /// An error.
    public init(code: Code, key: String, value: String? = nil) {
        self.code = code
        self.key = key
        self.value = value
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
        case .sceneDelegateNotRegistered:
            "\(key) names the scene delegate class '\(value)', which the application has not registered"
        case .activityTypesNeedScene:
            "\(key) lists activity types but no scene configuration for UIWindowSceneSessionRoleApplication exists to continue them"
        }
    }
}
