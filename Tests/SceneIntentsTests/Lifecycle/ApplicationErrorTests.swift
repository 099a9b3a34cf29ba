import SceneIntents
import Testing

/// A real illegal-transition error: a new scene cannot become active before it connects.
private func activatingAPendingScene() -> SceneTransitionError? {
    var machine = SceneStateMachine(scene: "session-1")
    do { _ = try machine.apply(.activate) } catch { return error }
    return nil
}

@Suite("Application errors")
struct ApplicationErrorTests {
    /// One error per code with its exact message, so a new code cannot go unworded.
    @Test(arguments: ApplicationError.Code.allCases)
    func everyCodeNamesTheProblemInASentence(_ code: ApplicationError.Code) throws {
        let transition = try #require(activatingAPendingScene())
        let (error, message): (ApplicationError, String) =
            switch code {
            case .invalidManifest:
                (
                    .invalidManifest(ManifestError(code: .activityTypesNeedScene, key: "NSUserActivityTypes")),
                    "the manifest cannot work: NSUserActivityTypes lists activity types but no scene configuration for UIWindowSceneSessionRoleApplication exists to continue them"
                )
            case .alreadyRunning: (.alreadyRunning, "the app is already running")
            case .notRunning:
                (.notRunning("go to the background"), "the app is not running, so it cannot go to the background")
            case .multipleScenesNotSupported:
                (
                    .multipleScenesNotSupported,
                    "the app supports one scene only (UIApplicationSupportsMultipleScenes is off)"
                )
            case .requestDenied:
                (.requestDenied("session-9 is not an open session"), "scene request denied: session-9 is not an open session")
            case .noSceneDelegateFactory:
                (
                    .noSceneDelegateFactory(
                        .missingSceneDelegateFactory(configuration: "Ghost", role: .windowApplication, factories: ["Main"])),
                    "no scene can connect with the configuration 'Ghost': UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication has the configuration 'Ghost', which has no scene delegate factory; the application registers factories for 'Main'"
                )
            case .invalidTransition:
                (.invalidTransition(transition), "scene session-1 cannot activate while pending")
            case .activityRefused:
                (
                    .activity(.invalidated(activityType: "com.example.open")),
                    "the user activity 'com.example.open' was invalidated; create a new one"
                )
            case .activityNotContinued:
                (
                    .activityNotContinued(
                        session: "session-2", reason: .missingRequiredKey(activityType: "com.example.open", key: "recipe")),
                    "the scene of session-2 could not continue the activity: the user activity 'com.example.open' lacks the required userInfo key 'recipe'"
                )
            }
        #expect(error.code == code)
        #expect(error.description == message)
    }

    @Test func theCauseIsKeptTyped() throws {
        let transition = try #require(activatingAPendingScene())
        #expect(ApplicationError.invalidTransition(transition).transition == transition)
        #expect(ApplicationError.invalidTransition(transition).value == "session-1")
        #expect(ApplicationError.activity(.invalidated(activityType: "a")).activityError == .invalidated(activityType: "a"))
        #expect(ApplicationError.alreadyRunning.cause == nil && ApplicationError.alreadyRunning.transition == nil)
        let missing = ManifestError.missingSceneDelegateFactory(configuration: "Ghost", role: .windowApplication, factories: [])
        #expect(ApplicationError.noSceneDelegateFactory(missing).cause == .manifest(missing))
        #expect(ApplicationError.noSceneDelegateFactory(missing).value == "Ghost")
    }
}
