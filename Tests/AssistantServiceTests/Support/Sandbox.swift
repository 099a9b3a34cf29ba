import Foundation
import Testing

/// A temporary folder a test writes bundles into, removed by `finish()` (or, when a failing
/// test never gets there, when the sandbox goes away).
final class Sandbox {
    /// The folder, an absolute path with symbolic links resolved (so it matches what the
    /// registry reports).
    let root: String

    /// A fresh empty folder.
    init() throws {
        let path = NSTemporaryDirectory() + "/registry-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        root = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// `root/relative`.
    func path(_ relative: String) -> String { root + "/" + relative }

    /// Removes the folder and checks it is gone: nothing is left behind.
    func finish() throws {
        try FileManager.default.removeItem(atPath: root)
        #expect(!FileManager.default.fileExists(atPath: root))
    }

    /// Creates a folder (and its parents).
    func folder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    /// Writes bytes to a file (creating its folder), with the given permissions.
    func file(_ relative: String, _ data: Data, mode: Int = 0o644) throws {
        try folder((relative as NSString).deletingLastPathComponent)
        try data.write(to: URL(fileURLWithPath: path(relative)))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path(relative))
    }

    /// Writes a property list as XML.
    func plist(_ relative: String, _ dictionary: [String: Any]) throws {
        try file(relative, PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0))
    }

    /// Writes an executable file (a script; the registry only checks it can be run).
    func executable(_ relative: String) throws {
        try file(relative, Data("#!/bin/sh\nexit 0\n".utf8), mode: 0o755)
    }

    /// Writes `<folder>/<name>.app` with `info` and, when `executable` is set, its executable.
    @discardableResult
    func app(
        _ name: String, in folder: String = "Apps", info: [String: Any]? = nil, executable: Bool = true
    ) throws -> String {
        let bundle = "\(folder)/\(name).app"
        let info = info ?? Fixture.app(name)
        try plist("\(bundle)/Info.plist", info)
        try writeExecutable(executable, named: info["CFBundleExecutable"], in: bundle)
        return path(bundle)
    }

    /// Writes `<app>/PlugIns/<name>.appex` with `info` and, when `executable` is set, its executable.
    @discardableResult
    func plugIn(
        _ name: String, of app: String, in folder: String = "Apps", info: [String: Any]? = nil,
        executable: Bool = true
    ) throws -> String {
        let bundle = "\(folder)/\(app).app/PlugIns/\(name).appex"
        let info = info ?? Fixture.plugIn(name, of: app)
        try plist("\(bundle)/Info.plist", info)
        try writeExecutable(executable, named: info["CFBundleExecutable"], in: bundle)
        return path(bundle)
    }
}

extension Sandbox {
    /// Writes the executable a bundle names, when asked and when the name is a plain file name.
    fileprivate func writeExecutable(_ wanted: Bool, named name: Any?, in bundle: String) throws {
        guard wanted, let name = name as? String, !name.isEmpty, !name.contains("/") else { return }
        try executable("\(bundle)/\(name)")
    }
}

/// Valid Info.plist dictionaries, as a test's starting point.
enum Fixture {
    /// A bundle identifier from a name: `Soup Chef` → `com.example.SoupChef`.
    static func identifier(_ name: String) -> String {
        "com.example." + name.filter { !$0.isWhitespace }
    }

    /// An executable name from a name: `Soup Chef` → `soup-chef`.
    static func executableName(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: " ", with: "-")
    }

    /// A complete app Info.plist: one scene configuration, two intents (one restricted).
    static func app(_ name: String) -> [String: Any] {
        [
            "CFBundleIdentifier": identifier(name),
            "CFBundleName": name,
            "CFBundleExecutable": executableName(name),
            "INIntentsSupported": ["OrderSoupIntent", "SendMoneyIntent"],
            "INIntentsRestrictedWhileLocked": ["SendMoneyIntent"],
            "NSUserActivityTypes": ["OrderSoupIntent"],
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [
                        ["UISceneConfigurationName": "Default", "UISceneDelegateClassName": "SoupSceneDelegate"]
                    ]
                ],
            ] as [String: Any],
        ]
    }

    /// A complete intents extension Info.plist.
    static func plugIn(_ name: String, of app: String) -> [String: Any] {
        [
            "CFBundleIdentifier": identifier(app) + "." + name,
            "CFBundleExecutable": executableName(name),
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.intents-service",
                "NSExtensionAttributes": [
                    "IntentsSupported": ["OrderSoupIntent", "ListMenuIntent"],
                    "IntentsRestrictedWhileLocked": ["OrderSoupIntent"],
                ],
            ] as [String: Any],
        ]
    }
}

extension [String: Any] {
    /// Sets the value at a dotted key path (`NSExtension.NSExtensionAttributes.IntentsSupported`);
    /// nil removes it.
    mutating func set(_ keyPath: String, _ value: Any?) {
        let keys = keyPath.split(separator: ".").map(String.init)
        guard let first = keys.first else { return }
        if keys.count == 1 {
            self[first] = value
        } else {
            var nested = self[first] as? [String: Any] ?? [:]
            nested.set(keys.dropFirst().joined(separator: "."), value)
            self[first] = nested
        }
    }
}
