import Assistant
import AssistantDaemon
import Foundation
import Glibc
import SceneIntentsTesting
import Testing

/// The apps' scene sessions kept by the daemon in its state folder, as a user meets them: a
/// kill or the daemon's restart restores the scenes, `:close` and `:quit` discard. The kitchen
/// fixture app, installed without its extension so every request launches the app; real
/// processes, so these wait on the real clock.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SessionDaemonTests {
    /// A kitchen installed in a fresh apps folder, and a fresh state folder; `remove` removes both.
    struct Folders {
        let apps = freshRuntimeDirectory() + "-apps"
        let state = freshRuntimeDirectory() + "-state"

        init() throws { try ExtensionTests.installKitchen(in: apps, extensionIntents: nil) }

        /// A daemon in this process serving the kitchen, its sessions kept in `state`.
        func daemon() throws -> Daemon {
            let sessions = try StateDirectory.prepare(state).sessions
            return try makeDaemon(folders: [apps]) { $0.sessionsFolder = sessions }
        }

        func remove() {
            for folder in [apps, state] { try? FileManager.default.removeItem(atPath: folder) }
        }
    }

    /// The lines of a launch's trace about sessions: what was restored and discarded, and the
    /// scene callbacks (the app's own and the scenes').
    static func restoration(_ events: [TraceEvent]) -> [String] {
        traceLines(events).filter {
            $0.contains(": restore ") || ($0.hasPrefix("lifecycle: ") && !$0.contains("viewDid") && !$0.contains("viewWill"))
                && !$0.contains("handlerFor")
        }
    }

    static let order = ClientMessage.say(text: "order pho", wantsTrace: false)

    @Test func anAppKilledWithSIGKILLComesBackWithItsSceneOnScreen() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let daemon = try folders.daemon()
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.command(line: ":kill kitchen")) == [.listing(lines: ["Kitchen is not running."])])
        #expect(try await client.exchange(.command(line: ":open kitchen")) == [.listing(lines: ["Opened Kitchen."])])
        #expect(try await client.exchange(.command(line: ":kill kitchen")) == [
            .listing(lines: ["Killed Kitchen (SIGKILL): its sessions are kept for its next launch."])
        ])
        #expect(await daemon.runningHosts == [:])
        #expect(try await client.exchange(Self.order).last == .outcome(status: .success, app: "Kitchen"))
        // The session kept: no configurationForConnecting, its scene back on screen.
        #expect(Self.restoration(daemon.lastTrace ?? []) == [
            "process: sessions of com.example.Kitchen: restore 1, discarded 0",
            "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
            "lifecycle: session-1 willConnectTo", "lifecycle: session-1 sceneWillEnterForeground",
            "lifecycle: session-1 sceneDidBecomeActive",
        ])
        #expect(await finish(daemon) == [])
    }

    @Test func aSessionClosedWhileTheAppIsNotRunningIsDiscardedAtItsNextLaunch() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let daemon = try folders.daemon()
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.command(line: ":open kitchen")) == [.listing(lines: ["Opened Kitchen."])])
        #expect(try await client.exchange(.command(line: ":kill")) == [
            .listing(lines: ["Killed Kitchen (SIGKILL): its sessions are kept for its next launch."])
        ])
        #expect(try await client.exchange(.command(line: ":close")) == [
            .failure(DaemonError(.unknownCommand, value: ":close", message: "name the session: :close SESSION [NAME] (:scenes lists them)"))
        ])
        #expect(try await client.exchange(.command(line: ":close session-9 kitchen")) == [
            .failure(DaemonError(.commandFailed, value: ":close session-9 kitchen", message: "Kitchen has no open session session-9"))
        ])
        #expect(try await client.exchange(.command(line: ":close session-1 kitchen")) == [
            .listing(lines: ["Closed session-1 of Kitchen (Kitchen is not running: it hears of it at its next launch)."])
        ])
        #expect(await daemon.runningHosts == [:])
        #expect(try await client.exchange(Self.order).last == .outcome(status: .success, app: "Kitchen"))
        #expect(Self.restoration(daemon.lastTrace ?? []) == [
            "process: sessions of com.example.Kitchen: restore 0, discarded 1",
            "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
            "lifecycle: app didDiscardSceneSessions session-1",
        ])
        // Closed while running: the app discards it at once, so a kill leaves nothing to restore.
        #expect(try await client.exchange(.command(line: ":open kitchen")) == [.listing(lines: ["Opened Kitchen."])])
        #expect(try await client.exchange(.command(line: ":close session-2")) == [.listing(lines: ["Closed session-2 of Kitchen."])])
        #expect(try await client.exchange(.command(line: ":kill")).count == 1)
        #expect(try await client.exchange(Self.order).last == .outcome(status: .success, app: "Kitchen"))
        #expect(Self.restoration(daemon.lastTrace ?? []) == [
            "process: sessions of com.example.Kitchen: restore 0, discarded 0",
            "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
        ])
        #expect(await finish(daemon) == [])
    }

    @Test func aForceQuitDiscardsEverySessionRunningOrNot() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let daemon = try folders.daemon()
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.command(line: ":open kitchen")) == [.listing(lines: ["Opened Kitchen."])])
        #expect(try await client.exchange(.command(line: ":quit kitchen")) == [.listing(lines: ["Quit Kitchen: its sessions are discarded."])])
        #expect(await daemon.runningHosts == [:])
        #expect(try await client.exchange(Self.order).last == .outcome(status: .success, app: "Kitchen"))
        #expect(Self.restoration(daemon.lastTrace ?? []) == [
            "process: sessions of com.example.Kitchen: restore 0, discarded 1",
            "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
            "lifecycle: app didDiscardSceneSessions session-1",
        ])
        // Sessions kept while the app is not running are discarded too.
        #expect(try await client.exchange(.command(line: ":open kitchen")) == [.listing(lines: ["Opened Kitchen."])])
        #expect(try await client.exchange(.command(line: ":kill kitchen")).count == 1)
        #expect(try await client.exchange(.command(line: ":quit kitchen")) == [
            .listing(lines: ["Kitchen is not running: its sessions are discarded."])
        ])
        #expect(try await client.exchange(Self.order).last == .outcome(status: .success, app: "Kitchen"))
        #expect(Self.restoration(daemon.lastTrace ?? []).first == "process: sessions of com.example.Kitchen: restore 0, discarded 1")
        #expect(Self.restoration(daemon.lastTrace ?? []).last == "lifecycle: app didDiscardSceneSessions session-2")
        #expect(await finish(daemon) == [])
    }

    @Test func theSessionsOutliveTheDaemonsStopAndStartInItsStateFolder() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let state = folders.state + "/nested/sceneintents"
        let first = try await DaemonProcess.start(freshRuntimeDirectory(), arguments: ["--apps", folders.apps], stateDirectory: state)
        defer { first.cleanUp() }
        let client = try await TestClient(first.socket)
        #expect(try await client.exchange(.command(line: ":open kitchen")) == [.listing(lines: ["Opened Kitchen."])])
        client.connection.close()
        #expect(await first.end(SIGTERM) == .exited(0))
        for folder in [state, state + "/sessions"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(folder)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/sessions") == ["com.example.Kitchen.sessions"])

        let second = try await DaemonProcess.start(first.directory, arguments: ["--apps", folders.apps], stateDirectory: state)
        defer { second.cleanUp() }
        let again = try await TestClient(second.socket)
        #expect(try await again.exchange(Self.order).last == .outcome(status: .success, app: "Kitchen"))
        guard case .traceEvents(let events)? = try await again.exchange(.trace).first else { throw Unexpected("no trace") }
        // The stop left the scene in the background: it comes back there.
        #expect(Self.restoration(events) == [
            "process: sessions of com.example.Kitchen: restore 1, discarded 0",
            "lifecycle: app willFinishLaunching intent", "lifecycle: app didFinishLaunching intent",
            "lifecycle: session-1 willConnectTo", "lifecycle: session-1 sceneDidEnterBackground",
            "lifecycle: session-1 stateRestorationActivity",
        ])
        again.connection.close()
        #expect(await second.end(SIGTERM) == .exited(0))
        #expect(children(of: second.child.pid) == [])
    }

    /// The sequence through `assistantd`: the cook's place outlives the daemon's stop and
    /// start; the scene, restored in the background, is brought forward and goes on to step 2.
    @Test func theCooksStepOutlivesTheDaemonsStopAndStart() async throws {
        let state = freshRuntimeDirectory() + "-state"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let apps = ["--apps"] + recipeFolders
        let first = try await DaemonProcess.start(freshRuntimeDirectory(), arguments: apps, stateDirectory: state)
        defer { first.cleanUp() }
        #expect(try await first.client("say", "show directions for banana pancakes").status == .exited(0))
        let step1 = try await first.client("say", "next step")
        #expect(step1.stdout == "Step 1. Mash the bananas in a large bowl.\n")
        #expect(await first.end(SIGTERM) == .exited(0))

        let second = try await DaemonProcess.start(first.directory, arguments: apps, stateDirectory: state)
        defer { second.cleanUp() }
        let step2 = try await second.client("say", "next step")
        #expect(step2 == ClientRun(
            status: .exited(0), stdout: "Opening Recipe Assistant.\nStep 2. Whisk in the eggs and the milk.\n", stderr: ""))
        #expect(await second.end(SIGTERM) == .exited(0))
        #expect(children(of: second.child.pid) == [])
    }

    @Test func aStateFolderThatCannotBeUsedStopsTheDaemonFromStarting() async throws {
        let files = TempFiles()
        defer { files.remove() }
        let file = "\(files.folder)/plain"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        let run = try await DaemonProcess.run(["--runtime-dir", files.folder + "/run", "--state-dir", file])
        #expect(run.status == .exited(1))
        #expect(run.stderr == "assistantd: state directory '\(file)' is not a directory; it must be a directory of uid \(geteuid()) no other user can write (fix it, or give another --state-dir)\n")
        #expect(StateDirectory.defaultPath(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]) == "/x/state/sceneintents")
        #expect(StateDirectory.defaultPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.local/state/sceneintents")
        #expect(StateDirectory.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/state/sceneintents")
    }
}
