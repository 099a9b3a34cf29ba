import Foundation
import IntentDefinition
import SceneIntents
import SceneIntentsHost
import SceneIntentsTesting
import TestFixtures
import Testing

/// `<executable> --write-bundle-data FOLDER` in a host executable (`kitchen-host`, which holds
/// the kitchen app and, under the name `kitchen-extension`, its extension; and the extension-only
/// `kitchen-extension`): the `Info.plist` each writes, whole, and each failure's status and line.
@Suite(.serialized)
struct BundleDataTests {
    /// A fresh folder; `body` gets its path; it is removed after.
    func inFolder(_ body: (String) async throws -> Void) async throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("bundle-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await body(folder)
    }

    func infoPlist(_ folder: String) throws -> NSDictionary? {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/Info.plist"))
        return try PropertyListSerialization.propertyList(from: data, format: nil) as? NSDictionary
    }

    @Test func theAppWritesItsIdentityAndManifest() async throws {
        try await inFolder { folder in
            let run = try await BuiltProducts.run(atPath: BuiltProducts.executable("kitchen-host"), ["--write-bundle-data", folder], stdin: "")
            #expect(run == BuiltProductRun(status: 0, stdout: "", stderr: ""))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                AppBundleData.vocabularyFile, "Info.plist", AppBundleData.definitionFile, AppBundleData.projectFile,
            ])
            #expect(try AppBundleData(contentsOf: folder).catalog == Kitchen.catalog().catalogDescription)
            let expected: NSDictionary = [
                "CFBundleName": "Kitchen", "CFBundleIdentifier": "com.example.kitchen", "CFBundleExecutable": "kitchen-host",
                "INIntentsSupported": ["OrderSoupIntent", "OpenSafeIntent"], "INIntentsRestrictedWhileLocked": ["OpenSafeIntent"],
                "NSUserActivityTypes": ["OrderSoupIntent", "OpenSafeIntent"],
                "UIApplicationSceneManifest": [
                    "UIApplicationSupportsMultipleScenes": true,
                    "UISceneConfigurations": [
                        "UIWindowSceneSessionRoleApplication": [
                            ["UISceneConfigurationName": "Default", "UISceneDelegateClassName": "KitchenSceneDelegate"]
                        ]
                    ],
                ],
            ]
            #expect(try infoPlist(folder) == expected)
        }
    }

    @Test func underItsExtensionsNameItWritesTheExtensions() async throws {
        try await inFolder { folder in
            let link = "\(folder)/kitchen-extension"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: BuiltProducts.executable("kitchen-host"))
            let run = try await BuiltProducts.run(atPath: link, ["--write-bundle-data", folder], stdin: "")
            #expect(run == BuiltProductRun(status: 0, stdout: "", stderr: ""))
            let expected: NSDictionary = [
                "CFBundleName": "Kitchen Intents", "CFBundleIdentifier": "com.example.kitchen.intents",
                "CFBundleExecutable": "kitchen-extension",
                "NSExtension": [
                    "NSExtensionPointIdentifier": "com.apple.intents-service",
                    "NSExtensionAttributes": [
                        "IntentsSupported": ["OrderSoupIntent", "UnlistedIntent"], "IntentsRestrictedWhileLocked": [String](),
                    ],
                ],
            ]
            #expect(try infoPlist(folder) == expected)
        }
    }

    @Test func withoutABundleIdentifierItSays78AndWritesNothing() async throws {
        try await inFolder { folder in
            let run = try await BuiltProducts.run(atPath: BuiltProducts.executable("kitchen-extension"), ["--write-bundle-data", folder], stdin: "")
            let line = "Kitchen Intents: --write-bundle-data: Kitchen Intents has no bundle identifier: pass bundleIdentifier: to AppMain or IntentsExtension\n"
            #expect(run == BuiltProductRun(status: 78, stdout: "", stderr: line))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        }
    }

    @Test func aFolderThatCannotBeWrittenIs73() async throws {
        try await inFolder { folder in
            let missing = "\(folder)/missing"
            let run = try await BuiltProducts.run(atPath: BuiltProducts.executable("kitchen-host"), ["--write-bundle-data", missing], stdin: "")
            #expect(run.status == 73)
            #expect(
                run.stderr.replacing(/\.\d+\.tmp/, with: ".N.tmp")
                    == "Kitchen: --write-bundle-data: cannot write '\(missing)/.Info.plist.N.tmp': open failed (No such file or directory)\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        }
    }
}

/// A manifest the registry would refuse is refused when the bundle is made, naming the key.
@MainActor
struct RefusedManifestBundleDataTests {
    @Test func aManifestASystemWouldRefuseIsRefusedWhenTheBundleIsMadeAndNothingIsWritten() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Activity types to continue, and no scene configuration to continue them in.
        let manifest = AppManifest(
            supportsMultipleScenes: true, sceneConfigurations: [:], intentsSupported: ["OrderSoupIntent"],
            userActivityTypes: ["OrderSoupIntent"])
        let app = AppMain(
            name: "Kitchen", bundleIdentifier: "com.example.kitchen", manifest: manifest, intents: [OrderSoupIntent.self],
            delegate: { KitchenDelegate() })
        let status = await app.main(environment: [:], executable: "kitchen-app", arguments: ["--write-bundle-data", folder])
        #expect(status == 70)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        do {
            try manifest.validate()
            Issue.record("the manifest was expected to be refused")
        } catch {
            #expect(error.key.hasPrefix("NSUserActivityTypes"))
        }
    }
}
