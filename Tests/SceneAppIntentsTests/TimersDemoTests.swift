import Assistant
import AssistantService
import Foundation
import IntentDefinition
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import Testing
import TimersKit

/// The Timers demo, every intent declared with App Intents' API: its command line run as a user
/// runs it, and its app as its own process, known from the bundle data it writes.
@MainActor
struct TimersDemoTests {
    static let script = [
        "start a tea timer in timers", "start a timer in timers", "pasta", "show my timers in timers", "stop my timers in timers", ":home",
        "add a timer in timers", "Soup", "12", "show my timers in timers",
    ]

    @Test(.timeLimit(.minutes(1)))
    func aScriptedSessionReadsAsTheStoryGoes() async throws {
        let run = try await BuiltProducts.run("timers", ["--script", "-"], stdin: Self.script.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "> start a tea timer in timers",
            "Assistant: Started Tea for 4 minutes.",
            "> start a timer in timers",
            "Assistant: Which timer?",
            "> pasta",
            "Assistant: Started Pasta for 10 minutes.",
            "> show my timers in timers",
            "Assistant: Here are your 2 timers: Tea and Pasta.",
            "┌──────────────────────────────────────────────────────────────┐",
            "│ Timers                                             session-1 │",
            "├──────────────────────────────────────────────────────────────┤",
            "│ ▶ Tea                                                        │",
            "│ ▶ Pasta                                                      │",
            "│                                                              │",
            "│   Tea — 4 min                                                │",
            "│   Green Tea — 3 min                                          │",
            "│   Pasta — 10 min                                             │",
            "│   Eggs — 7 min                                               │",
            "│   Pizza — 12 min                                             │",
            "└──────────────────────────────────────────────────────────────┘",
            "> stop my timers in timers",
            "Assistant: Stopped 2 timers on screen.",
            "┌──────────────────────────────────────────────────────────────┐",
            "│ Timers                                             session-1 │",
            "├──────────────────────────────────────────────────────────────┤",
            "│ No timers running. Say \"start a tea timer in timers\".        │",
            "│                                                              │",
            "│   Tea — 4 min                                                │",
            "│   Green Tea — 3 min                                          │",
            "│   Pasta — 10 min                                             │",
            "│   Eggs — 7 min                                               │",
            "│   Pizza — 12 min                                             │",
            "└──────────────────────────────────────────────────────────────┘",
            "> :home",
            "> add a timer in timers",
            "Assistant: What's the timer called?",
            "> Soup",
            "Assistant: How many minutes for Soup?",
            "> 12",
            "Assistant: Added Soup, 12 minutes.",
            "> show my timers in timers",
            "Assistant: No timers are running.",
            "",
        ])
    }

    @Test(.timeLimit(.minutes(1)))
    func theAppConversesAsItsOwnProcessFromItsBundleData() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "timers-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundle = folder + "/Timers.app"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let written = try await BuiltProducts.run("timers-app", ["--write-bundle-data", bundle])
        #expect(written.status == 0, "\(written.stderr)")
        let data = try AppBundleData(contentsOf: bundle)
        #expect(data.vocabulary == TimersApp.words)
        let installed = try InstalledApp(data, folder: bundle)
        let connection = try ProcessConnection(
            launch: LaunchCommand(executable: BuiltProducts.executable("timers-app")), appName: TimersApp.name,
            manifest: TimersApp().application.manifest, catalog: installed.catalog,
            runtimeDirectory: try RuntimeDirectory.prepare(folder + "/run"))
        let user = ScriptedUser([.text("green"), .pick(2)])
        let assistant = Assistant(connection: connection, user: user, device: Device(), clock: .continuous(), vocabulary: installed.vocabulary)
        #expect(await assistant.perform(.utterance("start a pasta timer in timers")).dialog == ["Started Pasta for 10 minutes."])
        #expect(await assistant.perform(.utterance("start a timer in timers")).dialog == ["Which timer?", "Started Green Tea for 3 minutes."])
        // The choice travels to the app's process and back (`PhaseCall.choices`).
        #expect(await assistant.perform(.utterance("stop my timers in timers")).dialog == [
            "Stop which timers?\n1. All 2 timers\n2. Only Green Tea\n3. Cancel", "Stopped Green Tea.",
        ])
        // The app's process comes forward in the middle of the request (`continueInForeground`).
        let shown = await assistant.perform(.utterance("show my timers in timers"))
        #expect(shown.dialog == ["Here is your Pasta timer."])
        #expect(shown.continuedInScene == "session-1")
        await connection.close()
        #expect(await connection.processIdentifier == nil)
        #expect(leftInFlight(user: user) == [])
    }

    /// Started by hand with an argument it does not take, the app process refuses it in one line
    /// (exit 64) instead of starting as if it were not there; `--help` says what it takes.
    @Test(.timeLimit(.minutes(1)))
    func theAppProcessRefusesAnArgumentItDoesNotTake() async throws {
        let bogus = try await BuiltProducts.run("timers-app", ["--bogus"])
        #expect(bogus.status == 64 && bogus.stdout.isEmpty)
        #expect(bogus.stderr == "timers-app: There is no option --bogus; see --help.\n")
        let help = try await BuiltProducts.run("timers-app", ["--help"])
        #expect(help.status == 0 && help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("usage: timers-app\n"), "\(help.stdout)")
        #expect(help.stdout.contains("  --help, -h"), "\(help.stdout)")
    }
}
