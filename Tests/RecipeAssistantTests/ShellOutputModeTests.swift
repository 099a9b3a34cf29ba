import Foundation
import RecipeAssistantCLI
import RecipeAssistantKit
import Testing

@MainActor
struct ShellOutputModeTests {
    /// Every line on standard output is one JSON object, whatever printed it.
    @Test func jsonModePrintsOnlyJSONObjectsForEventsCommandsAndErrorsAndWarningsGoToStandardError() async throws {
        var options = RecipeShell.Options()
        options.json = true
        options.speak = true
        options.speaker = SpeakerCommand(executable: "/nonexistent/espeak-ng")
        let run = try await ShellRun.run("""
            show directions for hummus
            :bogus
            :scenes
            :help
            :lock
            :open
            :unlock
            :trace
            :quit
            :scenes
            """, options: options)
        #expect(run.status == 1)
        let lines = run.lines
        #expect(lines.count > 40)
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
        }
        #expect(lines.contains(#"{"at":"0.000","detail":"\"show directions for hummus\"","kind":"request"}"#))
        #expect(lines.contains(#"{"error":"Unknown command :bogus. Type :help for the commands."}"#))
        #expect(lines.contains(#"{"at":"0.000","detail":"continuedInApp","kind":"outcome"}"#))
        #expect(lines.contains(#"{"scene":"session-1","state":"foregroundActive","screen":"Hummus"}"#))
        #expect(lines.contains(#"{"command":":tap N","does":"Tap row [N] of the screen."}"#))
        #expect(lines.filter { $0.hasPrefix(#"{"command":"#) }.count == RecipeShell.commands.count)
        #expect(lines.contains(#"{"message":"The device is locked."}"#))
        #expect(lines.contains(#"{"error":"The device is locked; unlock first with :unlock."}"#))
        #expect(lines.contains(#"{"scene":"session-1","state":"archived","recipe":"Hummus","step":null}"#))
        #expect(run.warnings.lines == [
            "--speak: /nonexistent/espeak-ng is not installed (apt-get install espeak-ng); the assistant's lines are printed only."
        ])
        await run.expectNothingInFlight()
    }

    @Test func traceModePrintsEachTurnsEventsAfterTheScreen() async throws {
        var options = RecipeShell.Options()
        options.trace = true
        let run = try await ShellRun.run(":open\nnext step", options: options)
        #expect(run.status == 1, "the script ended at a question: the conversation was abandoned")
        #expect(run.text.contains("   0.000s  lifecycle    app willFinishLaunching user"))
        #expect(run.text.contains("   0.000s  prompt       Which recipe? | All Recipes: | 1. Banana Pancakes (25 min · serves 4)"))
        #expect(run.answers == ["cancel"], "the script ended, so the user cancels")
        #expect(run.text.contains("   0.000s  outcome      cancelled"))
        await run.expectNothingInFlight()
    }

    @Test func controlCharactersAreShownEscapedAndAccentsAsTyped() async throws {
        let run = try await ShellRun.run(":x\u{1B}[2J\u{7}\nmake crème brûlée\u{0}")
        #expect(run.lines.contains("> :x\\u{1B}[2J\\u{7}"))
        #expect(run.errors == ["Unknown command :x\\u{1B}[2J\\u{7}. Type :help for the commands."])
        #expect(run.lines.contains("> make crème brûlée\\u{0}"))
        #expect(!run.text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        await run.expectNothingInFlight()
    }

    @Test(arguments: [Mode.inProcess, .separateProcesses])
    func everyMessageIsASentence(_ mode: Mode) async throws {
        // In its own process, the commands before `:quit` started the app's process (the app
        // itself not running): `:quit` ends that process, and `:scenes` then finds none and
        // starts none.
        let separate = mode == .separateProcesses
        let run = try await ShellRun.run(mode: mode, """
            :new-window
            :tap 1
            :back
            :home
            :close
            :quit
            :scenes
            :open
            :tap
            :tap 1 2
            :tap 0
            :back
            :home 3
            :lock
            :lock
            :unlock
            :unlock
            :frob
            """)
        #expect(run.errors == [
            "Recipe Assistant is not running; :open it first.",
            "Nothing is on screen to tap; :open the app first.",
            "Nothing is on screen; :open the app first.",
            "The app is not running, so it cannot go to the background.",
            "No window is open.",
        ] + (separate ? [] : ["Recipe Assistant is not running."]) + [
            ":tap needs a row number, for example :tap 1.",
            ":tap needs a row number, for example :tap 1.",
            "There is no row 0 on this screen; the rows are [1] to [22].",
            ":home takes nothing after it; type :home alone.",
            "Unknown command :frob. Type :help for the commands.",
        ])
        let notes = run.lines.filter { !$0.hasPrefix(">") && !$0.hasPrefix("Error: ") && !"┌│├└".contains($0.first ?? " ") }
            .map { $0.replacing(/process \d+/, with: "process N") }
        #expect(notes == [
            "(Recipe Assistant is not running.)", "(Recipe Assistant is not running.)", "(Recipe Assistant is not running.)",
            "(Recipe Assistant is not running.)", "(Recipe Assistant is not running.)", "(Recipe Assistant is not running.)",
        ] + (separate
            ? ["Recipe Assistant is not running: it has no process."]
            : ["Recipe Assistant runs in process N.", "No windows are open."]) + [
            "(Recipe Assistant is not running.)",
            "Already at the recipe list.",
            "The device is locked.", "(Recipe Assistant is in the background.)",
            "The device is already locked.", "(Recipe Assistant is in the background.)",
            "The device is unlocked.",
            "The device is not locked.",
        ])
        for line in run.errors + notes {
            #expect(line.last.map { ".)".contains($0) } == true, "not a sentence: \(line)")
        }
        await run.expectNothingInFlight()
        await run.finish()
    }
}
