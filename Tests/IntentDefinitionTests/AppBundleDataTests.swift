import Foundation
import IntentDefinition
import SceneIntents
import TestFixtures
import Testing

/// The three files of a bundle's intent data: written, read back the same; an old or damaged
/// one refused naming the file and the key.
@Suite struct AppBundleDataTests {
    /// Kitchen's data, with a deprecated intent and a suggested phrase, which only
    /// `SceneIntents.plist` can say.
    static func data() throws -> AppBundleData {
        var catalog = try Kitchen.catalog().catalogDescription
        catalog.intents[0].isDeprecated = true
        catalog.intents[0].suggestedInvocationPhrase = "Soup time"
        var words = AppVocabulary(dialogs: ["didNotGetValue": "Hmm?"])
        words.phrases = [AppVocabulary.Phrase("order ${soup}", intent: "OrderSoupIntent"), AppVocabulary.Phrase("soup please", intent: "OrderSoupIntent")]
        words.entities["soup"] = [Entity(identifier: "tomato", name: "Tomato", synonyms: ["red soup"])]
        return AppBundleData(catalog: catalog, vocabulary: words)
    }

    /// Runs `body` with a fresh folder holding `data`'s files, removed afterwards.
    static func withFiles(_ data: AppBundleData, _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "bundle-data-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, bytes) in try data.files() { try bytes.write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
        try body(folder)
    }

    @Test func theFilesAreTheThreeAndReadBackTheSame() throws {
        let data = try Self.data()
        #expect(try data.files().keys.sorted() == ["AppIntentVocabulary.plist", "Intents.intentdefinition", "SceneIntents.plist"])
        try Self.withFiles(data) { folder in
            #expect(try AppBundleData(contentsOf: folder) == data)
            let project = try String(contentsOfFile: "\(folder)/SceneIntents.plist", encoding: .utf8)
            #expect(!project.contains("<key>Intents</key>"), "the intents are in the definition file only")
        }
    }

    @Test func formatOneIsRefusedSayingWhereTheIntentsAreNow() throws {
        try Self.withFiles(try Self.data()) { folder in
            let path = "\(folder)/SceneIntents.plist"
            let text = try String(contentsOfFile: path, encoding: .utf8)
                .replacing("<key>Format</key>\n\t<integer>2</integer>", with: "<key>Format</key>\n\t<integer>1</integer>")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: AppBundleDataError(
                file: path,
                problem: "Format 1 is not one this system reads (2): format 1 held the intents here; they are now in Intents.intentdefinition (bundle the app again with bundle-app)")) {
                try AppBundleData(contentsOf: folder)
            }
        }
    }

    @Test func aMissingOrDamagedDefinitionIsRefusedNamingItAndTheKey() throws {
        try Self.withFiles(try Self.data()) { folder in
            let path = "\(folder)/Intents.intentdefinition"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try text.replacing("<string>Integer</string>", with: "<string>Placemark</string>").write(toFile: path, atomically: true, encoding: .utf8)
            #expect(text.contains("<string>Integer</string>"), "the test changes a parameter's type")
            #expect {
                try AppBundleData(contentsOf: folder)
            } throws: { error in
                guard let error = error as? AppBundleDataError else { return false }
                return error.file == path && error.problem.hasPrefix("INIntents[")
                    && error.problem.contains(".INIntentParameterType: ") && error.problem.contains("the type 'Placemark' (a location) is not modelled by SceneIntents")
            }
            try FileManager.default.removeItem(atPath: path)
            #expect(throws: AppBundleDataError(file: path, problem: "is missing: the bundle carries no intent data (bundle the app with bundle-app)")) {
                try AppBundleData(contentsOf: folder)
            }
        }
    }

    @Test func aProjectFileNestedPastTheReadersLimitIsRefusedBeforeItIsDecoded() throws {
        try Self.withFiles(try Self.data()) { folder in
            let path = "\(folder)/SceneIntents.plist"
            let deep = String(repeating: "<array>", count: 300) + String(repeating: "</array>", count: 300)
            let text = try String(contentsOfFile: path, encoding: .utf8)
                .replacing("<key>Format</key>", with: "<key>Deep</key>\n\t\(deep)\n\t<key>Format</key>")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(text.contains("<key>Deep</key>"), "the test nests an array in the project file")
            #expect(throws: AppBundleDataError(file: path, problem: "it nests deeper than 256 levels")) {
                try AppBundleData(contentsOf: folder)
            }
        }
    }
}
