import Assistant
import SceneIntentsShell
import SceneIntentsTesting
import Testing

/// A script through the session loop, and the terminal user on its own.
@MainActor
struct ShellLoopTests {
    @Test func aScriptRunsThroughTheLoopWithCommandsAConversationAndNarration() async throws {
        let clock = ManualClock()
        var settings = SessionSettings()
        settings.echo = true
        let (shell, input, output) = try KitchenCLI.session("""
            ## Narration is printed, comments are not.
            # a comment
            :soups on
            :trace x
            :soups zz
            :nope
            order soup
            :soups cl
            pea
            hello
            :exit
            :soups
            """, settings: settings, clock: clock)
        let status = await shell.run()
        #expect(output.lines == [
            "Narration is printed, comments are not.",
            "> :soups on", "French Onion", "[screen 1]",
            "> :trace x", "Error: :trace takes nothing after it; type :trace alone.", "[screen 2]",
            "> :soups zz", "Error: No soup has zz in its name.", "[screen 3]",
            "> :nope", "Error: Unknown command :nope. Type :help for the commands.", "[screen 4]",
            "> order soup", "Assistant: Which soup?",
            "> :soups cl", "Clam Chowder",
            "> pea", "Assistant: 1 Pea coming up.", "[screen 5]",
            "> hello", "Assistant: Sorry, I didn't understand. You can say: \"order soup\".", "[screen 6]",
            "> :exit",
        ])
        #expect(status == 1)
        #expect(shell.errorCount == 4, "three commands and one utterance not understood")
        #expect(await input.nextLine() == ":soups", "nothing is read after :exit")
        #expect(await input.nextLine() == nil)
        #expect(clock.sleeperCount == 0)
        #expect(shell.outputFailure == nil)
    }

    @Test func theTerminalUserAnswersAPromptFromALineSource() async {
        let output = ShellOutput.captured()
        let user = TerminalUser(input: ScriptLines(text: "2\r\nyes\n"), output: output)
        await user.hear("Hello.")
        #expect(await user.answer(.value(parameter: "soup", question: "Which soup?\nSay a name.")) == .pick(2))
        #expect(await user.answer(.confirmation(parameter: "soup", question: "Pea?")) == .yes)
        #expect(await user.answer(.confirmation(parameter: "soup", question: "Sure?")) == .cancel, "the input ended")
        #expect(output.lines == [
            "Assistant: Hello.", "Assistant: Which soup?", "           Say a name.", "Assistant: Pea?", "Assistant: Sure?",
        ])
    }
}

/// JSON mode: every line is an object, whatever printed it.
@MainActor
struct ShellJSONTests {
    @Test func inJSONModeCommandsErrorsAndTheTraceAreJSONLines() async throws {
        var settings = SessionSettings()
        settings.json = true
        let (shell, _, output) = try KitchenCLI.session(":soups pho\n:bogus\n:help\nhello", settings: settings)
        #expect(await shell.run() == 1)
        #expect(output.lines == [
            #"{"message":"Pho"}"#,
            #"{"error":"Unknown command :bogus. Type :help for the commands."}"#,
            #"{"say":"order soup"}"#,
            #"{"command":":soups WORD","does":"List the soups whose name has WORD."}"#,
            #"{"command":":trace","does":"Print the whole trace."}"#,
            #"{"command":":help","does":"List what you can say and type."}"#,
            #"{"command":":exit","does":"Leave the session."}"#,
            #"{"at":"0.000","detail":"\"hello\"","kind":"request"}"#,
            #"{"at":"0.000","detail":"no match","kind":"interpret"}"#,
            #"{"at":"0.000","detail":"Sorry, I didn't understand. You can say: \"order soup\".","kind":"say"}"#,
            #"{"at":"0.000","detail":"notUnderstood","kind":"outcome"}"#,
        ])
        #expect(shell.outputFailure == nil)
    }
}
