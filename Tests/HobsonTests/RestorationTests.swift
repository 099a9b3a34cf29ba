import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsTesting
import Testing

/// Hobson comes back to its insult screen, showing the insult it showed: across a SIGKILL of
/// `hobson-app` (the built `hobson --separate-processes`, sessions kept in its runtime
/// directory), and in process on the manual clock, callback by callback.
@Suite("Hobson restores its sessions")
struct RestorationTests {
    static let first = "Thou art a boil, a plague sore, an embossed carbuncle."
    static let second = "Ye've the manners of a bilge rat and half its charm."

    /// The built `hobson` run over `script` with separate processes and the trace on, in fresh
    /// data and runtime directories: its output's lines, trimmed, the trace's without instants.
    private func separate(_ script: String) async throws -> (status: Int32, lines: [String]) {
        let directory = ScratchDirectory()
        // The sockets' directory, short (a socket path has at most 107 bytes).
        let runtime = "/tmp/hobson-\(UUID().uuidString.prefix(8))"
        defer {
            directory.remove()
            try? FileManager.default.removeItem(atPath: runtime)
        }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let file = directory.path + "/script.txt"
        try Data(script.utf8).write(to: URL(fileURLWithPath: file))
        let run = try await runHobson([
            "--separate-processes", "--trace", "--data", directory.path + "/data", "--runtime-dir", runtime, "--script", file,
        ])
        let lines = run.output.split(separator: "\n").map { line in
            String(line.replacing(/^\ +[\d.]+s\ +/, with: "").replacing(/\ +/, with: " ")).trimmingCharacters(in: .whitespaces)
        }
        return (run.status, lines)
    }

    @Test func aKilledAppComesBackToTheInsultItShowed() async throws {
        let run = try await separate(":open\n:tap 1\n:kill\n:open\n")
        #expect(run.status == 0)
        let reopen = try #require(run.lines.lastIndex(of: "> :open"))
        #expect(run.lines[reopen...].contains("│ “\(Self.second)” │"))
        #expect(run.lines.contains("process sessions of com.example.hobson: restore 1, discarded 0"))
        let relaunch = try #require(run.lines.lastIndex(of: "lifecycle app didFinishLaunching user"))
        #expect(run.lines[(relaunch + 1)...].filter { $0.hasPrefix("lifecycle") }.first == "lifecycle session-1 willConnectTo")
    }

    @Test func aSessionClosedWhileTheAppIsNotRunningIsDiscardedAtItsNextLaunch() async throws {
        let run = try await separate(":open\n:kill\n:close 1\n:open\n")
        #expect(run.status == 0)
        #expect(run.lines.contains("process sessions of com.example.hobson: closed session-1 while not running"))
        let relaunch = try #require(run.lines.lastIndex(of: "lifecycle app didFinishLaunching user"))
        #expect(run.lines[(relaunch + 1)...].filter { $0.hasPrefix("lifecycle") }.prefix(2) == [
            "lifecycle app didDiscardSceneSessions session-1", "lifecycle app configurationForConnecting session-2",
        ])
    }

    @Test func aForceQuitDiscardsEverySession() async throws {
        let run = try await separate(":open\n:tap 1\n:quit\n:open\n")
        #expect(run.status == 0)
        #expect(run.lines.contains("process sessions of com.example.hobson: force-quit discards them all"))
        let relaunch = try #require(run.lines.lastIndex(of: "lifecycle app didFinishLaunching user"))
        #expect(run.lines[(relaunch + 1)...].filter { $0.hasPrefix("lifecycle") }.prefix(2) == [
            "lifecycle app didDiscardSceneSessions session-1", "lifecycle app configurationForConnecting session-2",
        ])
        let reopen = try #require(run.lines.lastIndex(of: "> :open"))
        #expect(run.lines[reopen...].contains("│ “\(Self.first)” │"))
    }

    @MainActor
    @Test func inProcessTheInsultScreenComesBackWithItsInsult() async throws {
        let clock = ManualClock()
        let first = try HobsonApp(clock: clock)
        let kept = KeptSessionRecords()
        kept.keep(first.application)
        let driver = first.driver()
        _ = try await driver.run(":open")
        _ = try await driver.run(":tap 1")
        #expect(kept.records.map(\.userInfo) == [["insult": .string(Self.second)]])
        // The process dies here: nothing more is asked of the app.

        let second = try HobsonApp(clock: clock)
        let recorder = LifecycleRecorder(second.application)
        try second.application.restoreSessions(kept.restoration)
        try second.application.userOpensApp()
        #expect(recorder.take().filter { !$0.contains("handlerFor") } == [
            "app willFinishLaunching user", "app didFinishLaunching user",
            "session-1 willConnectTo", "Insult viewDidLoad", "Insult viewWillAppear",
            "session-1 sceneWillEnterForeground", "session-1 sceneDidBecomeActive", "Insult viewDidAppear",
        ])
        #expect(second.screen?.line == Self.second)
        #expect(second.application.openSessions.map(\.persistentIdentifier) == ["session-1"])
        #expect(clock.sleeperCount == 0)
    }
}
