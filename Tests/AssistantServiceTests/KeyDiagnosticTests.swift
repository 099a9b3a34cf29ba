import AssistantService
import Foundation
import Testing

/// One broken key: how to break a valid Info.plist, and the diagnostic it must give.
struct KeyCase: Sendable, CustomTestStringConvertible {
    let name: String
    let key: String
    let value: (@Sendable () -> Any)?
    let code: RegistryDiagnostic.Code
    let detail: String?

    /// Removes `key`, expecting a missing-key diagnostic.
    static func missing(_ key: String) -> KeyCase {
        KeyCase(name: "missing \(key)", key: key, value: nil, code: .missingKey, detail: nil)
    }

    /// Sets `key` to `value`, expecting `code` with `detail`.
    static func set(
        _ key: String, _ value: @escaping @Sendable () -> Any, _ code: RegistryDiagnostic.Code, _ detail: String?
    ) -> KeyCase {
        KeyCase(name: "\(key) \(code)", key: key, value: value, code: code, detail: detail)
    }

    var testDescription: String { name }

    /// The dictionary broken this way.
    func apply(to info: [String: Any]) -> [String: Any] {
        var info = info
        info.set(key, value?())
        return info
    }
}

private let manifest = "UIApplicationSceneManifest"
private let roles = "UIApplicationSceneManifest.UISceneConfigurations"

/// Every way an app's Info.plist keys can be wrong, and what the registry says.
private let appCases: [KeyCase] = [
    .missing("CFBundleIdentifier"),
    .missing("CFBundleName"),
    .missing("CFBundleExecutable"),
    .set("CFBundleIdentifier", { 42 }, .wrongType, "a string"),
    .set("CFBundleName", { ["Soup"] }, .wrongType, "a string"),
    .set("CFBundleExecutable", { true }, .wrongType, "a string"),
    .set("CFBundleIdentifier", { "" }, .invalidValue, "it is empty"),
    // One bundle's name cannot swell every client's welcome, nor write to a terminal.
    .set("CFBundleName", { String(repeating: "Soup ", count: 20_000) }, .invalidValue, "it is 100000 bytes long, over the limit of 255"),
    .set("CFBundleName", { "Soup\u{1B}[2J Chef" }, .invalidValue, "it holds a control character"),
    .set("CFBundleIdentifier", { "com.example." + String(repeating: "a", count: 244) }, .invalidValue, "it is 256 bytes long, over the limit of 255"),
    .set("CFBundleExecutable", { "../../bin/sh" }, .invalidValue, "'../../bin/sh' is a path; give the executable's file name"),
    .set("INIntentsSupported", { "OrderSoupIntent" }, .wrongType, "an array of strings"),
    .set("INIntentsRestrictedWhileLocked", { [1, 2] }, .wrongType, "an array of strings"),
    .set("NSUserActivityTypes", { ["a": "b"] }, .wrongType, "an array of strings"),
    .set(manifest, { "scenes" }, .wrongType, "a dictionary"),
    .set("\(manifest).UIApplicationSupportsMultipleScenes", { "yes" }, .wrongType, "a boolean"),
    .set(roles, { ["a"] }, .wrongType, "a dictionary of roles"),
    .set("\(roles).UIWindowSceneSessionRoleApplication", { "Default" }, .wrongType, "an array of dictionaries"),
]

