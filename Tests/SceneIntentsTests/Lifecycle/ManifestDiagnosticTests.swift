import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Manifest diagnostics")
@MainActor
struct ManifestDiagnosticTests {
    private let scene: [SceneSessionRole: [SceneConfiguration]] = [
        .windowApplication: [SceneConfiguration(name: "Default", delegateClassName: RecordingSceneDelegate.className)]
    ]

    @Test func anIntentMissingFromTheActivityTypesIsDiagnosedNamingTheIntentAndTheKey() {
        let manifest = AppManifest(
            sceneConfigurations: scene, intentsSupported: ["OrderSoupIntent", "ShowMenuIntent", "PayIntent"],
            userActivityTypes: ["ShowMenuIntent"])

        #expect(
            manifest.diagnostics == [
                ManifestDiagnostic(code: .intentCannotContinueInApp, key: "NSUserActivityTypes", value: "OrderSoupIntent"),
                ManifestDiagnostic(code: .intentCannotContinueInApp, key: "NSUserActivityTypes", value: "PayIntent"),
            ])
        #expect(
            manifest.diagnostics.first?.description
                == "INIntentsSupported lists 'OrderSoupIntent' but NSUserActivityTypes does not: continueInApp for it can never continue in the app; add 'OrderSoupIntent' to NSUserActivityTypes"
        )
    }

    @Test func aManifestWhoseIntentsCanContinueHasNoDiagnostic() {
        #expect(AppManifest().diagnostics == [])
        #expect(
            AppManifest(
                sceneConfigurations: scene, intentsSupported: ["OrderSoupIntent"],
                userActivityTypes: ["OrderSoupIntent", "com.example.viewing"]
            ).diagnostics == [])
    }

    @Test func theLaunchReportsTheDiagnosticFirstAndGoesOn() throws {
        let manifest = AppManifest(
            sceneConfigurations: scene, intentsSupported: ["OrderSoupIntent"], userActivityTypes: [])
        let app = Application(manifest: manifest, sceneDelegates: TestApp.sceneDelegates) {
            TestAppDelegate(journal: Journal(), launchNumber: 1)
        }
        let recorder = LifecycleRecorder(app)

        try app.launch(.intent)
        #expect(
            recorder.take() == [
                "app diagnostic intentCannotContinueInApp: INIntentsSupported lists 'OrderSoupIntent' but NSUserActivityTypes does not: continueInApp for it can never continue in the app; add 'OrderSoupIntent' to NSUserActivityTypes",
                "app willFinishLaunching intent",
                "app didFinishLaunching intent",
            ])
        #expect(app.isRunning)
        #expect(leftInFlight(recorder: recorder) == [])
    }
}
