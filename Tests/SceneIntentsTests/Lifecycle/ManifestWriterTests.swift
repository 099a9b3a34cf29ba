import Foundation
import SceneIntents
import Testing

/// `AppManifest.propertyList()`: what it writes reads back as the same manifest, and the keys are
/// UIKit's, written once each.
@Suite struct ManifestWriterTests {
    /// Manifests covering every key: several roles and configurations, one configuration with no
    /// delegate class, a manifest without multiple scenes, an empty one.
    static let manifests: [AppManifest] = [
        AppManifest(
            supportsMultipleScenes: true,
            sceneConfigurations: [
                .windowApplication: [
                    SceneConfiguration(name: "Default Configuration", delegateClassName: "KitchenSceneDelegate"),
                    SceneConfiguration(name: "Timer", delegateClassName: "TimerSceneDelegate"),
                ],
                .windowExternalDisplayNonInteractive: [
                    SceneConfiguration(name: "External", role: .windowExternalDisplayNonInteractive)
                ],
            ],
            intentsSupported: ["StartTimerIntent", "StopTimerIntent"],
            intentsRestrictedWhileLocked: ["StopTimerIntent"],
            userActivityTypes: ["com.example.timers.view", "StartTimerIntent"]),
        AppManifest(supportsMultipleScenes: false, userActivityTypes: ["com.example.only"]),
        AppManifest(),
    ]

    @Test(arguments: manifests)
    func writtenManifestReadsBackEqual(_ manifest: AppManifest) throws {
        #expect(try AppManifest(propertyList: manifest.propertyList()) == manifest)
    }

    @Test func writesUIKitKeysAndOmitsEmptyLists() throws {
        let written = try PropertyListSerialization.propertyList(from: Self.manifests[0].propertyList(), format: nil)
        let expected: [String: Any] = [
            "INIntentsSupported": ["StartTimerIntent", "StopTimerIntent"],
            "INIntentsRestrictedWhileLocked": ["StopTimerIntent"],
            "NSUserActivityTypes": ["com.example.timers.view", "StartTimerIntent"],
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [
                        ["UISceneConfigurationName": "Default Configuration", "UISceneDelegateClassName": "KitchenSceneDelegate"],
                        ["UISceneConfigurationName": "Timer", "UISceneDelegateClassName": "TimerSceneDelegate"],
                    ],
                    "UIWindowSceneSessionRoleExternalDisplayNonInteractive": [["UISceneConfigurationName": "External"]],
                ] as [String: Any],
            ] as [String: Any],
        ]
        #expect((written as? NSDictionary) == (expected as NSDictionary))
        let empty = try PropertyListSerialization.propertyList(from: AppManifest().propertyList(), format: nil)
        let emptyExpected: [String: Any] = ["UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": true]]
        #expect((empty as? NSDictionary) == (emptyExpected as NSDictionary))
    }
}
