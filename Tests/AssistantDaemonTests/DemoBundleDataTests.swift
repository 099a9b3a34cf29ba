import AssistantService
import Foundation
import HobsonKit
import HydratorKit
import IntentDefinition
import RecipeAssistantKit
import SceneIntents
import Testing

/// The demos' bundles carry the data their apps describe: `assistantd`, which links no demo,
/// serves them from these files alone. Run with `SCENEINTENTS_WRITE_DEMO_DATA=1` to write them.
@Suite struct DemoBundleDataTests {
    static let demos: [(bundle: String, data: AppBundleData)] = [
        ("RecipeAssistant/Bundle/Recipe Assistant.app",
         AppBundleData(catalog: RecipeAssistantApp.catalog, vocabulary: RecipeAssistantApp.words(featured: RecipeBook.demo().featured))),
        ("Hobson/Bundle/Hobson.app", AppBundleData(catalog: HobsonApp.catalog, vocabulary: HobsonApp.words())),
        ("Hydrator/Bundle/Hydrator.app", AppBundleData(catalog: HydratorApp.catalog, vocabulary: HydratorApp.words())),
    ]

    static var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Demos").path
    }

    @Test func eachDemoBundleHoldsTheFilesItsAppWritesAndReadsBackTheSame() throws {
        let write = ProcessInfo.processInfo.environment["SCENEINTENTS_WRITE_DEMO_DATA"] == "1"
        for (bundle, data) in Self.demos {
            let folder = "\(Self.root)/\(bundle)"
            let files = try data.files()
            #expect(files == (try data.files()), "the files of \(bundle) are not the same bytes twice")
            for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
                if write { try bytes.write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
                let stored = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))
                #expect(stored == bytes, "\(bundle)/\(name) is not what the app describes: run this test with SCENEINTENTS_WRITE_DEMO_DATA=1")
            }
            let read = try AppBundleData(contentsOf: folder)
            #expect(read == data)
            let installed = try InstalledApp(read, folder: folder)
            #expect(installed.catalog.typeNames == data.catalog.intents.map(\.typeName))
        }
    }
}
