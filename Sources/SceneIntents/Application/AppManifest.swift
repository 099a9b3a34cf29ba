import DurableFiles
import Foundation

/// What an app declares in its Info.plist: scenes, supported and restricted intents, activity types.
///
/// Build it in code or read a real Info.plist (XML or binary) with `init(propertyList:)` or
/// `init(contentsOf:)`. The keys are UIKit's: `UIApplicationSceneManifest` →
/// `UIApplicationSupportsMultipleScenes`, `UISceneConfigurations` → role →
/// `[{UISceneConfigurationName, UISceneDelegateClassName}]`; `INIntentsSupported`,
/// `INIntentsRestrictedWhileLocked`, `NSUserActivityTypes`. A manifest that cannot work is
/// refused when the app launches (`validate(sceneDelegateFactories:)`).
public struct AppManifest: Sendable, Equatable {
    /// Whether the app supports multiple scenes (required for in-app intent handling).
    public var supportsMultipleScenes: Bool
    /// Scene configurations by role, in declaration order.
    public var sceneConfigurations: [SceneSessionRole: [SceneConfiguration]]
    /// The intent type names the app handles in process.
    public var intentsSupported: [String]
    /// The intents refused while the device is locked.
    public var intentsRestrictedWhileLocked: [String]
    /// The activity types the app can continue.
    public var userActivityTypes: [String]

    /// A manifest built in code.
    public init(
        supportsMultipleScenes: Bool = true,
        sceneConfigurations: [SceneSessionRole: [SceneConfiguration]] = [:],
        intentsSupported: [String] = [],
        intentsRestrictedWhileLocked: [String] = [],
        userActivityTypes: [String] = []
    ) {
        self.supportsMultipleScenes = supportsMultipleScenes
        self.sceneConfigurations = sceneConfigurations
        self.intentsSupported = intentsSupported
        self.intentsRestrictedWhileLocked = intentsRestrictedWhileLocked
        self.userActivityTypes = userActivityTypes
    }

    /// The most bytes an Info.plist may hold (1 MiB; real ones are a few kilobytes), here and
    /// wherever the system side reads one from a bundle.
    public static let fileSizeLimit = 1 << 20

    /// Reads an Info.plist file: a regular file of at most ``fileSizeLimit`` bytes.
    public init(contentsOf url: URL) throws(ManifestError) {
        let bytes: [UInt8]
        do throws(ReadFailure) { bytes = try FileContents.bytes(atPath: url.path, limit: Self.fileSizeLimit) } catch {
            let why = error == .tooLarge ? ": it is larger than \(Self.fileSizeLimit >> 20) MiB" : ""
            throw ManifestError(code: .malformedPropertyList, key: "Info.plist", value: "cannot read \(url.path)\(why)")
        }
        try self.init(propertyList: Data(bytes))
    }

    /// Reads an Info.plist's contents, XML or binary.
    public init(propertyList data: Data) throws(ManifestError) {
        let root: PropertyListValue
        do { root = try PropertyListValue.read(data) } catch {
            throw ManifestError(code: .malformedPropertyList, key: "Info.plist", value: "\(error)")
        }
        guard let plist = root.dictionaryValue else {
            throw ManifestError(code: .wrongType, key: "Info.plist", value: "a dictionary at the top level")
        }
        try self.init(dictionary: plist)
    }

