import AppIntentsFixtures
import TimersKit
import Assistant
import AssistantService
import Foundation
import HydratorKit
import IntentDefinition
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import Testing

/// `appintents-hydrator` (Hydrator with its App Intent) as its own process, known to the
/// assistant only from the bundle data it writes from its declarations, as an installed app is.
/// These start real processes, so they wait on the real clock where a process must be waited for.
@MainActor
struct OwnProcessTests {
    @Test(.timeLimit(.minutes(1)))
    func theAppWritesItsBundleDataAndConversesAsItsOwnProcess() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let bundle = folder.path + "/Hydrator.app"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let written = try await BuiltProducts.run("appintents-hydrator", ["--write-bundle-data", bundle])
        #expect(written.status == 0, "\(written.stderr)")
        let data = try AppBundleData(contentsOf: bundle)
        #expect(data.catalog == HydratorIntentsApp.catalog.catalogDescription)
        #expect(data.vocabulary == HydratorIntentsApp.words)
        let installed = try InstalledApp(data, folder: bundle)

        let connection = try ProcessConnection(
            launch: LaunchCommand(
                executable: BuiltProducts.executable("appintents-hydrator"),
                environment: [HydrationStore.containerVariable: folder.path + "/group"]),
            appName: HydratorIntentsApp.name, manifest: HydratorIntentsApp.manifest,
            catalog: installed.catalog, runtimeDirectory: try RuntimeDirectory.prepare(folder.path + "/run"))
        let user = ScriptedUser([.text("12"), .text("pop")])
        let assistant = Assistant(connection: connection, user: user, device: Device(), clock: .continuous(), vocabulary: installed.vocabulary)
        let first = await assistant.perform(.utterance("log 8 ounces of water in hydrator"))
        #expect(first.dialog == ["Item Added!"])
        let second = await assistant.perform(.utterance("track my water intake in hydrator"))
        #expect(second.dialog == ["How many ounces?", "What's the drink? Water, coffee, tea, juice, soda or milk?", "Item Added!"])
        let entries = try await HydrationStore(container: folder.path + "/group").read().records
        #expect(entries.map { "\($0.ounces) \($0.type)" } == ["8 water", "12 soda"])
        let processes = assistant.trace.events.filter { $0.kind == .process }.map(\.detail)
        #expect(processes.first?.hasPrefix("spawn \(BuiltProducts.executable("appintents-hydrator")) pid ") == true)
        let pid = try #require(await connection.processIdentifier)
        await connection.close()
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"), "the host exited and was reaped")
        #expect(leftInFlight(user: user) == [])
    }

    /// Installed with its intents extension, the intent goes to the extension while no scene of
    /// the app is in the foreground, and to the app once one is: each process runs the intent's
    /// own `perform()` (the app's through its model, the extension's straight to the store).
    @Test(.timeLimit(.minutes(1)))
    func theExtensionServesTheIntentUntilTheAppIsInTheForeground() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let app = folder.path + "/apps/Hydrator.app"
        let plugIn = app + "/PlugIns/Hydrator Intents.appex"
        try FileManager.default.createDirectory(atPath: plugIn, withIntermediateDirectories: true)
        for (executable, bundle) in [("appintents-hydrator", app), ("appintents-hydrator-intents", plugIn)] {
            let written = try await BuiltProducts.run(executable, ["--write-bundle-data", bundle])
            #expect(written.status == 0, "\(executable): \(written.stderr)")
        }
        let registry = BundleRegistry(appsFolders: [folder.path + "/apps"], executableSearchDirectories: [BuiltProducts.directory])
        #expect(registry.diagnostics == [])
        let bundle = try #require(registry.app(named: "Hydrator"))
        #expect(bundle.extensions.map(\.intentsSupported) == [["TrackIntakeIntent"]])
        let installed = try InstalledApp(try AppBundleData(contentsOf: app), folder: app)
        let device = Device()
        let connection = try RoutedConnection(
            bundle: bundle, catalog: installed.catalog, device: device, runtimeDirectory: try RuntimeDirectory.prepare(folder.path + "/run"),
            environment: [HydrationStore.containerVariable: folder.path + "/group"])
        let user = ScriptedUser()
        let assistant = Assistant(connection: connection, user: user, device: device, clock: .continuous(), vocabulary: installed.vocabulary)
        let first = await assistant.perform(.utterance("log 8 ounces of water in hydrator"))
        #expect(first.dialog == ["Item Added!"])
        #expect(await connection.send(.open) == .done(output: nil))
        let second = await assistant.perform(.utterance("log 4 ounces of tea in hydrator"))
        #expect(second.dialog == ["Item Added!"])
        let routes = assistant.trace.events.filter { $0.kind == .route }.map(\.detail)
        #expect(routes == [
            "TrackIntakeIntent → Hydrator",
            "TrackIntakeIntent → extension Hydrator Intents: the app is not running, so the lighter extension launches instead",
            "TrackIntakeIntent → Hydrator", "TrackIntakeIntent → app: the app has a scene in the foreground",
        ])
        let entries = try await HydrationStore(container: folder.path + "/group").read().records
        #expect(entries.map { "\($0.ounces) \($0.type)" } == ["8 water", "4 tea"])
        await connection.close(grace: .seconds(1))
        #expect(await connection.app.processIdentifier == nil)
        #expect(leftInFlight(user: user) == [])
    }
}
