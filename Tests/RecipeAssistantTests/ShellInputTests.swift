import Assistant
import Foundation
import RecipeAssistantCLI
import RecipeAssistantKit
import SceneIntents
import Testing

/// Every input gets an answer, and nothing typed stops the session.
@MainActor
struct ShellInputTests {
    @Test(arguments: [Int.min, Int.min + 1, -1, 0, 23, Int.max])
    func tapWithAnyIntegerThatIsNoRowSaysSo(_ number: Int) async throws {
        let run = try await ShellRun.run(":open\n:tap \(number)\n:tap 22")
        #expect(run.errors == ["There is no row \(number) on this screen; the rows are [1] to [22]."])
        #expect(run.text.contains("│ Grandma's Secret Stew"), "the session went on")
        #expect(run.status == 1)
        await run.expectNothingInFlight()
    }

    @Test func tapWithANumberTooLargeForAnIntIsNoRowEither() async throws {
        let run = try await ShellRun.turns(":open\n:tap 1\n:tap 99999999999999999999999\n:tap -99999999999999999999999\n:tap 1")
        #expect(run.errors == [
            "There is no row 99999999999999999999999 on this screen; the only row is [1].",
            "There is no row -99999999999999999999999 on this screen; the only row is [1].",
        ])
        #expect(run.directions?.recipe.title == "Banana Pancakes")
        await run.expectNothingInFlight()
    }

    @Test func nothingTypedStopsTheSession() async throws {
        let nasty = [
            ":", ": ", "::", ":tap", ":tap 1 2", ":tap +", ":tap -", ":tap 1e9", ":tap 0x10", ":tap \u{0}",
            String(repeating: "x", count: 10_000), "\u{1B}", "\u{FEFF}", "next step", "show directions for",
            "show directions for \u{0}", ":close", ":close", ":quit", ":quit", ":home",
        ]
        let run = try await ShellRun.run(":open\n" + nasty.joined(separator: "\n") + "\n:open\n:tap 16")
        #expect(run.status == 1)
        #expect(run.app.application.isRunning == false, "run() terminates the app at the end")
        #expect(run.lines.contains("│ Hummus                                             session-2 │"), "the last lines still ran")
        await run.expectNothingInFlight()
    }

    @Test func scriptLinesEndTheSameWithCRLFWithOrWithoutAFinalNewline() async {
        for text in [":open\n:tap 1", ":open\n:tap 1\n", ":open\r\n:tap 1\r\n", ":open\r\n:tap 1"] {
            let lines = ScriptLines(text: text)
            var read: [String] = []
            while let line = await lines.nextLine() { read.append(line) }
            #expect(read == [":open", ":tap 1"], "\(text.debugDescription)")
        }
    }

    /// A final newline after a question's line is not an extra, empty answer.
    @Test(arguments: ["\n", "\r\n", ""])
    func aScriptEndingAtAQuestionIsAbandonedAlike(_ ending: String) async throws {
        let run = try await ShellRun.run(":open\r\nshow directions for pan\r\n2\n:back\nshow directions for pan" + ending)
        #expect(run.answers == ["2", "cancel"])
        #expect(run.outcomes == ["success", "cancelled"])
        #expect(run.errors.isEmpty)
        #expect(run.status == 1, "the abandoned conversation is a failed turn")
        await run.expectNothingInFlight()
    }

    @Test(arguments: [
        ("bake me a cake", "notUnderstood"),
        (":open\nshow directions for grandma's secret stew\nnext step\n:back", "failure"),
        (":open\nshow directions for pan\ncancel", "cancelled"),
        (":open\nshow directions for pan", "cancelled"),
        (":open\n:lock\nshow directions for hummus", "refused"),
        (":bogus", ""),
    ])
    func aScriptExitsWithStatusOneWhenAnyTurnFailed(_ script: String, _ outcome: String) async throws {
        let run = try await ShellRun.run(script + "\n:unlock\n:open\nshow directions for hummus")
        #expect(run.status == 1)
        #expect(run.shell.errorCount == 1)
        if !outcome.isEmpty { #expect(run.outcomes.contains(outcome)) }
        #expect(run.outcomes.last == "success", "the session went on")
        await run.expectNothingInFlight()
    }

    @Test func aScriptWhoseTurnsAllSucceedExitsZero() async throws {
        let run = try await ShellRun.run("show directions for hummus\nnext step\n:home\nnext step\n:scenes\n:help\n:trace")
        #expect(run.outcomes == ["continuedInApp", "success", "continuedInApp"])
        #expect(run.status == 0)
        await run.expectNothingInFlight()
    }

    @Test func commandsAtAQuestionRunOrCancelItFirstAndSaySo() async throws {
        let run = try await ShellRun.run("""
            :open
            show directions for pan
            :scenes
            :help
            :trace
            :bogus
            2
            :back
            show directions for pan
            :tap 5
            :back
            """)
        let text = run.text
        #expect(text.contains("""
            > :scenes
            Recipe Assistant runs in process \(getpid()).
            session-1: foregroundInactive, showing Recipes.
            > :help
            Speak plain text to the assistant
            """))
        #expect(text.contains("""
            > :tap 5
            :tap cancels the request in progress first.
            Assistant: OK, cancelled.
            """))
        #expect(run.answers == ["2", "cancel"])
        #expect(run.outcomes == ["success", "cancelled"])
        #expect(run.errors == ["Unknown command :bogus. Type :help for the commands."])
        #expect(run.lines.filter { $0 == "> :tap 5" }.count == 1, "a command put back is not echoed twice")
        #expect(text.contains("│ Scallion Pancakes"), ":tap 5 ran after the cancel")
        await run.expectNothingInFlight()
    }

    @Test func exitAtAQuestionLeavesAtOnce() async throws {
        let run = try await ShellRun.run(":open\nshow directions for pan\n:exit\n:open")
        #expect(run.answers == ["cancel"])
        #expect(run.outcomes == ["cancelled"])
        #expect(!run.text.contains("cancels the request"))
        #expect(Array(run.lines.drop { $0 != "> :exit" }) == ["> :exit", "Assistant: OK, cancelled."])
        #expect(await run.input.nextLine() == ":open", "nothing after :exit runs")
    }

    @Test func anUtteranceThatIsARequestAtAQuestionCancelsItAndStartsANewOne() async throws {
        let run = try await ShellRun.run(":open\nshow directions for pan\nshow directions for hummus\nnext step")
        #expect(run.answers == ["cancel"])
        #expect(run.outcomes == ["cancelled", "success", "success"])
        let requests = run.shell.trace.events.filter { $0.kind == .request }.map(\.detail)
        #expect(requests == ["\"show directions for pan\"", "\"show directions for hummus\"", "\"next step\""])
        #expect(run.lines.contains("That is a new request: the one in progress is cancelled first."))
        #expect(run.lines.filter { $0 == "> show directions for hummus" }.count == 1)
        await run.expectNothingInFlight()
    }

    @Test func lockSendsTheSceneAwayAndRefusesOpenTapAndNewWindowUntilUnlocked() async throws {
        let run = try await ShellRun.turns(":open\n:tap 1\n:lock\n:open\n:tap 1\n:new-window\n:unlock\n:tap 1")
        let afterLock = run.lifecycle.drop { $0 != "RecipeDetail viewDidAppear" }.dropFirst()
        #expect(Array(afterLock.filter { $0.hasPrefix("session-1") }.prefix(2)) == [
            "session-1 sceneWillResignActive", "session-1 sceneDidEnterBackground",
        ])
        #expect(run.errors == Array(repeating: "The device is locked; unlock first with :unlock.", count: 3))
        #expect(run.app.application.connectedScenes.count == 1)
        #expect(run.directions?.step == 0, "unlocked, the scene came back and the tap opened the directions")
        #expect(run.app.application.applicationState == .active)
        await run.expectNothingInFlight()
    }

    @Test func scenesShowsArchivedSessionsWithTheirRestoration() async throws {
        let run = try await ShellRun.turns(":open\n:tap 1\n:tap 1\nnext step\n:quit\n:scenes")
        #expect(run.lines.contains("session-1: archived, restores Banana Pancakes at step 2."))
        await run.expectNothingInFlight()
    }

    @Test func anEmptyPromptIsAnsweredWithoutCrashing() async {
        let output = ShellOutput.captured()
        let user = TerminalUser(input: ScriptLines(text: "3\n"), output: output)
        #expect(await user.answer(.value(parameter: "recipe", question: "")) == .pick(3))
        #expect(await user.answer(.chooseInterpretation(question: "", options: [])) == .cancel)
        #expect(output.lines == ["Assistant: ", "Assistant: "])
    }

    /// Reading a line costs that line's bytes, so 320,000 lines cost 32 times what 10,000 do.
    @Test func aLongScriptCostsNoMorePerLineThanAShortOne() async throws {
        var perLine: [Double] = []
        for count in [10_000, 320_000] {
            let script = String(repeating: "# a note\n", count: count)
            let run = try await ShellRun.run(script)
            #expect(run.status == 0)
            #expect(run.input.bytesExamined == script.utf8.count, "each byte looked at once")
            perLine.append(Double(run.input.bytesExamined) / Double(count))
            await run.expectNothingInFlight()
        }
        #expect(perLine[0] == perLine[1])
    }
}
