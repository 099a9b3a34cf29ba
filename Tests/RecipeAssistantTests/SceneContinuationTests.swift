import Foundation
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// The Recipe Assistant's scene delegate continuing the assistant's activity (REFERENCE §6): it
/// takes the intent from the activity's interaction, calls `nextStep` on the top screen, and
/// answers the line that step says.
@MainActor
struct SceneContinuationTests {
    /// The activity the system makes for a `continueInApp` answer to "show directions for …".
    private func systemActivity(for recipe: Recipe, response: IntentResponse = .continueInApp) -> UserActivity {
        var content = UserActivity.Content(activityType: ShowDirectionsIntent.typeName)
        content.interaction = Interaction(
            intent: AnyIntent(ShowDirectionsIntent(recipe: recipe.reference)), response: response,
            identifier: "interaction-1", handlingStatus: .deferredToApplication,
            date: Date(timeIntervalSince1970: 0))
        return UserActivity(content: content)
    }

    private func recipe(_ app: RecipeAssistantApp, _ identifier: String) throws -> Recipe {
        try #require(app.book.recipe(identifier: identifier))
    }

    @Test func aNewSceneOpensTheRecipeFromItsConnectionOptionsAndAnswersItsIngredients() throws {
        let app = try RecipeAssistantApp()
        let recorder = LifecycleRecorder(app.application)

        let continuation = try app.application.continueUserActivity(
            systemActivity(for: try recipe(app, "banana-pancakes")))
        #expect(
            continuation
                == Continuation(
                    sessionIdentifier: "session-1",
                    reply:
                        "Here are the ingredients for Banana Pancakes: 2 ripe bananas, 2 eggs, 150 g flour, 200 ml milk, 1 tsp baking powder, butter."
                ))
        #expect(
            recorder.take() == [
                "app willFinishLaunching intent", "app didFinishLaunching intent",
                "app configurationForConnecting session-1", "session-1 willConnectTo",
                "RecipeDetail viewDidLoad", "RecipeDetail viewWillAppear",
                "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "RecipeDetail viewDidAppear",
            ])
        #expect((app.foregroundScreen as? RecipeDetailViewController)?.recipe.title == "Banana Pancakes")
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func aBackgroundSceneKeepsItsScreensHandlerThenComesForwardAndAnswersTheNextStep() throws {
        let app = try RecipeAssistantApp()
        try app.application.launch(.user)
        #expect(app.foregroundScreen?.tap(6) == nil)
        #expect(app.foregroundScreen?.tap(1) == nil)
        let directions = try #require(app.foregroundScreen as? DirectionsViewController)
        #expect(directions.recipe.title == "Tomato Soup" && directions.step == 0)
        let recorder = LifecycleRecorder(app.application)

        try app.application.moveToBackground()
        #expect(
            recorder.take() == [
                "session-1 sceneWillResignActive", "session-1 sceneDidEnterBackground",
                "session-1 stateRestorationActivity",
            ])
        // The screen is alive in the background, so its handler stays the one the app hands out.
        let stored = app.application.handlerStore.handler(forSceneIdentifier: "session-1") as? ShowDirectionsHandler
        #expect(stored?.screen === directions)
        let delegate = try #require(app.application.delegate)
        let intent = AnyIntent(ShowDirectionsIntent(recipe: directions.recipe.reference))
        #expect((delegate.application(app.application, handlerFor: intent) as? ShowDirectionsHandler) === stored)

        let continuation = try app.application.continueUserActivity(systemActivity(for: directions.recipe))
        #expect(
            continuation
                == Continuation(
                    sessionIdentifier: "session-1",
                    reply: "Step 2. Add the chopped tomatoes and the stock; simmer 20 minutes."))
        #expect(
            recorder.take() == [
                "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive",
                "session-1 willContinueUserActivityWithType", "session-1 continue",
            ])
        #expect(directions.step == 1)
        #expect(app.foregroundScreen === directions)
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func anActionAlreadyDoneIsNotRepeatedAndGivesNoReply() throws {
        let app = try RecipeAssistantApp()
        try app.application.launch(.user)
        #expect(app.foregroundScreen?.tap(6) == nil)
        #expect(app.foregroundScreen?.tap(1) == nil)
        let directions = try #require(app.foregroundScreen as? DirectionsViewController)
        let recorder = LifecycleRecorder(app.application)
        let done = ShowDirectionsIntentResponse.showDirections(step: 1, directions: directions.recipe.directions[0]).intentResponse

        let continuation = try app.application.continueUserActivity(
            systemActivity(for: directions.recipe, response: done))
        #expect(continuation == Continuation(sessionIdentifier: "session-1", reply: nil))
        #expect(recorder.take() == ["session-1 willContinueUserActivityWithType", "session-1 continue"])
        #expect(directions.step == 0)
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func anActivityOfAnUndeclaredTypeIsAFailureNamingTheReason() throws {
        let app = try RecipeAssistantApp()
        try app.application.launch(.user)
        let recorder = LifecycleRecorder(app.application)
        let stray = UserActivity(activityType: "com.example.elsewhere")

        #expect(
            throws: ApplicationError.activityNotContinued(
                session: "session-1", reason: .typeNotDeclared(activityType: "com.example.elsewhere"))
        ) { try app.application.continueUserActivity(stray) }
        #expect(
            recorder.take() == [
                "session-1 willContinueUserActivityWithType", "session-1 didFailToContinueUserActivityWithType",
            ])
        #expect(app.foregroundScreen is RecipeListViewController)
        #expect(leftInFlight(recorder: recorder) == [])
    }
}
