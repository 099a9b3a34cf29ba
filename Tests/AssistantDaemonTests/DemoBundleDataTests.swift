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

    @Test func eachDemoCatalogWrittenAsADefinitionReadsBackTheSame() throws {
        for (bundle, data) in Self.demos {
            let written = try IntentDefinitionFormat.data(of: data.catalog)
            let read = try IntentDefinitionFormat.read(written, file: "\(bundle)/\(AppBundleData.definitionFile)")
            #expect(read == IntentDefinitionFormat.definitionPart(of: data.catalog), "\(bundle)")
        }
    }

    @Test func theHydratorDefinitionReadsAsTheDemoCatalogButForTheSynonymsItsCodeAdds() throws {
        // `HydrationType`'s synonyms are written in Swift beside the generated enum (the
        // definition lists none), so the definition's own are replaced by them to compare.
        let path = "\(Self.root)/Hydrator/Kit/Hydrator.intentdefinition"
        var read = IntentDefinitionFormat.description(of: [try IntentDefinitionFile(contentsOf: path)]).description
        let swift = HydratorApp.catalog.catalogDescription
        #expect(read.enums.map(\.typeName) == swift.enums.map(\.typeName))
        for (index, described) in swift.enums.enumerated() where index < read.enums.count {
            #expect(read.enums[index].cases.map(\.spoken.identifier) == described.cases.map(\.spoken.identifier))
            read.enums[index] = described
        }
        #expect(read == IntentDefinitionFormat.definitionPart(of: swift))
    }
}
