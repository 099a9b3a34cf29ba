import Foundation
import HydratorKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// Hydrator comes back to its Add screen with the drink and the ounces chosen: across a SIGKILL
/// of `hydrator-app` (the built `hydrator --separate-processes`, sessions kept in its runtime
/// directory), and in process on the manual clock, callback by callback.
@Suite("Hydrator restores its sessions")
struct RestorationTests {
    /// The built shell run over `script` with separate processes and the trace on, in a fresh
    /// container and runtime directory: its standard output's lines, the trace's without instants.
    private func separate(_ script: String) async throws -> (status: Int32, lines: [String]) {
        let container = TemporaryContainer()
        defer { container.remove() }
        let run = try await runHydrator(
            ["--separate-processes", "--runtime-dir", container.root + "/run", "--container", container.path, "--trace"],
            stdin: script)
        #expect(run.stderr == "")
        let lines = run.stdout.split(separator: "\n").map { line in
            String(line.replacing(/^ +[\d.]+s +/, with: "").replacing(/\ +/, with: " "))
        }
        return (run.status, lines)
    }

    @Test func aKilledAppComesBackToItsAddScreenWithTheDrinkAndOuncesChosen() async throws {
        let run = try await separate(":open\n:add\n:pick 2\n:ounces 12\n:kill\n:open\n")
        #expect(run.status == 0)
        let relaunch = try #require(run.lines.firstIndex(of: "process sessions of com.example.Hydrator: restore 1, discarded 0"))
        let after = Array(run.lines[relaunch...])
        #expect(after.filter { $0.hasPrefix("lifecycle ") }.prefix(8) == [
            "lifecycle app willFinishLaunching user", "lifecycle app didFinishLaunching user",
            "lifecycle session-1 willConnectTo", "lifecycle Add viewDidLoad", "lifecycle Add viewWillAppear",
            "lifecycle session-1 sceneWillEnterForeground", "lifecycle session-1 sceneDidBecomeActive",
            "lifecycle Add viewDidAppear",
        ])
        // The screen after the relaunch (printed before the turn's trace).
        let screen = run.lines[try #require(run.lines.lastIndex(of: "> :open"))...]
        #expect(screen.contains("│ Add a drink session-1 │"))
        #expect(screen.contains("│ [2] Coffee ✓ │"))
        #expect(screen.contains("│ Ounces: 12 │"))
    }

    @Test func aSessionClosedWhileTheAppIsNotRunningIsDiscardedAtItsNextLaunch() async throws {
        let run = try await separate(":open\n:kill\n:close 1\n:open\n")
        #expect(run.status == 0)
        #expect(run.lines.contains("process sessions of com.example.Hydrator: closed session-1 while not running"))
        let relaunch = try #require(run.lines.lastIndex(of: "lifecycle app didFinishLaunching user"))
        #expect(run.lines[(relaunch + 1)...].prefix(2) == [
            "lifecycle app didDiscardSceneSessions session-1", "process sessions of com.example.Hydrator: discarded session-1",
        ])
    }

    @Test func aForceQuitDiscardsEverySession() async throws {
        let run = try await separate(":open\n:add\n:quit\n:open\n")
        #expect(run.status == 0)
        #expect(run.lines.contains("process sessions of com.example.Hydrator: force-quit discards them all"))
        let relaunch = try #require(run.lines.lastIndex(of: "lifecycle app didFinishLaunching user"))
        #expect(run.lines[(relaunch + 1)...].filter { $0.hasPrefix("lifecycle") }.prefix(3) == [
            "lifecycle app didDiscardSceneSessions session-1", "lifecycle app configurationForConnecting session-2",
            "lifecycle session-2 willConnectTo",
        ])
    }

    @MainActor
    @Test func inProcessTheAddScreenIsRebuiltOverTodayWithItsForm() async throws {
        let first = try HydratorRig()
        let kept = KeptSessionRecords()
        kept.keep(first.app.application)
        let driver = first.app.driver()
        for line in [":open", ":add", ":pick 3", ":ounces 8"] { _ = try await driver.run(line) }
        #expect(kept.records.map(\.userInfo) == [["screen": "add", "drink": .integer(HydrationType.tea.rawValue), "ounces": 8]])
        // The process dies here: nothing more is asked of the app.

        let second = try HydratorRig()
        try second.app.application.restoreSessions(kept.restoration)
        try second.app.application.userOpensApp()
        #expect(second.recorder.take() == [
            "app willFinishLaunching user", "app didFinishLaunching user",
            "session-1 willConnectTo", "Add viewDidLoad", "Add viewWillAppear",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "Add viewDidAppear",
        ])
        let navigation = second.app.application.openSessions.first?.scene?.rootViewController as? NavigationController
        #expect(navigation?.viewControllers.map(\.name) == ["Today", "Add"])
        let add = try #require(navigation?.topViewController as? AddViewController)
        #expect(add.form == AddForm(drink: .tea, ounces: 8))
        #expect(second.leftOpen() == [])
        #expect(first.leftOpen() == [])
    }
}
