import Assistant
import AssistantDaemon
import Foundation
import SceneIntentsTesting
import SceneIntentsTransport
import Testing

/// The daemon spoken to as Home Assistant and Rhasspy speak to it: through the `wyoming`
/// package's own client and events (`Describe`, `Transcript`, `Recognize`, `Ping`, read back
/// through `Info`, `Handled`, `Intent`, ...). The apps run as their own processes, so these wait
/// on the real clock where a process is involved.
@Suite(.serialized, .timeLimit(.minutes(2)), .enabled(if: Wyoming.hasPython, "no python3 on this machine: the Wyoming tests drive assistantd with the wyoming package, so they are skipped"))
struct WyomingConversationTests {
    static let pancakes = "Here are the ingredients for Banana Pancakes: 2 ripe bananas, 2 eggs, 150 g flour, 200 ml milk, 1 tsp baking powder, butter."

    /// The streamed `handled` the package's client (1.10) is answered with: `lines` one chunk each.
    static func handled(_ lines: [String], conversation: String? = nil) -> [String] {
        let context = conversation.map { #"{"context": {"conversation_id": "\#($0)"}}"# } ?? "{}"
        let text = lines.joined(separator: "\n")
        let withText = conversation.map { #"{"context": {"conversation_id": "\#($0)"}, "text": \#(json(text))}"# } ?? #"{"text": \#(json(text))}"#
        return [#"{"data": \#(context), "type": "handled-start"}"#]
            + lines.enumerated().map { #"{"data": {"text": \#(json(($0.offset == 0 ? "" : "\n") + $0.element))}, "type": "handled-chunk"}"# }
            + [#"{"data": \#(withText), "type": "handled"}"#, #"{"data": {}, "type": "handled-stop"}"#]
    }

    /// `text` as Python's `json.dumps(..., ensure_ascii=False)` writes it.
    static func json(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n") + "\""
    }

    static let recipeInfo = #"{"data": {"asr": [], "handle": [{"attribution": {"name": "SceneIntents", "url": ""}, "description": "the apps assistantd serves, spoken to as the assistant speaks to them", "installed": true, "models": [{"attribution": {"name": "com.example.RecipeAssistant", "url": ""}, "description": "Recipe Assistant (ShowDirectionsIntent): say \"show directions for …\", \"directions for …\", \"show me …\"", "installed": true, "languages": ["en"], "name": "Recipe Assistant", "version": "2.0"}], "name": "SceneIntents", "supports_handled_streaming": true, "supports_home_control": false, "version": "2.0"}], "intent": [{"attribution": {"name": "SceneIntents", "url": ""}, "description": "the intents of the apps assistantd serves, recognized without calling the apps", "installed": true, "models": [{"attribution": {"name": "com.example.RecipeAssistant", "url": ""}, "description": "Recipe Assistant's ShowDirectionsIntent", "installed": true, "languages": ["en"], "name": "ShowDirectionsIntent", "version": "2.0"}], "name": "SceneIntents", "version": "2.0"}], "mic": [], "snd": [], "tts": [], "wake": []}, "type": "info"}"#

    @Test func describeTranscriptRecognizeAndPingAreAnsweredAsTheProtocolDefinesThem() async throws {
        let daemon = try Wyoming.daemon()
        daemon.start()
        let lines = try await Wyoming.drive(daemon.wyomingAddresses[0], [
            #"{"describe": true}"#, #"{"transcript": "show directions for banana pancakes"}"#,
            #"{"recognize": "show directions for blueberry pancakes"}"#, #"{"recognize": "open the pod bay doors"}"#,
            #"{"ping": "are you there"}"#, #"{"transcript": "open the pod bay doors"}"#,
        ])
        #expect(lines == [Self.recipeInfo] + Self.handled(["Opening Recipe Assistant.", Self.pancakes]) + [
            #"{"data": {"entities": [{"name": "recipe", "value": "Blueberry Pancakes"}], "name": "ShowDirectionsIntent"}, "type": "intent"}"#,
            #"{"data": {"text": "No app here understands \"open the pod bay doors\"."}, "type": "not-recognized"}"#,
            #"{"data": {"text": "are you there"}, "type": "pong"}"#,
            #"{"data": {"text": "Sorry, I didn't understand. You can say: \"show directions for …\", \"directions for …\" or \"show me …\"."}, "type": "not-handled"}"#,
        ])
        // Recognizing called no app: the last request is still the transcript's.
        #expect(traceLines(daemon.lastTrace ?? []).first == "request: \"open the pod bay doors\"")
        #expect(await finish(daemon) == [])
    }

    /// A voice shortcut the user recorded (`:add-voice-shortcut`) is heard through Wyoming as
    /// its phrase: recognized as its intent with the parameters it was recorded with, and run so.
    @Test func aVoiceShortcutIsRecognizedAndHandledAsItsIntent() async throws {
        let state = freshRuntimeDirectory() + "-state"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let folders = try StateDirectory.prepare(state)
        let daemon = try Wyoming.daemon(ShortcutsDaemonTests.hobson) { $0.shortcutsFolder = folders.shortcuts }
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.say(text: "insult me like a pirate", wantsTrace: false)).last
            == .outcome(status: .success, app: "Hobson"))
        #expect(try await client.exchange(ShortcutsDaemonTests.shortcuts).count == 1)
        #expect(try await client.exchange(.command(line: ":add-voice-shortcut 1 pirate time")) == [
            .listing(lines: ["added “pirate time” → InsultMe"])
        ])
        let lines = try await Wyoming.drive(daemon.wyomingAddresses[0], [
            #"{"recognize": "pirate time"}"#, #"{"transcript": "pirate time"}"#,
        ])
        // Which pirate insult is said is Hobson's choice: the turn is checked whole but for it.
        #expect(lines.count == 5)
        #expect(Array(lines.prefix(2)) == [
            #"{"data": {"entities": [{"name": "style", "value": "pirate"}], "name": "InsultMe"}, "type": "intent"}"#,
            #"{"data": {}, "type": "handled-start"}"#,
        ])
        let said = lines.dropFirst(2).first.flatMap { $0.firstMatch(of: /"text": (".+")\}, "type": "handled-chunk"/)?.1 }
        #expect(said != nil)
        #expect(Array(lines.dropFirst(3)) == [#"{"data": {"text": \#(said ?? "")}, "type": "handled"}"#, #"{"data": {}, "type": "handled-stop"}"#])
        #expect(await finish(daemon) == [])
    }

    @Test func aPromptIsAnsweredWithItsConversationAndTheNextTranscriptWithThatContextContinuesIt() async throws {
        let daemon = try Wyoming.daemon()
        daemon.start()
        let question = [
            "Which recipe?", "All Recipes:", "1. Banana Pancakes (25 min · serves 4)", "2. Buttermilk Pancakes (20 min · serves 4)",
            "3. Blueberry Pancakes (25 min · serves 4)", "Say \"more\" for more.",
        ]
        // A connection per transcript, as Home Assistant opens them.
        let lines = try await Wyoming.drive(daemon.wyomingAddresses[0], [
            #"{"transcript": "show directions"}"#, #"{"reconnect": true}"#, #"{"transcript": "2", "context": "last"}"#,
            #"{"reconnect": true}"#, #"{"transcript": "2"}"#,
        ])
        #expect(lines == Self.handled(question, conversation: "wyoming-1") + Self.handled([
            "Opening Recipe Assistant.",
            "Here are the ingredients for Buttermilk Pancakes: 250 g flour, 2 tbsp sugar, 1 tsp baking soda, 500 ml buttermilk, 2 eggs, 50 g melted butter.",
        ]) + [
            // Without the context, "2" is a new conversation's first words.
            #"{"data": {"text": "Sorry, I didn't understand. You can say: \"show directions for …\", \"directions for …\" or \"show me …\"."}, "type": "not-handled"}"#
        ])
        #expect(await finish(daemon) == [])
    }

    @Test func aConversationLeftWaitingPastItsPatienceIsCancelledAndItsIdThenBeginsANewOne() async throws {
        let clock = ManualClock()
        let daemon = try Wyoming.daemon(hydratorFolders) { $0.waitClock = clock }
        daemon.start()
        // Home Assistant gives every transcript a context of its own conversation's id.
        let context = #"{"conversation_id": "01JABCDEF"}"#
        let asked = try await Wyoming.drive(daemon.wyomingAddresses[0], [#"{"transcript": "log water", "context": \#(context)}"#])
        #expect(asked == Self.handled(["How many ounces?"], conversation: "01JABCDEF"))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(60))
        #expect(await eventually { traceLines(daemon.lastTrace ?? []).last == "outcome: cancelled" })
        #expect(traceLines(daemon.lastTrace ?? []).suffix(4) == [
            "prompt: How many ounces?", "answer: cancel", "say: OK, cancelled.", "outcome: cancelled",
        ])
        let late = try await Wyoming.drive(daemon.wyomingAddresses[0], [#"{"transcript": "12", "context": \#(context)}"#])
        #expect(late == [
            #"{"data": {"text": "Sorry, I didn't understand. You can say: \"Log …\", \"Log … ounces of …\" or \"Log … ounce of …\"."}, "type": "not-handled"}"#
        ])
        #expect(clock.sleeperCount == 0)
        #expect(await finish(daemon) == [])
    }

    @Test func aUnixSocketServesTheSameAndIsRemovedAtStop() async throws {
        let directory = freshRuntimeDirectory()
        let socket = "\(directory)/wyoming.sock"
        let daemon = try makeDaemon(directory: directory) { $0.wyoming = [.unix(path: socket)] }
        daemon.start()
        #expect(daemon.wyomingAddresses == [.unix(path: socket)])
        let lines = try await Wyoming.drive(.unix(path: socket), [#"{"ping": "unix"}"#, #"{"transcript": "show directions for banana pancakes"}"#])
        #expect(lines == [#"{"data": {"text": "unix"}, "type": "pong"}"#] + Self.handled(["Opening Recipe Assistant.", Self.pancakes]))
        #expect(await finish(daemon) == [])
    }

    @Test func assistantdSpeaksWyomingBesideItsClientsAndRefusesAnAddressBeyondThisMachine() async throws {
        let files = TempFiles()
        defer { files.remove() }
        let state = ["--state-dir", "\(files.folder)/state"]
        let refused = try await DaemonProcess.run(["--runtime-dir", freshRuntimeDirectory()] + state + ["--wyoming", "tcp://0.0.0.0:10700"])
        #expect(refused.status == .exited(1))
        #expect(refused.stderr == "assistantd: tcp://0.0.0.0:10700 can be reached from other machines, and Wyoming has no authentication or encryption: anyone who reaches it could speak to your apps; listen on 127.0.0.1, or give --wyoming-allow-remote if your network is trusted\n")
        let daemon = try await DaemonProcess.start(freshRuntimeDirectory(), arguments: ["--wyoming", "tcp://127.0.0.1:0"])
        defer { daemon.cleanUp() }
        let announced = daemon.output.split(separator: "\n").first { $0.hasPrefix("assistantd: Wyoming on tcp://127.0.0.1:") }
        let address = try WyomingAddress.parse(String(try #require(announced).dropFirst("assistantd: Wyoming on ".count)))
        // `assistant` and a Wyoming client take turns with the same app.
        #expect(try await daemon.client("say", "show directions for banana pancakes").lines == ["Opening Recipe Assistant.", Self.pancakes])
        #expect(try await Wyoming.drive(address, [#"{"transcript": "next step"}"#]) == Self.handled(["Step 1. Mash the bananas in a large bowl."]))
        #expect(try await daemon.client("say", "next step").lines == ["Step 2. Whisk in the eggs and the milk."])
        #expect(await daemon.end(SIGTERM) == .exited(0))
        #expect(daemon.errors == "")
    }
}