/// Every way an extension's Info.plist keys can be wrong, and what the registry says.
private let plugInCases: [KeyCase] = [
    .missing("CFBundleIdentifier"),
    .missing("CFBundleExecutable"),
    .missing("NSExtension"),
    .missing("NSExtension.NSExtensionPointIdentifier"),
    .missing("NSExtension.NSExtensionAttributes"),
    .missing("NSExtension.NSExtensionAttributes.IntentsSupported"),
    .set("CFBundleIdentifier", { ["id"] }, .wrongType, "a string"),
    .set("CFBundleExecutable", { 7 }, .wrongType, "a string"),
    .set("CFBundleExecutable", { "" }, .invalidValue, "it is empty"),
    .set("CFBundleName", { 3.5 }, .wrongType, "a string"),
    .set("CFBundleName", { "Orders\n" }, .invalidValue, "it holds a control character"),
    .set("NSExtension", { "intents" }, .wrongType, "a dictionary"),
    .set("NSExtension.NSExtensionPointIdentifier", { 1 }, .wrongType, "a string"),
    .set(
        "NSExtension.NSExtensionPointIdentifier", { "com.apple.widgetkit-extension" }, .unsupportedExtensionPoint,
        "com.apple.widgetkit-extension"),
    .set("NSExtension.NSExtensionAttributes", { ["IntentsSupported"] }, .wrongType, "a dictionary"),
    .set("NSExtension.NSExtensionAttributes.IntentsSupported", { "OrderSoupIntent" }, .wrongType, "an array of strings"),
    .set("NSExtension.NSExtensionAttributes.IntentsRestrictedWhileLocked", { false }, .wrongType, "an array of strings"),
    .set(
        "NSExtension.NSExtensionAttributes.IntentsRestrictedWhileLocked", { ["PayBillIntent"] }, .invalidValue,
        "it restricts 'PayBillIntent', which IntentsSupported does not list"),
]

@Suite("Registry: one diagnostic per broken key")
struct KeyDiagnosticTests {
    @Test("an app with a broken key is skipped, naming the file and the key; the others are served", arguments: appCases)
    func brokenAppKey(_ broken: KeyCase) throws {
        let sandbox = try Sandbox()
        try sandbox.app("Healthy")
        let bundle = try sandbox.app("Soup Chef", info: broken.apply(to: Fixture.app("Soup Chef")))
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(registry.apps.map(\.name) == ["Healthy"])
        #expect(
            registry.diagnostics == [
                RegistryDiagnostic(
                    broken.code, file: bundle + "/Info.plist", key: broken.key, value: broken.detail, skipped: bundle)
            ])
        try sandbox.finish()
    }

    @Test("an extension with a broken key is skipped; its app is served without it", arguments: plugInCases)
    func brokenPlugInKey(_ broken: KeyCase) throws {
        let sandbox = try Sandbox()
        try sandbox.app("Soup Chef")
        try sandbox.plugIn("Menu", of: "Soup Chef")
        let bundle = try sandbox.plugIn(
            "Orders", of: "Soup Chef", info: broken.apply(to: Fixture.plugIn("Orders", of: "Soup Chef")))
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(registry.apps.map(\.name) == ["Soup Chef"])
        #expect(registry.apps.first?.extensions.map(\.name) == ["Menu"])
        #expect(
            registry.diagnostics == [
                RegistryDiagnostic(
                    broken.code, file: bundle + "/Info.plist", key: broken.key, value: broken.detail, skipped: bundle)
            ])
        try sandbox.finish()
    }

    @Test("a manifest the app would refuse at launch is skipped with the manifest's reason")
    func unworkableManifest() throws {
        let sandbox = try Sandbox()
        var single = Fixture.app("Single")
        single.set("\(manifest).UIApplicationSupportsMultipleScenes", false)
        var stray = Fixture.app("Stray")
        stray.set("INIntentsRestrictedWhileLocked", ["PayBillIntent"])
        var role = Fixture.app("Role")
        role.set("\(roles).UIWindowSceneSessionRoleCarPlay", [["UISceneConfigurationName": "Car"]])
        let bundles = try [("Single", single), ("Stray", stray), ("Role", role)].map { name, info in
            try sandbox.app(name, info: info)
        }
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(registry.apps.isEmpty)
        #expect(
            registry.diagnostics.map(\.description) == [
                "\(bundles[2])/Info.plist: \(roles) names the unknown scene role 'UIWindowSceneSessionRoleCarPlay'; Role.app is skipped",
                "\(bundles[0])/Info.plist: INIntentsSupported lists intents but UIApplicationSupportsMultipleScenes is off: in-app intent handling needs multiple scenes; Single.app is skipped",
                "\(bundles[1])/Info.plist: INIntentsRestrictedWhileLocked restricts 'PayBillIntent', which INIntentsSupported does not list; Stray.app is skipped",
            ])
        #expect(registry.diagnostics.map(\.code) == [.invalidManifest, .invalidManifest, .invalidManifest])
        try sandbox.finish()
    }
}
