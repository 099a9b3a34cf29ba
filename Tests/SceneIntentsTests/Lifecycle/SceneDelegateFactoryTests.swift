import SceneIntents
import SceneIntentsTesting
import Testing

/// What a scene delegate depends on, given to it by its factory.
@MainActor
private final class Pantry {
    let name: String
    init(_ name: String) { self.name = name }
}

/// A scene delegate with no `init()`: it can only be made with its dependency.
@MainActor
private final class PantrySceneDelegate: SceneDelegate {
    let pantry: Pantry
    init(pantry: Pantry) { self.pantry = pantry }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.rootViewController = ViewController(name: "Pantry-\(pantry.name)")
    }
}

/// An app delegate that connects every scene with a configuration of its own choosing.
@MainActor
private final class ChoosingDelegate: ApplicationDelegate {
    let configuration: String
    init(_ configuration: String) { self.configuration = configuration }

    func application(
        _ application: Application, configurationForConnecting session: SceneSession, options: ConnectionOptions
    ) -> SceneConfiguration {
        SceneConfiguration(name: configuration, role: session.role)
    }
}

private let manifest = AppManifest(
    sceneConfigurations: [
        .windowApplication: [SceneConfiguration(name: "Default Configuration", delegateClassName: "PantrySceneDelegate")]
    ])

@Suite("Scene delegate factories")
@MainActor
struct SceneDelegateFactoryTests {
    @Test func eachSceneGetsADelegateFromTheFactoryOfItsConfigurationWithItsDependency() throws {
        let pantry = Pantry("shared")
        var made = 0
        let app = Application(
            manifest: manifest,
            sceneDelegates: [
                "Default Configuration": {
                    made += 1
                    return PantrySceneDelegate(pantry: pantry)
                }
            ],
            delegate: { ChoosingDelegate("Default Configuration") })
        let recorder = LifecycleRecorder(app)

        try app.launch(.user)
        let second = try app.userOpensNewWindow()

        #expect(made == 2)
        let delegates = app.connectedScenes.compactMap { $0.delegate as? PantrySceneDelegate }
        #expect(delegates.count == 2 && delegates.allSatisfy { $0.pantry === pantry })
        #expect(delegates[0] !== delegates[1])
        #expect(app.connectedScenes.map { $0.rootViewController?.name } == ["Pantry-shared", "Pantry-shared"])
        // The class name stays what the manifest declares: informational, filled in from it.
        #expect(
            second.session.configuration
                == SceneConfiguration(name: "Default Configuration", delegateClassName: "PantrySceneDelegate"))
        #expect(
            recorder.take() == [
                "app willFinishLaunching user",
                "app didFinishLaunching user",
                "app configurationForConnecting session-1",
                "session-1 willConnectTo",
                "Pantry-shared viewDidLoad",
                "Pantry-shared viewWillAppear",
                "session-1 sceneWillEnterForeground",
                "session-1 sceneDidBecomeActive",
                "Pantry-shared viewDidAppear",
                "app configurationForConnecting session-2",
                "session-2 willConnectTo",
                "Pantry-shared viewDidLoad",
                "Pantry-shared viewWillAppear",
                "session-2 sceneWillEnterForeground",
                "session-2 sceneDidBecomeActive",
                "Pantry-shared viewDidAppear",
            ])
        app.terminate()
        _ = recorder.take()
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func aDeclaredConfigurationWithoutAFactoryRefusesTheLaunchNamingItAndTheFactories() {
        var made = 0
        let app = Application(
            manifest: manifest,
            sceneDelegates: ["Main": { PantrySceneDelegate(pantry: Pantry("main")) }, "Aux": { PantrySceneDelegate(pantry: Pantry("aux")) }],
            delegate: {
                made += 1
                return ChoosingDelegate("Default Configuration")
            })
        let recorder = LifecycleRecorder(app)
        let roleKey = "UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication"
        let expected = ManifestError(
            code: .missingSceneDelegateFactory, key: roleKey, value: "Default Configuration", registered: ["Aux", "Main"])

        let error = #expect(throws: ApplicationError.invalidManifest(expected)) { try app.launch(.user) }
        #expect(
            error?.description
                == "the manifest cannot work: \(roleKey) has the configuration 'Default Configuration', which has no scene delegate factory; the application registers factories for 'Aux', 'Main'"
        )
        #expect(made == 0 && !app.isRunning && app.openSessions.isEmpty)
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func noFactoriesAtAllIsSaidSo() {
        #expect(
            ManifestError.missingSceneDelegateFactory(configuration: "Default", role: .windowApplication, factories: [])
                .description
                == "UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication has the configuration 'Default', which has no scene delegate factory; the application registers none"
        )
    }

    @Test func aConfigurationTheAppDelegateChoosesWithoutAFactoryIsRefusedAtConnect() throws {
        let app = Application(
            manifest: manifest,
            sceneDelegates: ["Default Configuration": { PantrySceneDelegate(pantry: Pantry("p")) }],
            delegate: { ChoosingDelegate("Undeclared") })
        let recorder = LifecycleRecorder(app)

        let error = #expect(throws: ApplicationError.self) { try app.launch(.user) }
        #expect(error?.code == .noSceneDelegateFactory)
        #expect(
            error?.description
                == "no scene can connect with the configuration 'Undeclared': UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication has the configuration 'Undeclared', which has no scene delegate factory; the application registers factories for 'Default Configuration'"
        )
        // The launch itself ran; no scene connected.
        #expect(
            recorder.take() == [
                "app willFinishLaunching user",
                "app didFinishLaunching user",
                "app configurationForConnecting session-1",
            ])
        #expect(app.connectedScenes.isEmpty)
        app.terminate()
        #expect(recorder.take() == ["app willTerminate"])
        #expect(leftInFlight(recorder: recorder) == [])
    }
}
