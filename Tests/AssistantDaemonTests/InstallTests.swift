import Assistant
import AssistantDaemon
import AssistantService
import Foundation
import Glibc
import IntentDefinition
import SceneIntents
import SceneIntentsTesting
import Synchronization
import TestFixtures
import Testing

/// Installing is copying a bundle into an apps folder: a running daemon serves bundles installed,
/// replaced and removed since it started, at its next rescan (a tick of its rescan clock, or
/// `rescan()`), and a request in flight to an app replaced or removed meanwhile finishes.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct InstallTests {
    /// Writes the Recipe Assistant's development bundle as `<folder>/<name>.app` (its executable
    /// is found beside the test bundle), replacing one already there as an installer would: the
    /// new folder is made aside, the old one removed, the new one moved in.
    @discardableResult
    static func installRecipes(
        in folder: String, name: String = "Recipe Assistant", identifier: String = "com.example.RecipeAssistant",
        version: String = "1"
    ) throws -> String {
        let source = try #require(demoFolders.first { FileManager.default.fileExists(atPath: $0 + "/Recipe Assistant.app") })
        let plist = try String(contentsOfFile: source + "/Recipe Assistant.app/Info.plist", encoding: .utf8)
            .replacing("com.example.RecipeAssistant", with: identifier)
            .replacing("<string>Recipe Assistant</string>", with: "<string>\(name)</string>")
            .replacing("<key>CFBundleName</key>", with: "<key>CFBundleVersion</key><string>\(version)</string><key>CFBundleName</key>")
        let staging = folder + "/.staging/\(name).app"
        let bundle = "\(folder)/\(name).app"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try plist.write(toFile: staging + "/Info.plist", atomically: true, encoding: .utf8)
        for file in [AppBundleData.projectFile, AppBundleData.definitionFile, AppBundleData.vocabularyFile] {
            try FileManager.default.copyItem(atPath: "\(source)/Recipe Assistant.app/\(file)", toPath: "\(staging)/\(file)")
        }
        if FileManager.default.fileExists(atPath: bundle) { try FileManager.default.removeItem(atPath: bundle) }
        try FileManager.default.moveItem(atPath: staging, toPath: bundle)
        try FileManager.default.removeItem(atPath: folder + "/.staging")
        return bundle
    }

    /// An empty apps folder, private to the test.
    static func appsFolder() throws -> String {
        let folder = freshRuntimeDirectory() + "-apps"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }

    @Test func bundlesInstalledReplacedAndRemovedAreServedAtTheNextRescanTick() async throws {
        let folder = try Self.appsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = ManualClock()
        let log = LogLines()
        let daemon = try makeDaemon(folders: [folder]) { configuration in
            configuration.rescanClock = clock
            configuration.log = log.write
        }
        daemon.start()
        await clock.waitForSleepers(1)
        #expect(daemon.servedAppNames == [])
        let bundle = try Self.installRecipes(in: folder)
        // Nothing is read before the tick.
        #expect(daemon.servedAppNames == [])
        func tick() async {
            clock.advance(by: .seconds(1))
            await clock.waitForSleepers(1)
        }
        await tick()
        #expect(daemon.servedAppNames == ["Recipe Assistant"])
        let client = try await TestClient(daemon.socketPath)
        let pancakes = ClientMessage.say(text: "show directions for banana pancakes", wantsTrace: false)
        #expect(try await client.exchange(pancakes).last == .outcome(status: .continuedInApp, app: "Recipe Assistant"))
        let first = try #require(await daemon.runningHosts["Recipe Assistant"])
        // A tick with nothing changed changes nothing: the app's process runs on.
        await tick()
        #expect(await daemon.runningHosts == ["Recipe Assistant": first])
        try Self.installRecipes(in: folder, version: "2")
        await tick()
        // The old process, with no request in flight, is stopped; the next request starts the
        // new bundle's.
        #expect(await eventually { !isAlive(first) })
        #expect(try await client.exchange(pancakes).last == .outcome(status: .continuedInApp, app: "Recipe Assistant"))
        let second = try #require(await daemon.runningHosts["Recipe Assistant"])
        #expect(second != first)
        try FileManager.default.removeItem(atPath: bundle)
        await tick()
        #expect(daemon.servedAppNames == [])
        #expect(await eventually { !isAlive(second) })
        #expect(try await client.exchange(.command(line: ":open recipe assistant")) == [
            .failure(DaemonError(.unknownApp, value: "recipe assistant", message: "Recipe Assistant is no longer served: \(bundle) was removed"))
        ])
        // Words only the app removed reads are answered for it; others, as with no app at all.
        #expect(try await client.exchange(pancakes) == [
            .failure(DaemonError(
                .unknownApp, value: "show directions for banana pancakes", message: "Recipe Assistant is no longer served: \(bundle) was removed"))
        ])
        #expect(try await client.exchange(.say(text: "sing", wantsTrace: false)) == [
            .failure(DaemonError(.noApps, value: "sing", message: "assistantd serves no app; see `assistant apps`"))
        ])
        #expect(log.lines == [
            "installed Recipe Assistant (com.example.RecipeAssistant) from \(bundle)",
            "replaced Recipe Assistant (com.example.RecipeAssistant) from \(bundle)",
            "removed Recipe Assistant (com.example.RecipeAssistant): \(bundle) was removed",
            "problem: \(folder): holds no .app bundle",
        ])
        #expect(await finish(daemon) == [])
    }

    @Test(arguments: [false, true])
    func aRequestInFlightToAnAppReplacedOrRemovedFinishesOnTheProcessItBeganWith(removed: Bool) async throws {
        let folder = try Self.appsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundle = try Self.installRecipes(in: folder)
        let daemon = try makeDaemon(folders: [folder]) { $0.rescanInterval = nil }
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        try client.send(.say(text: "show directions", wantsTrace: false))
        guard case .prompt? = await client.next() else { throw Unexpected("no prompt") }
        let old = try #require(await daemon.runningHosts["Recipe Assistant"])
        if removed {
            try FileManager.default.removeItem(atPath: bundle)
            #expect(await daemon.rescan() == [
                "removed Recipe Assistant (com.example.RecipeAssistant): \(bundle) was removed",
                "problem: \(folder): holds no .app bundle",
            ])
        } else {
            try Self.installRecipes(in: folder, version: "2")
            #expect(await daemon.rescan() == ["replaced Recipe Assistant (com.example.RecipeAssistant) from \(bundle)"])
        }
        // The request still needs its process: it runs on.
        #expect(isAlive(old))
        #expect(await daemon.runningHosts == ["Recipe Assistant": old])
        try client.send(.reply(text: "2"))
        var rest: [DaemonMessage] = []
        while let message = await client.next() {
            rest.append(message)
            if case .outcome = message { break }
        }
        #expect(rest == [
            .spoken(line: "Opening Recipe Assistant."),
            .spoken(line: "Here are the ingredients for Buttermilk Pancakes: 250 g flour, 2 tbsp sugar, 1 tsp baking soda, 500 ml buttermilk, 2 eggs, 50 g melted butter."),
            .outcome(status: .continuedInApp, app: "Recipe Assistant"),
        ])
        // Its request over, the old serving's process is stopped.
        #expect(await eventually { !isAlive(old) })
        if removed {
            #expect(try await client.exchange(.command(line: ":open Recipe Assistant")) == [
                .failure(DaemonError(.unknownApp, value: "Recipe Assistant", message: "Recipe Assistant is no longer served: \(bundle) was removed"))
            ])
        } else {
            #expect(try await client.exchange(.command(line: ":open Recipe Assistant")) == [.listing(lines: ["Opened Recipe Assistant."])])
            let new = try #require(await daemon.runningHosts["Recipe Assistant"])
            #expect(new != old)
        }
        #expect(await finish(daemon) == [])
    }

    @Test func aSecondBundleWithAnIdentifierServedIsReportedAndTheFirstStaysServed() async throws {
        let folder = try Self.appsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundle = try Self.installRecipes(in: folder)
        let daemon = try makeDaemon(folders: [folder]) { $0.rescanInterval = nil }
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.command(line: ":open recipe assistant")) == [.listing(lines: ["Opened Recipe Assistant."])])
        let host = try #require(await daemon.runningHosts["Recipe Assistant"])
        // Sorted first, read first: only the bundle already served decides.
        let second = try Self.installRecipes(in: folder, name: "Another Recipe Assistant")
        let problem = "\(second)/Info.plist: CFBundleIdentifier 'com.example.RecipeAssistant' is already declared by \(bundle), which stays served; Another Recipe Assistant.app is skipped"
        #expect(await daemon.rescan() == ["problem: \(problem)"])
        #expect(daemon.servedAppNames == ["Recipe Assistant"])
        #expect(await daemon.runningHosts == ["Recipe Assistant": host])
        #expect(try await client.exchange(.apps) == [.listing(lines: daemon.listing)])
        #expect(daemon.listing.suffix(2) == ["1 problem:", "  \(problem)"])
        // The app in the foreground answers in its scene.
        #expect(try await client.exchange(.say(text: "show directions for banana pancakes", wantsTrace: false)).last
            == .outcome(status: .success, app: "Recipe Assistant"))
        #expect(await daemon.runningHosts == ["Recipe Assistant": host])
        #expect(await daemon.rescan() == [])
        #expect(await finish(daemon) == [])
    }

    @Test func anIntentAnInfoPlistListsThatTheAppsDataDoesNotDeclareIsReportedNamingTheFileAndKey() async throws {
        let folder = try Self.appsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ExtensionTests.installKitchen(in: folder, extensionIntents: ["OrderSoupIntent", "CancelSoupIntent"])
        // The Recipe Assistant's Info.plist (ShowDirectionsIntent) with the kitchen's intent data.
        let pantry = try Self.installRecipes(in: folder, name: "Pantry", identifier: "com.example.Pantry")
        try ExtensionTests.writeKitchenData(in: pantry)
        let daemon = try makeDaemon(folders: [folder]) {
            $0.rescanInterval = nil
        }
        daemon.start()
        let declared = "which the app's intent data does not declare, so a request for it could never be handled"
        let extensionFolder = "\(folder)/Kitchen.app/PlugIns/Kitchen Intents.appex"
        #expect(daemon.servedAppNames == ["Kitchen"])
        #expect(daemon.listing.suffix(7) == [
            "Kitchen (com.example.Kitchen)", "  executable: \(BuiltProducts.executable("kitchen-host")) (development build)",
            "  intents: OrderSoupIntent", "", "2 problems:",
            "  \(extensionFolder)/Info.plist: NSExtension.NSExtensionAttributes.IntentsSupported lists 'CancelSoupIntent', \(declared); Kitchen Intents.appex is skipped",
            "  \(pantry)/Info.plist: INIntentsSupported lists 'ShowDirectionsIntent', \(declared); Pantry.app is skipped",
        ])
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.command(line: ":open pantry")) == [
            .failure(DaemonError(.unknownApp, value: "pantry", message: "Pantry is installed but not served: INIntentsSupported lists 'ShowDirectionsIntent', \(declared)"))
        ])
        // The extension refused, the app takes what it lists.
        #expect(try await client.exchange(.say(text: "order pho", wantsTrace: false)).last == .outcome(status: .success, app: "Kitchen"))
        #expect(traceLines(daemon.lastTrace ?? []).contains("route: OrderSoupIntent → app: only the app lists the intent"))
        #expect(await finish(daemon) == [])
    }

    @Test func sighupMakesARunningAssistantdServeWhatWasInstalledAndDropWhatWasRemoved() async throws {
        let folder = try Self.appsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Only SIGHUP rescans: no periodic rescan can be what served it.
        let daemon = try await DaemonProcess.start(freshRuntimeDirectory(), arguments: ["--apps", folder, "--rescan", "0"])
        defer { daemon.cleanUp() }
        #expect(daemon.output == "assistantd: serving no app on \(daemon.socket)\n")
        let bundle = try Self.installRecipes(in: folder)
        #expect(daemon.child.kill(SIGHUP))
        #expect(await eventually { daemon.errors.contains("installed") })
        #expect(try await daemon.client("say", "show directions for banana pancakes").status == .exited(0))
        #expect(try await daemon.client("apps").stdout.contains("Recipe Assistant (com.example.RecipeAssistant)\n"))
        try FileManager.default.removeItem(atPath: bundle)
        #expect(daemon.child.kill(SIGHUP))
        #expect(await eventually { daemon.errors.contains("removed") })
        #expect(daemon.errors == [
            "1 problem:", "\(folder): holds no .app bundle", "installed Recipe Assistant (com.example.RecipeAssistant) from \(bundle)",
            "removed Recipe Assistant (com.example.RecipeAssistant): \(bundle) was removed",
            "problem: \(folder): holds no .app bundle",
        ].map { "assistantd: \($0)\n" }.joined())
        #expect(await daemon.end() == .exited(0))
        #expect(children(of: daemon.child.pid) == [])
    }
}

/// The daemon's log, kept for a test to read.
final class LogLines: Sendable {
    private let kept = Mutex<[String]>([])

    /// Keeps a line (the configuration's `log`).
    @Sendable func write(_ line: String) {
        kept.withLock { $0.append(line) }
    }

    var lines: [String] { kept.withLock { $0 } }
}