    private init(dictionary plist: [String: PropertyListValue]) throws(ManifestError) {
        self.init()
        func strings(_ key: String) throws(ManifestError) -> [String] {
            guard let value = plist[key] else { return [] }
            guard let list = value.stringsValue else {
                throw ManifestError(code: .wrongType, key: key, value: "an array of strings")
            }
            return list
        }
        intentsSupported = try strings("INIntentsSupported")
        intentsRestrictedWhileLocked = try strings("INIntentsRestrictedWhileLocked")
        userActivityTypes = try strings("NSUserActivityTypes")

        let manifestKey = "UIApplicationSceneManifest"
        guard let sceneValue = plist[manifestKey] else {
            supportsMultipleScenes = false
            return
        }
        guard let scene = sceneValue.dictionaryValue else {
            throw ManifestError(code: .wrongType, key: manifestKey, value: "a dictionary")
        }
        let multipleKey = "\(manifestKey).UIApplicationSupportsMultipleScenes"
        switch scene["UIApplicationSupportsMultipleScenes"] {
        case nil: supportsMultipleScenes = false
        case .boolean(let flag): supportsMultipleScenes = flag
        default: throw ManifestError(code: .wrongType, key: multipleKey, value: "a boolean")
        }
        let configurationsKey = "\(manifestKey).UISceneConfigurations"
        guard let configurationsValue = scene["UISceneConfigurations"] else { return }
        guard let byRole = configurationsValue.dictionaryValue else {
            throw ManifestError(code: .wrongType, key: configurationsKey, value: "a dictionary of roles")
        }
        for (roleName, entries) in byRole.sorted(by: { $0.key < $1.key }) {
            let roleKey = "\(configurationsKey).\(roleName)"
            let role = SceneSessionRole(rawValue: roleName)
            guard SceneSessionRole.known.contains(role) else {
                throw ManifestError(code: .unknownRole, key: configurationsKey, value: roleName)
            }
            guard let list = entries.dictionariesValue else {
                throw ManifestError(code: .wrongType, key: roleKey, value: "an array of dictionaries")
            }
            var configurations: [SceneConfiguration] = []
            for entry in list {
                guard let name = entry["UISceneConfigurationName"]?.stringValue, !name.isEmpty else {
                    throw ManifestError(code: .missingConfigurationName, key: roleKey)
                }
                let delegateName = entry["UISceneDelegateClassName"]
                guard delegateName == nil || delegateName?.stringValue != nil else {
                    throw ManifestError(code: .wrongType, key: "\(roleKey).UISceneDelegateClassName", value: "a string")
                }
                configurations.append(
                    SceneConfiguration(name: name, role: role, delegateClassName: delegateName?.stringValue))
            }
            sceneConfigurations[role] = configurations
        }
    }

    /// The configurations declared for a role, in order.
    public func configurations(for role: SceneSessionRole) -> [SceneConfiguration] {
        sceneConfigurations[role] ?? []
    }

    /// Whether the manifest lists the intent type.
    public func supportsIntent(_ typeName: String) -> Bool { intentsSupported.contains(typeName) }

    /// Whether the intent is refused while the device is locked.
    public func isRestrictedWhileLocked(_ typeName: String) -> Bool {
        intentsRestrictedWhileLocked.contains(typeName)
    }

    /// Whether the app can continue activities of this type.
    public func supportsActivityType(_ activityType: String) -> Bool {
        userActivityTypes.contains(activityType)
    }

    /// Throws the first reason the manifest cannot work on its own, before any code is known:
    /// what a system reading an installed app's Info.plist can check.
    public func validate() throws(ManifestError) {
        let configurationsKey = "UIApplicationSceneManifest.UISceneConfigurations"
        for role in sceneConfigurations.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let roleKey = "\(configurationsKey).\(role.rawValue)"
            guard SceneSessionRole.known.contains(role) else {
                throw ManifestError(code: .unknownRole, key: configurationsKey, value: role.rawValue)
            }
            var names = Set<String>()
            for configuration in sceneConfigurations[role] ?? [] {
                guard !configuration.name.isEmpty else {
                    throw ManifestError(code: .missingConfigurationName, key: roleKey)
                }
                guard names.insert(configuration.name).inserted else {
                    throw ManifestError(code: .duplicateConfigurationName, key: roleKey, value: configuration.name)
                }
            }
        }
        if !intentsSupported.isEmpty && !supportsMultipleScenes {
            throw ManifestError(code: .intentsNeedMultipleScenes, key: "INIntentsSupported")
        }
        for intent in intentsRestrictedWhileLocked where !intentsSupported.contains(intent) {
            throw ManifestError(code: .restrictedIntentNotSupported, key: "INIntentsRestrictedWhileLocked", value: intent)
        }
        if !userActivityTypes.isEmpty && configurations(for: .windowApplication).isEmpty {
            throw ManifestError(code: .activityTypesNeedScene, key: "NSUserActivityTypes")
        }
    }

    /// Throws the first reason the manifest cannot work with the scene delegate factories an
    /// application registers (by configuration name): what `validate()` checks, then that every
    /// declared configuration, of every role, has a factory (`missingSceneDelegateFactory`,
    /// naming the configuration and the factories there are).
    public func validate(sceneDelegateFactories: some Sequence<String>) throws(ManifestError) {
        try validate()
        let factories = Set(sceneDelegateFactories)
        for role in sceneConfigurations.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            for configuration in sceneConfigurations[role] ?? [] where !factories.contains(configuration.name) {
                throw .missingSceneDelegateFactory(configuration: configuration.name, role: role, factories: factories)
            }
        }
    }
}
