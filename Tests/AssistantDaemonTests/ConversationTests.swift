import Assistant
import AssistantDaemon
import Foundation
import SceneIntentsTesting
import SceneIntentsTransport
import Testing

/// The daemon in this process, spoken to over its socket as `assistant` speaks to it; the
/// Recipe Assistant runs as its own process (`recipe-assistant-app`), so these tests wait on
/// the real clock where a process is involved.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ConversationTests {
    static let pancakes = "Here are the ingredients for Banana Pancakes: 2 ripe bananas, 2 eggs, 150 g flour, 200 ml milk, 1 tsp baking powder, butter."

    @Test func anUtteranceIsAnsweredByTheAppLaunchedAsItsOwnProcess() async throws {
        let daemon = try makeDaemon()
        daemon.start()
        let client = try await TestClient(daemon.socketPath, greet: false)
        #expect(try await client.exchange(.hello(version: ClientProtocol.version)) == [
            .welcome(version: ClientProtocol.version, apps: ["Recipe Assistant"])
        ])
        #expect(
            try await client.exchange(.say(text: "show directions for banana pancakes", wantsTrace: false)) == [
                .spoken(line: "Opening Recipe Assistant."), .spoken(line: Self.pancakes),
                .outcome(status: .continuedInApp, app: "Recipe Assistant"),
            ])
        let spawn = "process: spawn \(BuiltProducts.executable("recipe-assistant-app")) pid N"
        #expect(
            traceLines(daemon.lastTrace ?? []) == [
                "request: \"show directions for banana pancakes\"",
                "interpret: ShowDirectionsIntent via \"show directions for ${recipe}\" (recipe: \"banana pancakes\" = Banana Pancakes)",
                "route: ShowDirectionsIntent → Recipe Assistant",
                "call: proceed(recipe) budget 60s per step, first until Ts",
                "route: ShowDirectionsIntent → app: only the app lists the intent",
                spawn,
                "process: connected after X ms: Recipe Assistant pid N",
                "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
                "report: launchedForIntent: ShowDirectionsIntent", "lifecycle: app handlerFor ShowDirectionsIntent",
                "result: resolve(recipe) → success(Banana Pancakes)", "result: confirm → response(ready)",
                "result: handle → response(continueInApp, activity ShowDirectionsIntent)",
                "say: Opening Recipe Assistant.",
                "lifecycle: app configurationForConnecting session-1", "lifecycle: session-1 willConnectTo",
                "lifecycle: RecipeDetail viewDidLoad", "lifecycle: RecipeDetail viewWillAppear",
                "lifecycle: session-1 sceneWillEnterForeground", "lifecycle: session-1 sceneDidBecomeActive",
                "lifecycle: RecipeDetail viewDidAppear",
                "continuation: ShowDirectionsIntent continued in session-1",
                "say: \(Self.pancakes)", "outcome: continuedInApp",
            ])
        // The trace asked for comes before the outcome, and `trace` gives it again.
        let traced = try await client.exchange(.say(text: "next step", wantsTrace: true))
        #expect(traced.count == 3)
        #expect(traced.first == .spoken(line: "Step 1. Mash the bananas in a large bowl."))
        #expect(traced.last == .outcome(status: .success, app: "Recipe Assistant"))
        guard case .traceEvents(let events) = traced[1] else { throw Unexpected(traced[1]) }
        #expect(try await client.exchange(.trace) == [.traceEvents(events)])
        #expect(await finish(daemon) == [])
    }

    @Test func promptsAreAnsweredByTheClientsReplies() async throws {
        let daemon = try makeDaemon()
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        let question = "Which recipe?\nAll Recipes:\n1. Banana Pancakes (25 min · serves 4)\n2. Buttermilk Pancakes (20 min · serves 4)\n3. Blueberry Pancakes (25 min · serves 4)\nSay \"more\" for more."
        let messages = try await client.exchange(.say(text: "show directions", wantsTrace: false), replies: ["2"])
        #expect(messages.first == .prompt(text: question))
        #expect(messages.suffix(2) == [
            .spoken(line: "Here are the ingredients for Buttermilk Pancakes: 250 g flour, 2 tbsp sugar, 1 tsp baking soda, 500 ml buttermilk, 2 eggs, 50 g melted butter."),
            .outcome(status: .continuedInApp, app: "Recipe Assistant"),
        ])
        #expect(try await client.exchange(.reply(text: "3")) == [
            .failure(DaemonError(.noPrompt, value: "3", message: "nothing was asked; say something first"))
        ])
        #expect(await finish(daemon) == [])
    }

    @Test func aClientThatDisconnectsAtAPromptCancelsItsRequestAndNoLaterPhaseRuns() async throws {
        let daemon = try makeDaemon()
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        try client.send(.say(text: "show directions", wantsTrace: false))
        guard case .prompt? = await client.next() else { throw Unexpected("no prompt") }
        client.connection.close()
        let ended = await eventually { daemon.lastTrace != nil }
        #expect(ended)
        let lines = traceLines(daemon.lastTrace ?? [])
        let afterPrompt = Array(lines.drop { !$0.hasPrefix("prompt: ") }.dropFirst())
        #expect(afterPrompt == ["answer: cancel", "say: OK, cancelled.", "outcome: cancelled"])
        // The app was asked to resolve, and nothing after: no confirm, no handle.
        #expect(!lines.contains { $0.contains("confirm") || $0.contains("handle →") })
        // Another client is served as before.
        let next = try await TestClient(daemon.socketPath)
        #expect(try await next.exchange(.say(text: "show directions for banana pancakes", wantsTrace: false)).last
            == .outcome(status: .continuedInApp, app: "Recipe Assistant"))
        #expect(await finish(daemon) == [])
    }

    @Test func commandsActOnTheAppsAndTheSharedDevice() async throws {
        let daemon = try makeDaemon()
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.command(line: ":scenes")) == [.listing(lines: ["Recipe Assistant is not running."])])
        #expect(try await client.exchange(.command(line: ":open recipe assistant")) == [.listing(lines: ["Opened Recipe Assistant."])])
        let pid = try #require(await daemon.runningHosts["Recipe Assistant"])
        #expect(try await client.exchange(.command(line: ":scenes")) == [
            .listing(lines: ["Recipe Assistant runs in process \(pid).", "session-1: foregroundActive, showing Recipes."])
        ])
        #expect(try await client.exchange(.command(line: ":lock")) == [.listing(lines: ["Locked the device."])])
        #expect(daemon.device.isLocked)
        // The lock is the device's: another user is refused too, before the app is asked.
        let other = try await TestClient(daemon.socketPath)
        #expect(try await other.exchange(.say(text: "show directions for banana pancakes", wantsTrace: false)) == [
            .spoken(line: "You'll need to unlock your device first."), .outcome(status: .refused, app: "Recipe Assistant"),
        ])
        #expect(try await client.exchange(.command(line: ":unlock")) == [.listing(lines: ["Unlocked the device."])])
        #expect(try await client.exchange(.command(line: ":quit")) == [.listing(lines: ["Quit Recipe Assistant: its sessions are discarded."])])
        let running = await daemon.runningHosts
        #expect(running == [:])
        #expect(try await client.exchange(.command(line: ":open Nope")) == [
            .failure(DaemonError(.unknownApp, value: "Nope", message: "no app is named Nope (served: Recipe Assistant)"))
        ])
        #expect(try await client.exchange(.command(line: ":bogus")) == [
            .failure(DaemonError(.unknownCommand, value: ":bogus", message: "there is no command :bogus; type :help for the commands"))
        ])
        #expect(try await client.exchange(.command(line: ":trace")) == [
            .failure(DaemonError(.noTrace, value: ":trace", message: "you have made no request yet"))
        ])
        #expect(try await client.exchange(.command(line: ":help")) == [.listing(lines: DaemonCommand.help)])
        #expect(await finish(daemon) == [])
    }
}

struct Unexpected: Error {
    let what: String
    init(_ what: Any) { self.what = "\(what)" }
}
