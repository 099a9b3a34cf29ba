import Assistant
import Foundation
import RecipeAssistantCLI
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// The seven scenarios of the Recipe Assistant, each run through the shell (the demo's public
/// entry) from a script, checking the screen, the spoken lines and the trace.
@MainActor
struct ScenarioTests {
    /// Every scenario runs in both modes: the in-process run's state is checked, and the
    /// separate-process run must show the same transcript (see `scenario`).
    nonisolated static let modes: [Mode] = [.inProcess, .separateProcesses]

    @Test(arguments: Self.modes) func one_nextStepAdvancesTheStepsLiveAndWrapsAfterTheLast(_ mode: Mode) async throws {
        let run = try await scenario(mode, """
            :open
            :tap 6
            :tap 1
            next step
            next step
            next step
            """)
        #expect(run.directions?.recipe.title == "Tomato Soup")
        #expect(run.spoken == [
            "Step 2. Add the chopped tomatoes and the stock; simmer 20 minutes.",
            "Step 3. Blend smooth and season; finish with basil.",
            "Starting over. Step 1. Soften the onion and garlic in olive oil.",
        ])
        #expect(run.directions?.step == 0)
        #expect(run.text.contains("│ Step 3 of 3"))
        #expect(run.text.contains("[1] Start Over"))
        #expect(run.shell.errorCount == 0)
        await run.expectNothingInFlight()
    }

    @Test(arguments: Self.modes) func two_fromNotRunningTheAppLaunchesInTheBackgroundThenASceneComesForward(_ mode: Mode) async throws {
        let run = try await scenario(mode, "show directions for banana pancakes")
        // A hands-free user also hears what the app now shows.
        #expect(run.spoken == [
            "Opening Recipe Assistant.",
            "Here are the ingredients for Banana Pancakes: 2 ripe bananas, 2 eggs, 150 g flour, 200 ml milk, 1 tsp baking powder, butter.",
        ])
        #expect(run.lifecycle == [
            "app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor ShowDirectionsIntent",
            "app configurationForConnecting session-1", "session-1 willConnectTo",
            "RecipeDetail viewDidLoad", "RecipeDetail viewWillAppear",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "RecipeDetail viewDidAppear",
        ])
        let detail = try #require(run.screen as? RecipeDetailViewController)
        #expect(detail.recipe.title == "Banana Pancakes")
        #expect(run.app.application.applicationState == .active)
        await run.expectNothingInFlight()
    }

    @Test(arguments: Self.modes) func three_fromTheBackgroundTheExistingSceneComesForwardAndContinues(_ mode: Mode) async throws {
        let run = try await scenario(mode, """
            :open
            :tap 1
            :tap 1
            :home
            next step
            """)
        #expect(run.spoken == ["Opening Recipe Assistant.", "Step 2. Whisk in the eggs and the milk."])
        #expect(run.directions?.step == 1)
        #expect(run.app.application.applicationState == .active)
        let afterHome = run.lifecycle.drop { $0 != "session-1 sceneDidEnterBackground" }.dropFirst(2)
        #expect(Array(afterHome) == [
            "app handlerFor ShowDirectionsIntent",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive",
            "session-1 willContinueUserActivityWithType", "session-1 continue",
        ])
        #expect(run.app.application.openSessions.count == 1)
        await run.expectNothingInFlight()
    }

    @Test(arguments: Self.modes) func four_severalMatchesArePagedWithSubtitlesAndThePickProceeds(_ mode: Mode) async throws {
        let run = try await scenario(mode, """
            :open
            show directions for pancakes
            more
            4
            """)
        #expect(run.text.contains("""
            Assistant: Which recipe?
                       Containing "pancakes":
                       1. Banana Pancakes (25 min · serves 4)
                       2. Buttermilk Pancakes (20 min · serves 4)
                       3. Blueberry Pancakes (25 min · serves 4)
                       Say "more" for more.
            > more
            Assistant: Which recipe?
                       4. Potato Pancakes (40 min · serves 4)
                       5. Scallion Pancakes (50 min · serves 4)
            > 4
            """))
        let detail = try #require(run.screen as? RecipeDetailViewController)
        #expect(detail.recipe.title == "Potato Pancakes")
        #expect(run.spoken.last == "Here are the ingredients for Potato Pancakes: 1 kg potatoes, 1 onion, 2 eggs, 3 tbsp flour, salt, oil for frying.")
        await run.expectNothingInFlight()
    }

    @Test(arguments: Self.modes) func aPartialNameOffersTheMatchingRecipesInSections(_ mode: Mode) async throws {
        let run = try await scenario(mode, """
            :open
            show directions for pan
            cancel
            """)
        #expect(run.text.contains("""
            Assistant: Which recipe?
                       Containing "pan":
                       1. Banana Pancakes (25 min · serves 4)
            """))
        #expect(run.spoken.last == "OK, cancelled.")
        #expect(run.screen is RecipeListViewController)
        await run.expectNothingInFlight()
    }

    @Test(arguments: Self.modes) func five_aRecipeWithNoDirectionsFailsWithAClearDialog(_ mode: Mode) async throws {
        let run = try await scenario(mode, """
            :open
            show directions for grandma's secret stew
            next step
            """)
        #expect(run.spoken.last == "Sorry, Grandma's Secret Stew has no directions.")
        #expect(run.screen is RecipeDetailViewController)
        #expect(run.shell.trace.events.last?.detail == "failure")
        #expect(run.shell.errorCount == 1, "a failure outcome is a failed turn")
        await run.expectNothingInFlight()
    }

    @Test(arguments: Self.modes) func six_withTwoWindowsTheMostRecentlyActiveOneGetsTheIntent(_ mode: Mode) async throws {
        let run = try await scenario(mode, """
            :open
            :tap 1
            :new-window
            :tap 6
            next step
            """)
        let scenes = run.app.application.connectedScenes
        #expect(scenes.count == 2)
        let first = scenes[0].visibleViewController as? RecipeDetailViewController
        let second = scenes[1].visibleViewController as? DirectionsViewController
        #expect(first?.recipe.title == "Banana Pancakes", "the older window did not move")
        #expect(second?.recipe.title == "Tomato Soup")
        #expect(run.spoken == ["Step 1. Soften the onion and garlic in olive oil."])
        await run.expectNothingInFlight()
    }

    @Test(arguments: Self.modes) func seven_badLinesUnknownIntentsAndALockedDeviceGetClearMessagesAndTheSessionGoesOn(_ mode: Mode) async throws {
        let run = try await scenario(mode, """
            :tap
            :tap x
            :frobnicate
            bake me a cake
            :open
            :lock
            show directions for hummus
            :unlock
            show directions for hummus
            """)
        #expect(run.errors == [
            ":tap needs a row number, for example :tap 1.",
            ":tap needs a row number, for example :tap 1.",
            "Unknown command :frobnicate. Type :help for the commands.",
        ])
        #expect(run.spoken.contains { $0.hasPrefix("Sorry, I didn't understand.") })
        #expect(run.spoken.contains("You'll need to unlock your device first."))
        #expect(run.spoken.last == "Here are the ingredients for Hummus: 400 g chickpeas, 3 tbsp tahini, 1 lemon, 1 garlic clove, olive oil, salt.")
        #expect(run.shell.errorCount == 5, "three command errors, one utterance not understood, one refusal")
        await run.expectNothingInFlight()
    }

    @Test func theShellExitsNonZeroAfterAFailedCommandButRunsTheWholeScript() async throws {
        let output = ShellOutput.captured()
        let input = ScriptLines(text: ":nope\n:open\n:exit\n:tap 1")
        let shell = try recipeShell(options: RecipeShell.Options(), input: input, output: output, clock: ManualClock())
        #expect(await shell.run() == 1)
        #expect(output.text.contains("│ Recipes"))
        #expect(shell.app.recipeApp?.application.isRunning == false)
        #expect(shell.errorCount == 1, "nothing after :exit runs")
        #expect(await input.nextLine() == ":tap 1", "the line after :exit is left unread")
    }
}
