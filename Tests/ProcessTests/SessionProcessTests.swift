import AssistantService
import Foundation
import Glibc
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport

import Testing

/// An app's scene sessions kept by the system across its host's deaths: a real host process, a
/// real store on disk.
@Suite("Scene sessions across a host's death")
struct SessionProcessTests {
    static let app = "com.example.kitchen"

    /// A kitchen host whose sessions are kept in a store of its own; `finish` removes both.
    private struct KeptKitchen {
        let folder = "/tmp/si-sessions-\(getpid())-\(OneTimeToken.generate().value.prefix(8))"
        let store: SessionStore
        let kitchen: HostedKitchen

        init() throws {
            store = try SessionStore(directory: folder)
            kitchen = try HostedKitchen(sessions: SessionKeeping(store: store, bundleIdentifier: SessionProcessTests.app))
        }

        var kept: SessionRestoration { get throws { try store.restoration(for: SessionProcessTests.app).restoration } }

        func finish() async {
            await kitchen.finish()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    @Test func aHostKilledWithSIGKILLComesBackWithItsSceneRestoredAndAForceQuitDiscardsIt() async throws {
        let test = try KeptKitchen()
        let connection = test.kitchen.connection
        #expect(await connection.send(.open) == .done(output: nil))
        #expect(await connection.send(.home) == .done(output: nil))
        #expect(await connection.send(.open) == .done(output: nil))
        // Each event's answer came after the changes it made were kept.
        let kept = try test.kept
        #expect(kept.sessions.map(\.persistentIdentifier) == ["session-1"])
        #expect(kept.sessions.first?.activationState == .foregroundActive)
        #expect(kept.sessions.first?.stateRestorationActivity?.userInfo["saves"] == 1)
        #expect(kept.sessions.first?.stateRestorationActivity?.userInfo["screen"] == "Screen-session-1")

        let pid = try #require(await connection.processIdentifier)
        kill(pid, SIGKILL)
        #expect(await test.kitchen.hostStopped())
        #expect(try test.kept == kept)

        #expect(await connection.send(.open) == .done(output: nil))
        #expect(await connection.send(.command("restored")) == .done(output: "session-1 foregroundActive restored from 1"))
        #expect(
            test.kitchen.lines(.process).filter { $0.hasPrefix("sessions of") && $0.contains("restore") } == [
                "sessions of com.example.kitchen: restore 0, discarded 0",
                "sessions of com.example.kitchen: restore 1, discarded 0",
            ])

        await connection.forceQuit(grace: .seconds(5))
        #expect(try test.kept.sessions == [])
        #expect(try test.kept.discarded.map(\.persistentIdentifier) == ["session-1"])
        #expect(await connection.send(.open) == .done(output: nil))
        let lifecycle = test.kitchen.lines(.lifecycle)
        let discard = try #require(lifecycle.lastIndex(of: "app didDiscardSceneSessions session-1"))
        #expect(lifecycle[discard...].prefix(2) == ["app didDiscardSceneSessions session-1", "app configurationForConnecting session-2"])
        #expect(try test.kept.sessions.map(\.persistentIdentifier) == ["session-2"])
        #expect(try test.kept.discarded == [])
        await test.finish()
    }

    @Test func aSessionClosedWhileTheAppIsNotRunningIsDiscardedAtItsNextLaunch() async throws {
        let test = try KeptKitchen()
        let connection = test.kitchen.connection
        #expect(await connection.send(.open) == .done(output: nil))
        // The system stopping the app discards nothing: its scene is kept in the background.
        await connection.stopHost(grace: .seconds(5))
        #expect(try test.kept.sessions.map(\.activationState) == [.background])

        #expect(await connection.closeSession("session-9") == .refused("Kitchen has no open session session-9"))
        #expect(await connection.closeSession("session-1") == .done(output: nil))
        #expect(try test.kept.discarded.map(\.persistentIdentifier) == ["session-1"])
        #expect(await connection.send(.open) == .done(output: nil))
        let lifecycle = test.kitchen.lines(.lifecycle)
        let launch = try #require(lifecycle.lastIndex(of: "app didFinishLaunching user"))
        #expect(lifecycle[(launch + 1)...].prefix(2) == ["app didDiscardSceneSessions session-1", "app configurationForConnecting session-2"])
        #expect(try test.kept == SessionRestoration(sessions: test.kept.sessions))
        #expect(try test.kept.sessions.map(\.persistentIdentifier) == ["session-2"])
        await test.finish()
    }
}

@Suite("Kept sessions that cannot be read")
struct DamagedSessionProcessTests {
    @Test func aDamagedRecordIsNamedInTheTraceAndTheAppStillLaunches() async throws {
        let folder = "/tmp/si-sessions-\(getpid())-\(OneTimeToken.generate().value.prefix(8))"
        let store = try SessionStore(directory: folder)
        try Data("s1 open 00000000 {\"truncated\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/com.example.kitchen.sessions"))
        let kitchen = try HostedKitchen(sessions: SessionKeeping(store: store, bundleIdentifier: "com.example.kitchen"))
        #expect(await kitchen.connection.send(.open) == .done(output: nil))
        #expect(await kitchen.connection.send(.command("restored")) == .done(output: "session-1 foregroundActive restored from nothing"))
        #expect(
            kitchen.lines(.process).filter { $0.hasPrefix("sessions of") }.prefix(2) == [
                "sessions of com.example.kitchen: skipped record 1 fails its checksum",
                "sessions of com.example.kitchen: restore 0, discarded 0",
            ])
        await kitchen.finish()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

@Suite("Kept sessions across the system's restart")
struct SystemRestartSessionTests {
    @Test func anInstalledAppsSessionsOutliveTheSystemThatKeptThem() async throws {
        let folder = "/tmp/si-sessions-\(getpid())-\(OneTimeToken.generate().value.prefix(8))"
        let first = try RoutedKitchen(sessions: try SessionStore(directory: folder))
        #expect(await first.connection.app.send(.open) == .done(output: nil))
        #expect(await first.connection.app.send(.home) == .done(output: nil))
        #expect(await first.connection.app.send(.open) == .done(output: nil))
        // The system stops (its hosts are told to quit): nothing is discarded.
        await first.finish()

        let second = try RoutedKitchen(sessions: try SessionStore(directory: folder))
        #expect(await second.connection.app.send(.open) == .done(output: nil))
        // Saved twice: going home, then going to the background as the first system stopped it.
        #expect(await second.connection.app.send(.command("restored")) == .done(output: "session-1 foregroundActive restored from 2"))
        #expect(second.lines(.process).contains("sessions of com.example.Kitchen: restore 1, discarded 0"))
        await second.finish()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
