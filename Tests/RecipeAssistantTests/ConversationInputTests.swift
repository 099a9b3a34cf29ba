import Assistant
import RecipeAssistantCLI
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// Issue 9 through the shell, the demo's public entry: what a user may answer at "Which
/// recipe?", options paged past the old cap of 25, and the handler's rules (the named recipe
/// wins, its own scene's state, the overlay, restoration after a relaunch).
@MainActor
struct ConversationInputTests {
    /// A shell over a new Recipe Assistant, driven by a script; everything it printed.
    @MainActor
    struct Session {
        let shell: Shell<RecipeSession>
        let output: ShellOutput
        /// The app (these sessions always run it in process, so it is there).
        var app: RecipeAssistantApp { shell.app.recipeApp! }
        /// What the assistant said, each message whole (a list's lines joined by newlines).
        var spoken: [String] {
            var messages: [String] = []
            for line in output.text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("Assistant: ") {
                    messages.append(String(line.dropFirst(11)))
                } else if line.hasPrefix("           "), !messages.isEmpty {
                    messages[messages.count - 1] += "\n" + line.dropFirst(11)
                }
            }
            return messages
        }
        var traced: [String] { shell.trace.events.map { "\($0.kind.rawValue): \($0.detail)" } }
        var detail: RecipeDetailViewController? { app.foregroundScreen as? RecipeDetailViewController }

        init(catalogSize: Int = 0, _ script: String) async throws {
            output = ShellOutput.captured()
            var options = RecipeShell.Options()
            options.echo = true
            options.catalogSize = catalogSize
            let input = ScriptLines(text: script)
            shell = try recipeShell(options: options, input: input, output: output, clock: ManualClock())
            while let line = await input.nextLine() {
                if !line.isEmpty { await shell.turn(line) }
            }
        }

        /// Nothing left open: no request holds a handler, and the trace ends at an outcome.
        func expectSettled() {
            #expect(leftInFlight(host: app.host) == [])
            #expect(traced.last?.hasPrefix("outcome: ") == true)
        }
    }

    static let pancakes = """
        Which recipe?
        Containing "pancakes":
        1. Banana Pancakes (25 min · serves 4)
        2. Buttermilk Pancakes (20 min · serves 4)
        3. Blueberry Pancakes (25 min · serves 4)
        Say "more" for more.
        """

    @Test(arguments: [
        ("scallion", "Scallion Pancakes"), ("3", "Blueberry Pancakes"), ("3.", "Blueberry Pancakes"),
        ("three", "Blueberry Pancakes"), ("the third", "Blueberry Pancakes"), ("buttermilk pancaks", "Buttermilk Pancakes"),
    ])
    func aPartOfATitleAnOrdinalOrAMisspellingIsUnderstood(_ answer: String, _ title: String) async throws {
        let session = try await Session(":open\nshow directions for pancakes\n\(answer)")
        #expect(session.detail?.recipe.title == title)
        #expect(session.spoken.first == Self.pancakes)
        #expect(session.spoken.last?.hasPrefix("Here are the ingredients for \(title): ") == true)
        session.expectSettled()
    }

    @Test func aNumberOutOfRangeNamesTheRangeAndAnEmptyAnswerRepeatsTheQuestion() async throws {
        let session = try await Session(":open\nshow directions for pancakes\n9\n\n1")
        #expect(session.spoken.prefix(4) == [
            Self.pancakes, "There's no number 9 on the list. Say a number from 1 to 3, or \"more\".", Self.pancakes,
            Self.pancakes,
        ])
        #expect(session.detail?.recipe.title == "Banana Pancakes")
        session.expectSettled()
    }

    @Test func moreAtTheEndSaysSoAndReadsFromTheStart() async throws {
        let session = try await Session(":open\nshow directions for pancakes\nmore\nmore\n2")
        #expect(session.spoken.dropLast() == [
            Self.pancakes,
            "Which recipe?\n4. Potato Pancakes (40 min · serves 4)\n5. Scallion Pancakes (50 min · serves 4)",
            "That's all of them. Here they are again from the start.", Self.pancakes,
        ])
        #expect(session.detail?.recipe.title == "Buttermilk Pancakes")
        session.expectSettled()
    }

    /// 5 written pancakes and 100 synthetic ones match "pan": 35 pages of 3, read a page at a
    /// time from the handler, with no cap at 25; "That's all of them" only after the last.
    @Test func optionsArePagedFromTheProviderPastTheOldCapAndTheEndIsTrue() async throws {
        let mores = Array(repeating: "more", count: 35).joined(separator: "\n")
        let session = try await Session(catalogSize: 100, ":open\nshow directions for pan\n\(mores)\n105")
        let allOfThem = session.spoken.filter { $0.hasPrefix("That's all of them") }
        #expect(allOfThem.count == 1)
        // Pages 1 to 34 offer more, the 35th does not, then page 1 again after "That's all of them".
        #expect(session.spoken.filter { $0.hasSuffix("Say \"more\" for more.") }.count == 35)
        let optionCalls = session.traced.filter { $0.hasPrefix("call: provideOptions(recipe, \"pan\"") }
        #expect(optionCalls.count == 35, "one page fetched per page read")
        let last = try #require(session.app.book.search("pan", limit: .max).last)
        #expect(session.app.book.search("pan", limit: .max).count == 105)
        #expect(session.detail?.recipe.title == last.title)
        session.expectSettled()
    }

    @Test func theRecipeTheUserNamesWinsOverTheOneOnScreen() async throws {
        let session = try await Session(":open\n:tap 1\nshow directions for tomato soup")
        #expect(session.detail?.recipe.title == "Tomato Soup")
        #expect(session.spoken.last?.hasPrefix("Here are the ingredients for Tomato Soup: ") == true)
        #expect(session.traced.contains("result: resolve(recipe) → success(Tomato Soup)"))
        session.expectSettled()
    }

    @Test func theScreensRecipeFillsOnlyARecipeTheUserDidNotName() async throws {
        let session = try await Session(":open\n:tap 1\nnext step")
        let directions = try #require(session.app.foregroundScreen as? DirectionsViewController)
        #expect(directions.recipe.title == "Banana Pancakes")
        #expect(session.traced.contains("result: resolve(recipe) → success(Banana Pancakes)"))
        session.expectSettled()
    }

    /// The assistant's overlay: the scene is interrupted for the request and the handler, which
    /// treats foreground inactive as foreground, answers on screen.
    @Test func underTheOverlayTheHandlerStillAnswersOnScreen() async throws {
        let session = try await Session(":open\n:tap 6\n:tap 1\nnext step")
        #expect(session.spoken == ["Step 2. Add the chopped tomatoes and the stock; simmer 20 minutes."])
        let request = session.traced.drop { !$0.hasPrefix("request: ") }
        #expect(request.filter { $0.hasPrefix("lifecycle: ") } == [
            "lifecycle: session-1 sceneWillResignActive", "lifecycle: app handlerFor ShowDirectionsIntent",
            "lifecycle: session-1 sceneDidBecomeActive",
        ])
        session.expectSettled()
    }

    @Test func relaunchedForNextStepTheScreenlessHandlerResumesFromTheLastSession() async throws {
        let session = try await Session(":open\n:tap 6\n:tap 1\nnext step\n:quit\nnext step")
        let relaunch = session.traced.split { $0 == "lifecycle: app willTerminate" }.last ?? []
        #expect(relaunch.contains("result: resolve(recipe) → success(Tomato Soup)"))
        #expect(!relaunch.contains { $0.hasPrefix("prompt: ") }, "no \"Which recipe?\"")
        session.expectSettled()
    }
}
