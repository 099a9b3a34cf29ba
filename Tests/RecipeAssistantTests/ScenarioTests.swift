import Assistant
import Foundation
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// The seven scenarios of the Recipe Assistant, each run through the shell (the demo's public
/// entry) from a script, checking the screen, the spoken lines and the trace.
@MainActor
struct ScenarioTests {
    @MainActor
    struct Run {
        let shell: RecipeShell
        let output: ShellOutput
        var app: RecipeAssistantApp { shell.recipeApp }
        var text: String { output.text }
        var spoken: [String] {
            text.split(separator: "\n").filter { $0.hasPrefix("Assistant: ") }.map { String($0.dropFirst(11)) }
        }
        var screen: (any RecipeScreen)? { app.foregroundScreen }
        var directions: DirectionsViewController? { screen as? DirectionsViewController }
        var lifecycle: [String] { shell.trace.events.filter { $0.kind == .lifecycle }.map(\.detail) }
    }

    /// Runs a script line by line; the app is left as the script leaves it.
    func run(_ script: String) async throws -> Run {
        let output = ShellOutput.captured()
        var options = RecipeShell.Options()
        options.echo = true
        let input = ScriptLines(text: script)
        let shell = try RecipeShell(options: options, input: input, output: output, clock: ManualClock())
        while let line = await input.nextLine() {
            if !line.isEmpty { await shell.turn(line) }
        }
        return Run(shell: shell, output: output)
    }

    @Test func one_nextStepAdvancesTheStepsLiveAndWrapsAfterTheLast() async throws {
        let run = try await run("""
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
    }

    @Test func two_fromNotRunningTheAppLaunchesInTheBackgroundThenASceneComesForward() async throws {
        let run = try await run("show directions for banana pancakes")
        #expect(run.spoken == ["Opening Recipe Assistant."])
        #expect(run.lifecycle == [
            "app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor ShowDirectionsIntent",
            "app configurationForConnecting session-1", "session-1 willConnectTo",
            "RecipeDetail viewDidLoad", "RecipeDetail viewWillAppear",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "RecipeDetail viewDidAppear",
        ])
        let detail = try #require(run.screen as? RecipeDetailViewController)
        #expect(detail.recipe.title == "Banana Pancakes")
        #expect(run.app.application.applicationState == .active)
    }

    @Test func three_fromTheBackgroundTheExistingSceneComesForwardAndContinues() async throws {
        let run = try await run("""
            :open
            :tap 1
            :tap 1
            :home
            next step
            """)
        #expect(run.spoken == ["Opening Recipe Assistant."])
        #expect(run.directions?.step == 1)
        #expect(run.app.application.applicationState == .active)
        let afterHome = run.lifecycle.drop { $0 != "session-1 sceneDidEnterBackground" }.dropFirst(3)
        #expect(Array(afterHome) == [
            "app handlerFor ShowDirectionsIntent",
            "Directions viewWillAppear", "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive",
            "Directions viewDidAppear",
            "session-1 willContinueUserActivityWithType", "session-1 continue",
        ])
        #expect(run.app.application.openSessions.count == 1)
    }

    @Test func four_severalMatchesArePagedWithSubtitlesAndThePickProceeds() async throws {
        let run = try await run("""
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
    }

    @Test func aPartialNameOffersTheMatchingRecipesInSections() async throws {
        let run = try await run("""
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
    }

    @Test func five_aRecipeWithNoDirectionsFailsWithAClearDialog() async throws {
        let run = try await run("""
            :open
            show directions for grandma's secret stew
            next step
            """)
        #expect(run.spoken.last == "Sorry, Grandma's Secret Stew has no directions.")
        #expect(run.screen is RecipeDetailViewController)
        #expect(run.shell.trace.events.last?.detail == "failure")
    }

    @Test func six_withTwoWindowsTheMostRecentlyActiveOneGetsTheIntent() async throws {
        let run = try await run("""
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
    }

    @Test func seven_badLinesUnknownIntentsAndALockedDeviceGetClearMessagesAndTheSessionGoesOn() async throws {
        let run = try await run("""
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
        #expect(run.text.contains("Error: :tap needs a row number, e.g. :tap 1"))
        #expect(run.text.contains("Error: Unknown command :frobnicate. Type :help for the commands."))
        #expect(run.spoken.contains { $0.hasPrefix("Sorry, I didn't understand.") })
        #expect(run.spoken.contains("You'll need to unlock your device first."))
        #expect(run.spoken.last == "Here are the ingredients for Hummus: 400 g chickpeas, 3 tbsp tahini, 1 lemon, 1 garlic clove, olive oil, salt.")
        #expect(run.shell.errorCount == 3)
    }

    @Test func theShellExitsNonZeroAfterAFailedCommandButRunsTheWholeScript() async throws {
        let output = ShellOutput.captured()
        let shell = try RecipeShell(
            options: RecipeShell.Options(), input: ScriptLines(text: ":nope\n:open\n:exit\n:tap 1"),
            output: output, clock: ManualClock())
        #expect(await shell.run() == 1)
        #expect(output.text.contains("│ Recipes"))
        #expect(!shell.recipeApp.application.isRunning)
        #expect(shell.errorCount == 1, "nothing after :exit runs")
    }
}

@MainActor
struct ShellOutputModeTests {
    @Test func jsonModePrintsOnlyJSONLinesOneObjectPerEvent() async throws {
        let output = ShellOutput.captured()
        var options = RecipeShell.Options()
        options.json = true
        let shell = try RecipeShell(
            options: options, input: ScriptLines(text: "show directions for hummus\n:bogus\n:exit"), output: output,
            clock: ManualClock())
        #expect(await shell.run() == 1)
        let lines = output.text.split(separator: "\n")
        #expect(lines.count > 10)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
        }
        #expect(lines.contains(#"{"at":"0.000","detail":"\"show directions for hummus\"","kind":"request"}"#))
        #expect(lines.contains(#"{"error":"Unknown command :bogus. Type :help for the commands."}"#))
        #expect(lines.contains(#"{"at":"0.000","detail":"continuedInApp","kind":"outcome"}"#))
    }

    @Test func traceModePrintsEachTurnsEventsAfterTheScreen() async throws {
        let output = ShellOutput.captured()
        var options = RecipeShell.Options()
        options.trace = true
        let shell = try RecipeShell(
            options: options, input: ScriptLines(text: ":open\nnext step"), output: output, clock: ManualClock())
        #expect(await shell.run() == 0)
        #expect(output.text.contains("   0.000s  lifecycle    app willFinishLaunching user"))
        #expect(output.text.contains("   0.000s  prompt       Which recipe? | All Recipes: | 1. Banana Pancakes (25 min · serves 4)"))
        #expect(output.text.contains("   0.000s  answer       cancel"), "the script ended, so the user cancels")
        #expect(output.text.contains("   0.000s  outcome      cancelled"))
    }
}
