import Foundation
import SceneIntents
import SceneIntentsTesting
import Testing

/// A manifest that cannot work, for one error code: where it is refused (reading the Info.plist,
/// or the launch) and the exact error and message.
private struct InvalidManifest: Sendable, CustomTestStringConvertible {
    let code: ManifestError.Code
    /// Reads (or builds) the manifest; a reading error is the refusal.
    let make: @Sendable () throws(ManifestError) -> AppManifest
    let expected: ManifestError
    let message: String

    var testDescription: String { code.rawValue }

    private static let roleKey = "UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication"
    private static let scene: [SceneSessionRole: [SceneConfiguration]] = [
        .windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "RecordingSceneDelegate")]
    ]

    /// Reads a property list given as a Swift value (serialised to XML first).
    private static func reading(_ plist: [String: Any]) throws(ManifestError) -> AppManifest {
        // The values are strings, booleans, arrays and dictionaries: serialisation cannot fail.
        let data = (try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)) ?? Data()
        return try AppManifest(propertyList: data)
    }

    /// One per code, so a new code without a case here fails to compile.
    static func of(_ code: ManifestError.Code) -> InvalidManifest {
        switch code {
        case .malformedPropertyList:
            InvalidManifest(
                code: code, make: { () throws(ManifestError) in
                    try AppManifest(contentsOf: URL(fileURLWithPath: "/nonexistent/Info.plist"))
                },
                expected: ManifestError(code: code, key: "Info.plist", value: "cannot read /nonexistent/Info.plist"),
                message: "the manifest is not a readable property list: cannot read /nonexistent/Info.plist")
        case .wrongType:
            InvalidManifest(
                code: code, make: { () throws(ManifestError) in try reading(["NSUserActivityTypes": "one.type"]) },
                expected: ManifestError(code: code, key: "NSUserActivityTypes", value: "an array of strings"),
                message: "NSUserActivityTypes holds the wrong type of value (expected an array of strings)")
        case .unknownRole:
            InvalidManifest(
                code: code,
                make: {
                    AppManifest(sceneConfigurations: [SceneSessionRole(rawValue: "UISceneRoleMystery"): []])
                },
                expected: ManifestError(
                    code: code, key: "UIApplicationSceneManifest.UISceneConfigurations", value: "UISceneRoleMystery"),
                message: "UIApplicationSceneManifest.UISceneConfigurations names the unknown scene role 'UISceneRoleMystery'")
        case .duplicateConfigurationName:
            InvalidManifest(
                code: code,
                make: {
                    AppManifest(sceneConfigurations: [
                        .windowApplication: [
                            SceneConfiguration(name: "Default", delegateClassName: "RecordingSceneDelegate"),
                            SceneConfiguration(name: "Default", delegateClassName: "NavigationSceneDelegate"),
                        ]
                    ])
                },
                expected: ManifestError(code: code, key: roleKey, value: "Default"),
                message: "\(roleKey) declares the configuration 'Default' twice")
        case .missingConfigurationName:
            InvalidManifest(
                code: code,
                make: { AppManifest(sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "")]]) },
                expected: ManifestError(code: code, key: roleKey),
                message: "\(roleKey) has a configuration with no UISceneConfigurationName")
        case .intentsNeedMultipleScenes:
            InvalidManifest(
                code: code,
                make: {
                    AppManifest(
                        supportsMultipleScenes: false, sceneConfigurations: scene,
                        intentsSupported: ["OrderSoupIntent"], userActivityTypes: ["OrderSoupIntent"])
                },
                expected: ManifestError(code: code, key: "INIntentsSupported"),
                message:
                    "INIntentsSupported lists intents but UIApplicationSupportsMultipleScenes is off: in-app intent handling needs multiple scenes"
            )
        case .restrictedIntentNotSupported:
            InvalidManifest(
                code: code,
                make: {
                    AppManifest(
                        sceneConfigurations: scene, intentsSupported: ["OrderSoupIntent"],
                        intentsRestrictedWhileLocked: ["SendMoneyIntent"], userActivityTypes: ["OrderSoupIntent"])
                },
                expected: ManifestError(code: code, key: "INIntentsRestrictedWhileLocked", value: "SendMoneyIntent"),
                message: "INIntentsRestrictedWhileLocked restricts 'SendMoneyIntent', which INIntentsSupported does not list")
        case .missingSceneDelegateFactory:
            InvalidManifest(
                code: code,
                make: {
                    AppManifest(sceneConfigurations: [
                        .windowApplication: [SceneConfiguration(name: "Ghost", delegateClassName: "RecordingSceneDelegate")]
                    ])
                },
                expected: ManifestError(
                    code: code, key: roleKey, value: "Ghost",
                    registered: ["Default", "Default Configuration", "External", "Navigation"]),
                message:
                    "\(roleKey) has the configuration 'Ghost', which has no scene delegate factory; the application registers factories for 'Default', 'Default Configuration', 'External', 'Navigation'"
            )
        case .activityTypesNeedScene:
            InvalidManifest(
                code: code, make: { AppManifest(userActivityTypes: ["com.example.recipe.open"]) },
                expected: ManifestError(code: code, key: "NSUserActivityTypes"),
                message:
                    "NSUserActivityTypes lists activity types but no scene configuration for UIWindowSceneSessionRoleApplication exists to continue them"
            )
        }
    }
}

extension ManifestTests {
    /// One manifest per error code, each refused with its exact code, key, value and message: by
    /// the reading when the Info.plist itself is at fault, else by the launch, which then makes
    /// no delegate, records nothing and leaves the app not running.
    @Test(arguments: ManifestError.Code.allCases)
    @MainActor func everyInvalidManifestRefusesTheLaunch(_ code: ManifestError.Code) throws {
        let invalid = InvalidManifest.of(code)
        let manifest: AppManifest
        do {
            manifest = try invalid.make()
        } catch {
            // The Info.plist itself is at fault: there is no manifest to launch with.
            #expect(error == invalid.expected)
            #expect(error.description == invalid.message)
            return
        }
        var delegatesMade = 0
        let app = Application(manifest: manifest, sceneDelegates: TestApp.sceneDelegates) {
            delegatesMade += 1
            return TestAppDelegate(journal: Journal(), launchNumber: delegatesMade)
        }
        let recorder = LifecycleRecorder(app)

        #expect(throws: ApplicationError.invalidManifest(invalid.expected)) { try app.launch(.user) }
        let error = #expect(throws: ApplicationError.self) { try app.launch(.intent) }
        #expect(error?.code == .invalidManifest)
        #expect(error?.description == "the manifest cannot work: \(invalid.message)")
        #expect(invalid.expected.code == code)
        #expect(invalid.expected.description == invalid.message)
        #expect(delegatesMade == 0)
        #expect(!app.isRunning && app.delegate == nil && app.openSessions.isEmpty)
        #expect(leftInFlight(recorder: recorder) == [])
    }
}
