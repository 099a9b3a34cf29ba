import Foundation
import SceneIntents
import SceneIntentsCommandLine
import SceneIntentsTesting
import Testing

/// The standard app command driver over a one-screen app ("Notes"), through its public API:
/// every standard command with the whole sequence of callbacks it causes, a wrong argument for
/// each, an app's own command, and the help made from the same table.
@MainActor
struct AppDriverTests {
    let application = Application(
        manifest: AppManifest(sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default")]]),
        sceneDelegates: ["Default": { NotesSceneDelegate() }], delegate: { NotesDelegate() })
    let recorder: LifecycleRecorder

    init() {
        recorder = LifecycleRecorder(application)
    }

    /// The driver, with the app's own `:tap N` (and a `:home` of its own when `ownHome`).
    func driver(json: Bool = false, ownHome: Bool = false) -> AppDriver {
        let tap = AppCommand(":tap", argument: .init("N", "a row number", example: "1"), "Tap row [N] of the screen.") { call in
            guard let screen = call.driver.foregroundScreen as? NotesScreen else {
                throw AppCommandError(.nothingToActOn, call.line, "Nothing is on screen to tap.")
            }
            let row = try call.wholeNumber()
            guard (1...2).contains(row) else { throw AppCommandError(.badArgument, call.arguments[0], "There is no row \(call.arguments[0]).") }
            screen.tapped = row
            return call.driver.note("Tapped row \(row).")
        }
        let home = AppCommand(":home", "Go home, the app's way.") { _ in "home, the app's way" }
        return AppDriver(
            name: "Notes", application: application, json: json, commands: [tap] + (ownHome ? [home] : []),
            restoration: { session in
                AppDriver.Restoration(restores: "the list at row \(session.persistentIdentifier.count)", fields: [("row", 9)])
            })
    }

    @Test func theStandardCommandsActAsTheUserWouldAndSayWhatTheyDid() async throws {
        let driver = driver()
        let process = ProcessInfo.processInfo.processIdentifier
        #expect(try await driver.run(":screen") == "(Notes is not running.)")
        #expect(try await driver.run(":scenes") == "Notes runs in process \(process).\nNo windows are open.")
        #expect(try await driver.run(":open") == "")
        #expect(recorder.take() == [
            "app willFinishLaunching user", "app didFinishLaunching user", "app configurationForConnecting session-1",
            "session-1 willConnectTo", "Notes viewDidLoad", "Notes viewWillAppear", "session-1 sceneWillEnterForeground",
            "session-1 sceneDidBecomeActive", "Notes viewDidAppear",
        ])
        #expect(try await driver.run(":screen") == ScreenFrame.render(heading: "Notes", badge: "session-1", lines: ["[1] Milk", "[2] Eggs"]))
        #expect(try await driver.run(":scenes") == "Notes runs in process \(process).\nsession-1: foregroundActive, showing Notes.")
        #expect(try await driver.run(":home") == "")
        #expect(recorder.take() == ["session-1 sceneWillResignActive", "session-1 sceneDidEnterBackground", "session-1 stateRestorationActivity"])
        #expect(try await driver.run(":screen") == "(Notes is in the background.)")
        #expect(try await driver.run(":open") == "")
        #expect(recorder.take() == ["session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive"])
        #expect(try await driver.run(":close") == "")
        #expect(recorder.take() == [
            "session-1 sceneWillResignActive", "session-1 sceneDidEnterBackground", "session-1 stateRestorationActivity",
            "session-1 sceneDidDisconnect", "app didDiscardSceneSessions session-1",
        ])
        #expect(try await driver.run(":open") == "")
        #expect(recorder.take().prefix(2) == ["app configurationForConnecting session-2", "session-2 willConnectTo"])
        #expect(try await driver.run(":close 2") == "")
        #expect(recorder.take().last == "app didDiscardSceneSessions session-2")
        #expect(try await driver.run(":quit") == "")
        #expect(recorder.take() == ["app willTerminate"])
        #expect(!application.isRunning)
        #expect(leftInFlight(recorder: recorder) == [])
    }

    /// What an archived session restores, as the app words it, in sentences and in JSON.
    @Test func scenesSaysWhatAnArchivedSessionRestores() async throws {
        try application.userOpensApp()
        application.terminate()
        try application.launch(.intent)
        _ = recorder.take()
        let process = ProcessInfo.processInfo.processIdentifier
        #expect(try await driver().run(":scenes") == "Notes runs in process \(process).\nsession-1: archived, restores the list at row 9.")
        #expect(try await driver(json: true).run(":scenes") == """
            {"process":\(process)}
            {"scene":"session-1","state":"archived","row":9}
            """)
        application.terminate()
        #expect(recorder.take() == ["app willTerminate"])
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func aWrongArgumentIsRefusedNamingTheCommandAndChangesNothing() async throws {
        let driver = driver()
        try application.userOpensApp()
        _ = recorder.take()
        let refusals: [(String, AppCommandError)] = [
            (":open now", AppCommandError(.badArgument, ":open now", ":open takes nothing after it; type :open alone.")),
            (":home extra", AppCommandError(.badArgument, ":home extra", ":home takes nothing after it; type :home alone.")),
            (":screen 1", AppCommandError(.badArgument, ":screen 1", ":screen takes nothing after it; type :screen alone.")),
            (":scenes all", AppCommandError(.badArgument, ":scenes all", ":scenes takes nothing after it; type :scenes alone.")),
            (":quit now", AppCommandError(.badArgument, ":quit now", ":quit takes nothing after it; type :quit alone.")),
            (":help me", AppCommandError(.badArgument, ":help me", ":help takes nothing after it; type :help alone.")),
            (":close 1 2", AppCommandError(.badArgument, ":close 1 2", ":close takes a session number, for example :close 1 for session-1.")),
            (":close one", AppCommandError(.badArgument, ":close one", ":close takes a session number, for example :close 1 for session-1.")),
            (":close 0", AppCommandError(.badArgument, ":close 0", ":close takes a session number, for example :close 1 for session-1.")),
            (":close 7", AppCommandError(.nothingToActOn, ":close 7", "Notes has no open session session-7.")),
            (":tap", AppCommandError(.badArgument, ":tap", ":tap needs a row number, for example :tap 1.")),
            (":tap 1 2", AppCommandError(.badArgument, ":tap 1 2", ":tap needs a row number, for example :tap 1.")),
            (":tap x", AppCommandError(.badArgument, ":tap x", ":tap needs a row number, for example :tap 1.")),
            (":tap 99999999999999999999", AppCommandError(.badArgument, "99999999999999999999", "There is no row 99999999999999999999.")),
            (":frob", AppCommandError(.unknownCommand, ":frob", "Notes takes no command :frob.")),
            ("", AppCommandError(.unknownCommand, "", "Notes takes no command .")),
        ]
        for (line, refusal) in refusals {
            await #expect(throws: refusal, "\(line)") { try await driver.run(line) }
        }
        let long = ":tap " + String(repeating: "1", count: AppDriver.maximumLineLength)
        await #expect(throws: AppCommandError(.badArgument, String(long.prefix(40)) + "…", "A command line is at most 4096 bytes long.")) {
            try await driver.run(long)
        }
        #expect(recorder.take() == [])
        #expect(try await driver.run(":screen").contains("[1] Milk"))
        application.terminate()
        _ = recorder.take()
        // Refusals of the app itself, named by the line: not running.
        await #expect(throws: AppCommandError(.nothingToActOn, ":quit", "Notes is not running.")) { try await driver.run(":quit") }
        await #expect(throws: AppCommandError(.refused, ":home", "the app is not running, so it cannot go to the background")) {
            try await driver.run(":home")
        }
        await #expect(throws: AppCommandError(.nothingToActOn, ":close", "No window is open.")) { try await driver.run(":close") }
        #expect(recorder.take() == [])
        #expect(leftInFlight(recorder: recorder) == [])
    }

    @Test func anAppsOwnCommandRunsBesideTheStandardOnes() async throws {
        let driver = driver(json: true)
        await #expect(throws: AppCommandError(.nothingToActOn, ":tap 1", "Nothing is on screen to tap.")) { try await driver.run(":tap 1") }
        #expect(try await driver.run(":open") == "")
        _ = recorder.take()
        #expect(try await driver.run(":tap +2") == #"{"message":"Tapped row 2."}"#)
        #expect(try await driver.run(":screen") == ScreenFrame.render(heading: "Notes", badge: "session-1", lines: ["[1] Milk", "[2] Eggs ✓"]))
        #expect(recorder.take() == [])
        application.terminate()
        #expect(recorder.take() == [
            "session-1 sceneWillResignActive", "session-1 sceneDidEnterBackground", "session-1 stateRestorationActivity",
            "session-1 sceneDidDisconnect", "app willTerminate",
        ])
        #expect(leftInFlight(recorder: recorder) == [])
    }

    /// `:help` is the table: standard commands first, then the app's; an app's command named as
    /// a standard one takes its place.
    @Test func helpIsMadeFromTheTable() async throws {
        let help = [
            "  :open       Open the app: launch it, or bring it to the foreground.",
            "  :home       Send the app to the background.",
            "  :screen     Show the screen in front, framed.",
            "  :scenes     List the app's process, its windows and what archived ones restore.",
            "  :close [N]  Close session-N (the front window without N): its session is discarded.",
            "  :quit       Force-quit the app: it terminates.",
            "  :help       List these commands.",
            "  :tap N      Tap row [N] of the screen.",
        ]
        let driver = driver()
        #expect(driver.helpLines == help)
        #expect(try await driver.run(":help") == help.joined(separator: "\n"))
        #expect(try await self.driver(json: true).run(":help").split(separator: "\n").first == #"{"message":"  :open       Open the app: launch it, or bring it to the foreground."}"#)
        let own = self.driver(ownHome: true)
        #expect(own.commands.map(\.name) == [":open", ":home", ":screen", ":scenes", ":close", ":quit", ":help", ":tap"])
        #expect(own.helpLines[1] == "  :home       Go home, the app's way.")
        #expect(try await own.run(":home") == "home, the app's way")
        #expect(recorder.take() == [])
        #expect(leftInFlight(recorder: recorder) == [])
    }
}

/// Notes' one screen: two rows; a tapped one is ticked.
@MainActor
final class NotesScreen: ViewController, TextScreen {
    var tapped: Int?
    init() { super.init(name: "Notes") }
    var heading: String { "Notes" }
    func lines() -> [String] {
        ["Milk", "Eggs"].enumerated().map { "[\($0.offset + 1)] \($0.element)" + (tapped == $0.offset + 1 ? " ✓" : "") }
    }
}

/// Puts the notes screen in each scene.
@MainActor
final class NotesSceneDelegate: SceneDelegate {
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.rootViewController = NotesScreen()
    }
}

/// Notes' app delegate: every default.
@MainActor
final class NotesDelegate: ApplicationDelegate {}
