import AppIntentsFixtures
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
            launch: HostLaunch(
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
}
