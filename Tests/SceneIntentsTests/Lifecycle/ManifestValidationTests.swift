import Foundation
import SceneIntents
import Testing

/// The error validating `manifest` with factories for `registered` throws, if any.
func validationError(_ manifest: AppManifest, registered: Set<String> = ["Default"])
    -> ManifestError?
{
    do {
        try manifest.validate(sceneDelegateFactories: registered)
        return nil
    } catch {
        return error
    }
}

/// One application-role configuration, named "Default".
let oneScene: [SceneSessionRole: [SceneConfiguration]] = [
    .windowApplication: [SceneConfiguration(name: "Default", delegateClassName: "RecordingSceneDelegate")]
]

extension ManifestTests {
    // MARK: Validation

    @Test func anUnknownRoleIsRefusedWhenReadAndWhenValidated() throws {
        let plist: [String: Any] = [
            sceneManifestKey: [
                "UISceneConfigurations": ["UIWindowSceneSessionRoleWatch": [configuration("Default")]]
            ]
        ]
        #expect(
            readingError(try xmlData(plist))
                == ManifestError(code: .unknownRole, key: configurationsKey, value: "UIWindowSceneSessionRoleWatch"))

        let watch = SceneSessionRole(rawValue: "UIWindowSceneSessionRoleWatch")
        let built = AppManifest(sceneConfigurations: [watch: [SceneConfiguration(name: "Default", role: watch)]])
        #expect(
            validationError(built)
                == ManifestError(code: .unknownRole, key: configurationsKey, value: "UIWindowSceneSessionRoleWatch"))
    }

    @Test func duplicateConfigurationNamesAreRefused() throws {
        let plist = sceneManifest([configuration("Default"), configuration("Other"), configuration("Default")])
        let manifest = try AppManifest(propertyList: xmlData(plist))
        #expect(manifest.configurations(for: .windowApplication).map(\.name) == ["Default", "Other", "Default"])
        #expect(
            validationError(manifest)
                == ManifestError(code: .duplicateConfigurationName, key: applicationRoleKey, value: "Default"))
    }

    @Test func aConfigurationWithoutANameIsRefused() throws {
        for entry in [configuration(nil), configuration(""), configuration(nil, delegate: nil)] {
            #expect(
                readingError(try xmlData(sceneManifest([configuration("Default"), entry])))
                    == ManifestError(code: .missingConfigurationName, key: applicationRoleKey))
        }
        let built = AppManifest(sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "")]])
        #expect(validationError(built) == ManifestError(code: .missingConfigurationName, key: applicationRoleKey))
    }

    @Test func intentsNeedMultipleScenes() throws {
        let plist = sceneManifest([configuration("Default")], multiple: false)
            .merging(["INIntentsSupported": ["OrderSoupIntent"]]) { first, _ in first }
        let manifest = try AppManifest(propertyList: xmlData(plist))
        #expect(!manifest.supportsMultipleScenes)
        #expect(validationError(manifest) == ManifestError(code: .intentsNeedMultipleScenes, key: "INIntentsSupported"))

        var multiple = manifest
        multiple.supportsMultipleScenes = true
        #expect(validationError(multiple) == nil)
    }

    @Test func aRestrictedIntentMustBeSupported() {
        let manifest = AppManifest(
            sceneConfigurations: oneScene, intentsSupported: ["OrderSoupIntent"],
            intentsRestrictedWhileLocked: ["OrderSoupIntent", "SendMoneyIntent"])
        #expect(
            validationError(manifest)
                == ManifestError(
                    code: .restrictedIntentNotSupported, key: "INIntentsRestrictedWhileLocked",
                    value: "SendMoneyIntent"))
    }

    @Test func activityTypesNeedAnApplicationRoleConfiguration() {
        let none = AppManifest(userActivityTypes: ["com.example.recipe.open"])
        #expect(validationError(none) == ManifestError(code: .activityTypesNeedScene, key: "NSUserActivityTypes"))

        let externalOnly = AppManifest(
            sceneConfigurations: [
                .windowExternalDisplayNonInteractive: [
                    SceneConfiguration(name: "External", role: .windowExternalDisplayNonInteractive)
                ]
            ],
            userActivityTypes: ["com.example.recipe.open"])
        #expect(
            validationError(externalOnly) == ManifestError(code: .activityTypesNeedScene, key: "NSUserActivityTypes"))

        let withScene = AppManifest(sceneConfigurations: oneScene, userActivityTypes: ["com.example.recipe.open"])
        #expect(validationError(withScene) == nil)
    }

    /// One manifest per code that must fail with it, so a new code cannot go untested.
    @Test(arguments: ManifestError.Code.allCases)
    func everyCodeIsReported(_ code: ManifestError.Code) throws {
        let error: ManifestError?
        switch code {
        case .malformedPropertyList:
            error = readingError(Data([0xFF, 0xFE, 0xFD]))
        case .wrongType:
            error = readingError(try xmlData(["NSUserActivityTypes": "com.example.recipe.open"]))
        case .unknownRole:
            error = readingError(
                try xmlData([sceneManifestKey: ["UISceneConfigurations": ["UISceneRoleMystery": [[String: Any]]()]]]))
        case .duplicateConfigurationName:
            error = validationError(
                try AppManifest(propertyList: xmlData(sceneManifest([configuration("A"), configuration("A")]))))
        case .missingConfigurationName:
            error = readingError(try xmlData(sceneManifest([configuration(nil)])))
        case .intentsNeedMultipleScenes:
            error = validationError(
                AppManifest(supportsMultipleScenes: false, sceneConfigurations: oneScene, intentsSupported: ["A"]))
        case .restrictedIntentNotSupported:
            error = validationError(
                AppManifest(
                    sceneConfigurations: oneScene, intentsSupported: ["A"], intentsRestrictedWhileLocked: ["B"]))
        case .missingSceneDelegateFactory:
            error = validationError(AppManifest(sceneConfigurations: oneScene), registered: [])
        case .activityTypesNeedScene:
            error = validationError(AppManifest(userActivityTypes: ["A"]))
        }
        #expect(error?.code == code)
        #expect(error?.description.isEmpty == false)
    }

    @Test func withoutFactoriesOnlyWhatTheManifestSaysOnItsOwnIsChecked() throws {
        // What a system reading an installed app's Info.plist can check: no factory is known.
        try AppManifest(sceneConfigurations: oneScene, userActivityTypes: ["A"]).validate()
        #expect(throws: ManifestError(code: .activityTypesNeedScene, key: "NSUserActivityTypes")) {
            try AppManifest(userActivityTypes: ["A"]).validate()
        }
        #expect(
            validationError(AppManifest(sceneConfigurations: oneScene), registered: ["Main"])
                == .missingSceneDelegateFactory(configuration: "Default", role: .windowApplication, factories: ["Main"]))
    }

    @Test func aValidManifestPassesValidation() {
        #expect(validationError(AppManifest()) == nil)
        #expect(validationError(AppManifest(sceneConfigurations: oneScene, userActivityTypes: ["A"])) == nil)
        #expect(
            validationError(
                AppManifest(
                    sceneConfigurations: oneScene, intentsSupported: ["A", "B"], intentsRestrictedWhileLocked: ["B"]))
                == nil)
    }
}
