import RecipeAssistantKit
import SceneIntents
import Testing

/// After the app was terminated, "next step" relaunches it and goes on from where the user was
/// (the last session's restoration activity), not from the start and not with "Which recipe?".
@MainActor
struct RelaunchTests {
    @Test func nextStepAfterARelaunchResumesAtTheRestoredStep() async throws {
        let run = try await ShellRun.run("""
            :open
            :tap 1
            :tap 1
            next step
            :quit
            next step
            """)
        #expect(run.spoken == [
            "Step 2. Whisk in the eggs and the milk.",
            "Opening Recipe Assistant.",
            "Step 3. Fold in the flour and the baking powder until just combined.",
        ])
        #expect(run.text.contains("│ Step 3 of 4"))
        #expect(!run.lines.contains { $0.contains("Which recipe?") })
        await run.expectNothingInFlight()
    }

    @Test func aRecipeNamedAfterARelaunchIsOpenedInsteadOfTheRestoredOne() async throws {
        let run = try await ShellRun.run("""
            :open
            :tap 1
            :tap 1
            :quit
            show directions for tomato soup
            """)
        #expect(run.spoken.count == 2)
        #expect(run.spoken.first == "Opening Recipe Assistant.")
        #expect(run.spoken.last?.hasPrefix("Here are the ingredients for Tomato Soup:") == true)
        await run.expectNothingInFlight()
    }
}
