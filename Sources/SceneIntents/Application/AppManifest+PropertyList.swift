import Foundation

extension AppManifest {
    /// The manifest as `Info.plist` keys: what `init(propertyList:)` reads back into an equal
    /// manifest.
    ///
    /// `UIApplicationSceneManifest` is always written (with
    /// `UIApplicationSupportsMultipleScenes`, and `UISceneConfigurations` when a role declares
    /// any); the string lists are written only when they hold something, since an absent list
    /// reads as an empty one. The values are property-list types only (strings, booleans, arrays,
    /// dictionaries), so the dictionary can be merged into a bundle's other keys and serialized.
    public var propertyListKeys: [String: Any] {
        var keys: [String: Any] = [:]
        let lists = [
            ("INIntentsSupported", intentsSupported), ("INIntentsRestrictedWhileLocked", intentsRestrictedWhileLocked),
            ("NSUserActivityTypes", userActivityTypes),
        ]
        for (key, list) in lists where !list.isEmpty { keys[key] = list }
        var scene: [String: Any] = ["UIApplicationSupportsMultipleScenes": supportsMultipleScenes]
        if !sceneConfigurations.isEmpty {
            var byRole: [String: Any] = [:]
            for (role, configurations) in sceneConfigurations {
                byRole[role.rawValue] = configurations.map { configuration -> [String: Any] in
                    var entry: [String: Any] = ["UISceneConfigurationName": configuration.name]
                    if let delegateClassName = configuration.delegateClassName {
                        entry["UISceneDelegateClassName"] = delegateClassName
                    }
                    return entry
                }
            }
            scene["UISceneConfigurations"] = byRole
        }
        keys["UIApplicationSceneManifest"] = scene
        return keys
    }

    /// An XML `Info.plist` holding only the manifest's keys (`propertyListKeys`), keys sorted.
    public func propertyList() -> Data {
        // Property-list types only, so serialization cannot fail.
        (try? PropertyListSerialization.data(fromPropertyList: propertyListKeys, format: .xml, options: 0)) ?? Data()
    }
}
