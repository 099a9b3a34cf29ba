import Foundation
import RecipeAssistantKit
import SceneIntentsTesting
import Testing

/// `--separate-processes`: `:kill`, `:scenes`' process, and nothing left behind. These start
/// real processes, so they wait on the real clock where a process must be waited for.
@MainActor
struct SeparateProcessTests {
    @Test func killEndsTheAppsProcessAndTheNextRequestRelaunchesIt() async throws {
        let run = try await ShellRun.turns("""
            :open
            :scenes
            :kill
            show directions for hummus
            """, mode: .separateProcesses)
        let first = try #require(run.shell.trace.events.first { $0.kind == .process && $0.detail.hasPrefix("spawn ") })
        let pid = try #require(first.detail.split(separator: " ").last.flatMap { Int32($0) })
        #expect(run.lines.contains("Recipe Assistant runs in process \(pid)."))
        #expect(run.lines.contains("Killed Recipe Assistant (process \(pid)) with SIGKILL."))
        let spawn = "spawn \(BuiltProducts.executable("recipe-assistant-app")) pid N"
        #expect(run.processLines == [
            spawn, "connected after X ms: Recipe Assistant pid N",
            "Recipe Assistant (pid N) killed by signal 9 (Killed)",
            spawn, "connected after X ms: Recipe Assistant pid N",
        ])
        // The relaunched app restored its scene on screen (the session it kept), whose screen
        // handled the request in the app.
        #expect(run.spoken == [
            "Here are the ingredients for Hummus: 400 g chickpeas, 3 tbsp tahini, 1 lemon, 1 garlic clove, olive oil, salt.",
        ])
        #expect(run.outcomes == ["success"])
        #expect(run.shell.errorCount == 0)
        let relaunched = try #require(await run.appProcessIdentifier)
        #expect(relaunched != pid)
        await run.expectNothingInFlight()
        await run.finish()
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(relaunched)"), "the host was reaped")
    }

    @Test func killInProcessSaysItNeedsSeparateProcesses() async throws {
        let run = try await ShellRun.turns(":open\n:kill")
        #expect(run.errors == [":kill needs --separate-processes; here the app runs in the shell's own process."])
        await run.expectNothingInFlight()
    }

    @Test func afterTheShellExitsNoHostAndNoSocketAreLeft() async throws {
        let run = try await ShellRun.run(mode: .separateProcesses, "show directions for hummus\n:exit")
        #expect(run.status == 0)
        let spawned = run.shell.trace.events.filter { $0.kind == .process && $0.detail.hasPrefix("spawn ") }
        try #require(spawned.count == 1)
        let pid = try #require(spawned[0].detail.split(separator: " ").last.map(String.init))
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"), "the host exited and was reaped")
        await run.finish()
    }

    @Test func theBinaryRunsTheAppInItsOwnProcessAndLeavesNothing() async throws {
        let directory = Mode.privateRuntimeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await Binary.run(
            ["--separate-processes", "--runtime-dir", directory, "--trace"], stdin: ":open\n:tap 16\nnext step\n:kill\nshow directions for hummus\n")
        #expect(result.status == 0, "\(result.stderr)")
        let spawns = result.stdout.split(separator: "\n").filter { $0.contains("spawn \(BuiltProducts.executable("recipe-assistant-app")) pid ") }
        #expect(spawns.count == 2)
        #expect(result.stdout.contains("Assistant: Step 1. Blend the chickpeas, tahini, lemon juice and garlic."))
        // No socket is left; the app's sessions are kept for its next run.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory)) == ["sessions"])
    }

    @Test func theAppStartedByAUserRunsInProcessTakingTheDriversLines() async throws {
        let run = try await BuiltProducts.run("recipe-assistant-app", [], stdin: ":scenes\n:nope\n:quit\n")
        let (status, text, problems) = (run.status, run.stdout, run.stderr)
        #expect(status == 0)
        #expect(
            text.replacing(/process \d+/, with: "process N") == """
                Recipe Assistant is running in this process; type its commands. :quit or Ctrl-D ends it.
                Recipe Assistant runs in process N.
                session-1: foregroundActive, showing Recipes.

                """)
        #expect(problems == "Recipe Assistant: Recipe Assistant takes no command :nope.\n")
    }
}
