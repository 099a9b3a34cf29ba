import Assistant
import SceneIntentsShell
import SceneIntentsTesting
import Testing

/// A turn whose app did not answer in time.
@MainActor
struct TimedOutTurnTests {
    @Test func aTimedOutTurnDoesNotAskTheAppForItsScreen() async throws {
        let clock = ManualClock()
        var settings = SessionSettings()
        settings.echo = true
        let (shell, _, output) = try KitchenCLI.session("order soup\npea\n:soups pea\n", settings: settings, clock: clock)
        // The handler answers only after 100 s: long after its 10 s budget.
        shell.app.handler.handling = { _ in
            try await clock.sleep(for: .seconds(100))
            return .success
        }
        let run = Task { await shell.run() }
        // The budget's timer and the handler's sleep; then whatever waits next (the request's
        // end, the handler), moved past until the session is over.
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(10))
        let finished = Finished()
        Task { _ = await run.value; finished.value = true }
        for _ in 0..<20 where !finished.value {
            await Task.yield()
            if clock.sleeperCount > 0 { clock.advance(by: .seconds(10)) } else { await Task.yield() }
        }
        #expect(await run.value == 1)
        // An app that missed its budget would most likely miss the screen's too: none is asked
        // for, and the next line is read at once.
        // (The step named is the last one the app reported: one that answers at once holds its
        // resolve steps until its answer.)
        let lines = output.lines.map { $0.replacing(/the \w+ step/, with: "the STEP step") }
        #expect(lines == [
            "> order soup", "Assistant: Which soup?",
            "> pea", "Assistant: Sorry, Kitchen didn't respond in time: the STEP step took longer than 10 seconds.",
            "> :soups pea", "Pea", "[screen 1]",
        ])
        #expect(clock.sleeperCount == 0)
    }
}

/// Whether the session ended (set on the main actor).
@MainActor
final class Finished {
    var value = false
}
