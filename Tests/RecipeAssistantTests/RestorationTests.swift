import Foundation
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// The Recipe Assistant comes back where the cook was: in its own process across a SIGKILL
/// (real processes, a real session store in the run's runtime directory), and in process on the
/// manual clock, callback by callback.
@MainActor
@Suite("The Recipe Assistant restores its sessions")
struct RestorationTests {
    @Test func aKilledAppComesBackAtTheSameRecipeAndStepInTheSameSession() async throws {
        let run = try await ShellRun.turns("""
            show directions for banana pancakes
            next step
            :kill
            next step
            """, mode: .separateProcesses)
        #expect(run.spoken.suffix(2) == ["Step 1. Mash the bananas in a large bowl.", "Step 2. Whisk in the eggs and the milk."])
        #expect(run.shell.errorCount == 0)
        #expect(run.sessionLines.filter { $0.contains("restore") } == [
            "sessions of com.example.RecipeAssistant: restore 0, discarded 0",
            "sessions of com.example.RecipeAssistant: restore 1, discarded 0",
        ])
        let relaunch = try #require(run.lifecycle.lastIndex(of: "app didFinishLaunching intent"))
        #expect(run.lifecycle[(relaunch + 1)...].first == "session-1 willConnectTo")
        #expect(run.lines.contains { $0.contains("Banana Pancakes · Directions") && $0.contains("session-1") })
        #expect(run.lines.contains { $0.contains("Step 2 of 4") })
        await run.expectNothingInFlight()
        await run.finish()
    }

    @Test func aSessionClosedWhileTheAppIsNotRunningIsDiscardedAtItsNextLaunch() async throws {
        let run = try await ShellRun.turns(":open\n:tap 1\n:kill\n:close 1\n:open", mode: .separateProcesses)
        #expect(run.shell.errorCount == 0)
        #expect(run.sessionLines.contains("sessions of com.example.RecipeAssistant: closed session-1 while not running"))
        let relaunch = try #require(run.lifecycle.lastIndex(of: "app didFinishLaunching user"))
        #expect(run.lifecycle[(relaunch + 1)...].prefix(2) == [
            "app didDiscardSceneSessions session-1", "app configurationForConnecting session-2",
        ])
        #expect(run.lines.last { $0.contains("Recipes") && $0.contains("session-2") } != nil)
        await run.expectNothingInFlight()
        await run.finish()
    }

    @Test func aForceQuitDiscardsEverySession() async throws {
        let run = try await ShellRun.turns(":open\n:tap 1\n:new-window\n:quit\n:open", mode: .separateProcesses)
        #expect(run.shell.errorCount == 0)
        #expect(run.sessionLines.contains("sessions of com.example.RecipeAssistant: force-quit discards them all"))
        let relaunch = try #require(run.lifecycle.lastIndex(of: "app didFinishLaunching user"))
        #expect(run.lifecycle[(relaunch + 1)...].prefix(2) == [
            "app didDiscardSceneSessions session-1,session-2", "app configurationForConnecting session-3",
        ])
        await run.expectNothingInFlight()
        await run.finish()
    }

    @Test func inProcessTheRestoredSceneIsRebuiltListRecipeDirectionsBeforeTheIntentContinues() async throws {
        // The first run: every change the app reports is kept, as the system keeps it.
        let first = try await ShellRun.turns("show directions for banana pancakes\nnext step")
        let kept = KeptSessionRecords()
        kept.keep(first.app.application)
        await first.shell.turn(":tap 1")
        #expect(kept.records.map(\.userInfo) == [["screen": "directions", "recipe": "banana-pancakes", "step": 1]])
        // The process dies here: nothing more is asked of the app.

        let second = try ShellRun.make("")
        try second.app.application.restoreSessions(kept.restoration)
        let before = second.lifecycle.count
        await second.shell.turn("next step")
        #expect(Array(second.lifecycle.dropFirst(before)) == [
            "app willFinishLaunching intent", "app didFinishLaunching intent",
            "session-1 willConnectTo", "Directions viewDidLoad", "Directions viewWillAppear",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "Directions viewDidAppear",
            "app handlerFor ShowDirectionsIntent",
        ])
        #expect(second.spoken == ["Step 3. Fold in the flour and the baking powder until just combined."])
        #expect(second.directions?.step == 2)
        let navigation = second.app.application.openSessions.first?.scene?.rootViewController as? NavigationController
        #expect(navigation?.viewControllers.map(\.name) == ["RecipeList", "RecipeDetail", "Directions"])
        #expect(second.app.application.openSessions.map(\.persistentIdentifier) == ["session-1"])
        #expect(second.app.application.openSessions.first?.userInfo == ["screen": "directions", "recipe": "banana-pancakes", "step": 2])
        await second.expectNothingInFlight()
        await first.expectNothingInFlight()
    }

    /// The system stopped the app (its scene kept in the background, not on screen): the next
    /// request relaunches it with the scene reconnected into the background, brings the scene
    /// forward for `continueInApp`, and the screen that appears then registers its handler, so
    /// the next "next step" goes on where the cook is instead of asking which recipe.
    @Test func aSceneRestoredInTheBackgroundThenBroughtForwardAnswersTheNextStep() async throws {
        let first = try await ShellRun.turns("show directions for banana pancakes\nnext step")
        let kept = KeptSessionRecords()
        kept.keep(first.app.application)
        first.app.application.terminate()
        #expect(kept.records.map(\.activationState) == [.background])

        let second = try ShellRun.make("")
        try second.app.application.restoreSessions(kept.restoration)
        await second.shell.turn("show directions for banana pancakes")
        await second.shell.turn("next step")
        #expect(second.spoken == [
            "Opening Recipe Assistant.", "Step 2. Whisk in the eggs and the milk.", "Step 3. Fold in the flour and the baking powder until just combined.",
        ])
        let connected = try #require(second.lifecycle.firstIndex(of: "session-1 willConnectTo"))
        let appeared = try #require(second.lifecycle.firstIndex(of: "Directions viewDidAppear"))
        #expect(Array(second.lifecycle[connected...appeared]) == [
            "session-1 willConnectTo", "session-1 sceneDidEnterBackground", "session-1 stateRestorationActivity",
            "app handlerFor ShowDirectionsIntent",
            // Brought forward for continueInApp: its screen appears for the first time.
            "Directions viewDidLoad", "Directions viewWillAppear",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "Directions viewDidAppear",
        ])
        #expect(second.directions?.step == 2)
        await second.expectNothingInFlight()
        await first.expectNothingInFlight()
    }
}
