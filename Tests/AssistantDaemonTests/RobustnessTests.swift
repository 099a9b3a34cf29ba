import Assistant
import AssistantService
import Foundation
import Glibc
import IntentDefinition
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import TestFixtures
import Testing

@testable import AssistantDaemon

/// Bad clients, a second daemon, apps it cannot serve, and how an utterance finds its app.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct RobustnessTests {
    /// One bad connection of each kind, by number: what it sends, and whether the daemon is
    /// expected to answer a `failure` before closing it.
    static func garbage(_ number: Int) -> (payload: Data, answered: Bool) {
        switch number % 5 {
        case 0: (Data((0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ number) }), true)  // not JSON
        case 1: (Data("{\"apps\":{}}".utf8), true)  // a message before hello
        case 2: (Data("{\"hello\":{\"version\":99}}".utf8), true)  // another version
        case 3: (Data("[1, 2, 3]".utf8), true)  // JSON, not a message
        default: (Data(count: Framing.defaultLimit + 1), false)  // over the frame limit
        }
    }

    @Test func twoHundredGarbageAndOversizedConnectionsLoseOnlyTheirOwnConnection() async throws {
        let daemon = try makeDaemon()
        daemon.start()
        let good = try await TestClient(daemon.socketPath)
        for batch in stride(from: 0, to: 200, by: 20) {
            let closed = await withTaskGroup(of: Bool.self) { group in
                for number in batch..<batch + 20 {
                    group.addTask {
                        let (payload, answered) = Self.garbage(number)
                        // The sender's own limit is raised so the oversized frame reaches the daemon.
                        guard let bad = try? FramedConnection.connect(to: daemon.socketPath, limit: 4 << 20) else { return false }
                        var events = bad.events().makeAsyncIterator()
                        // A large frame blocks its sender until the daemon has refused it: a
                        // thread of its own, not a concurrency thread.
                        await withCheckedContinuation { sent in
                            Thread {
                                try? bad.send(payload)
                                sent.resume()
                            }.start()
                        }
                        var failures = 0
                        while let event = await events.next() {
                            guard case .frame(let bytes) = event else { break }
                            if case .failure = try? ClientProtocol.decode(DaemonMessage.self, from: bytes) { failures += 1 }
                        }
                        return failures == (answered ? 1 : 0) && bad.closeReason != .closedLocally
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(closed == 20, "batch from \(batch)")
        }
        // The connection that behaved is still served, and so is a new one.
        #expect(try await good.exchange(.say(text: "show directions for banana pancakes", wantsTrace: false)).last
            == .outcome(status: .continuedInApp, app: "Recipe Assistant"))
        let fresh = try await TestClient(daemon.socketPath)
        #expect(try await fresh.exchange(.command(line: ":help")) == [.listing(lines: DaemonCommand.help)])
        #expect(await finish(daemon) == [])
    }

    @Test func aWedgedHostHoldsACommandAndTheShutdownOnlyForTheirLimitsOnTheDaemonsClock() async throws {
        let clock = ManualClock()
        let daemon = try makeDaemon { $0.waitClock = clock }
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.command(line: ":open Recipe Assistant")) == [.listing(lines: ["Opened Recipe Assistant."])])
        let host = try #require(await daemon.runningHosts["Recipe Assistant"])
        // Stopped, the host reads nothing and answers nothing.
        #expect(await stopProcess(host))
        try client.send(.command(line: ":scenes"))
        await clock.waitForSleepers(1)
        // The command waits beside the reading: a ping is answered at once, a second command is
        // refused as busy.
        try client.send(.ping)
        #expect(await client.next() == .pong)
        try client.send(.command(line: ":lock"))
        #expect(await client.next() == .failure(DaemonError(.busy, value: ":lock", message: "a command is already in progress on this connection")))
        clock.advance(by: .seconds(60))
        #expect(await client.next() == .failure(DaemonError(
            .commandFailed, value: ":scenes", message: "Recipe Assistant did not answer within 60.0 seconds")))
        // The shutdown asks it to quit, waits the 2 s grace on the same clock, then kills it.
        let stopping = Task { await daemon.stop() }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(2))
        await stopping.value
        #expect(!isAlive(host))
        #expect(await finish(daemon) == [])
    }

    @Test func aSecondDaemonOnTheSameSocketIsRefusedWhileTheFirstServes() async throws {
        let daemon = try makeDaemon()
        daemon.start()
        #expect {
            try makeDaemon(directory: daemon.runtimeDirectory.path)
        } throws: { error in
            (error as? DaemonError) == DaemonError(
                .alreadyRunning, value: daemon.runtimeDirectory.path + "/assistantd.lock",
                message: "assistantd is already running (pid \(getpid())) in \(daemon.runtimeDirectory.path): it holds \(daemon.runtimeDirectory.path)/assistantd.lock; stop it first, or give this one another --runtime-dir")
        }
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.command(line: ":help")) == [.listing(lines: DaemonCommand.help)])
        #expect(await finish(daemon) == [])
    }

    @Test func socketsADeadProcessLeftAreSweptAtStartAndLiveOnesKept() async throws {
        let directory = try RuntimeDirectory.prepare(freshRuntimeDirectory())
        let stale = directory.socketPath("host-99-1.sock")
        #expect(leaveStaleSocket(at: stale))
        let live = try SocketListener(path: directory.socketPath("other.sock"))
        let daemon = try makeDaemon(directory: directory.path)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        // Left: the daemon's, the live one, and the app's (named by this process).
        #expect(files.count == 4)
        #expect(files.filter { !$0.hasPrefix("host-\(getpid())-") } == ["assistantd.lock", "assistantd.sock", "other.sock"])
        live.close()
        #expect(await finish(daemon) == [])
    }

    @Test func aRegisteredAppWithNoIntentDataIsNotServedAndItsProblemIsListed() async throws {
        let folder = freshRuntimeDirectory() + "-apps"
        let recipes = try #require(demoFolders.first { FileManager.default.fileExists(atPath: $0 + "/Recipe Assistant.app") })
        let plist = try String(contentsOfFile: recipes + "/Recipe Assistant.app/Info.plist", encoding: .utf8)
        for (name, identifier) in [("Recipe Assistant", "com.example.RecipeAssistant"), ("Other", "com.example.Other")] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(name).app", withIntermediateDirectories: true)
            let text = plist.replacing("com.example.RecipeAssistant", with: identifier)
                .replacing("<string>Recipe Assistant</string>", with: "<string>\(name)</string>")
            try text.write(toFile: "\(folder)/\(name).app/Info.plist", atomically: true, encoding: .utf8)
        }
        for file in [AppBundleData.projectFile, AppBundleData.definitionFile, AppBundleData.vocabularyFile] {
            try FileManager.default.copyItem(atPath: "\(recipes)/Recipe Assistant.app/\(file)", toPath: "\(folder)/Recipe Assistant.app/\(file)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try makeDaemon(folders: [folder])
        daemon.start()
        let client = try await TestClient(daemon.socketPath, greet: false)
        #expect(try await client.exchange(.hello(version: ClientProtocol.version)) == [
            .welcome(version: ClientProtocol.version, apps: ["Recipe Assistant"])
        ])
        let listing = try await client.exchange(.apps)
        let executable = BuiltProducts.executable("recipe-assistant-app")
        #expect(listing == [.listing(lines: [
            "Apps folders: \(folder)", "Executable search directories: \(BuiltProducts.directory)", "",
            "Recipe Assistant (com.example.RecipeAssistant)", "  executable: \(executable) (development build)",
            "  intents: ShowDirectionsIntent (restricted while locked)", "",
            "1 problem:",
            "  \(folder)/Other.app/SceneIntents.plist: is missing: the bundle carries no intent data (bundle the app with bundle-app); Other.app is skipped",
        ])])
        #expect(try await client.exchange(.command(line: ":open other")) == [
            .failure(DaemonError(
                .unknownApp, value: "other",
                message: "Other is installed but not served: is missing: the bundle carries no intent data (bundle the app with bundle-app)"))
        ])
        #expect(await finish(daemon) == [])
    }

    @Test func anUtteranceGoesToTheAppWhoseWordsFitBestThenToTheCurrentAppThenToTheFirst() async throws {
        let directory = try RuntimeDirectory.prepare(freshRuntimeDirectory())
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let configuration = DaemonConfiguration(appsFolders: [])
        let manifest = try RecipeAssistantApp.bundledManifest()
        func app(_ identifier: String, _ phrases: [String]) throws -> ServedApp {
            var vocabulary = Vocabulary()
            for phrase in phrases { try vocabulary.addPhrase(phrase, intent: "ShowDirectionsIntent") }
            let bundle = AppBundle(
                path: "/apps/\(identifier).app", identifier: identifier, name: identifier,
                executable: BundleExecutable(path: "/bin/false", origin: .bundle), manifest: manifest)
            return try ServedApp.connect(
                bundle, installed: InstalledApp(catalog: RecipeAssistantApp.catalog, vocabulary: vocabulary),
                device: Device(), directory: directory, configuration: configuration)
        }
        let apps = [try app("a", ["next step", "show ${thing}"]), try app("b", ["next step", "show directions", "play ${song}"])]
        func chosen(_ words: String, preferring preferred: String? = nil) -> String? {
            AppChooser.choose(words, among: apps, preferring: preferred)?.bundle.identifier
        }
        #expect(chosen("play some jazz") == "b")  // only b reads it
        #expect(chosen("next step") == "a")  // a tie: the first in the registry's order
        #expect(chosen("next step", preferring: "b") == "b")  // a tie: the current app
        #expect(chosen("show directoins", preferring: "b") == "a")  // fewer edits beat the current app
        #expect(chosen("dance") == nil)
        // Nothing was launched: closing only stops listening.
        for app in apps {
            #expect(await app.connection.processIdentifier == nil)
            await app.connection.close(grace: .zero)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }
}

/// Binds a socket at `path` and closes it without removing the file: what a process killed
/// with SIGKILL leaves behind.
func leaveStaleSocket(at path: String) -> Bool {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
    }
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    } == 0
}
