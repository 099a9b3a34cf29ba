import AssistantService
import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsTesting
import Testing

@Suite("Hobson's bundle")
struct BundleTests {
    @Test("the registry reads Hobson.app and its intents extension, with the Kit's manifest")
    func bundle() throws {
        let folder = hobsonFolder.appendingPathComponent("Bundle").path
        let registry = BundleRegistry(appsFolders: [folder], executableSearchDirectories: [BuiltProducts.directory])
        let app = try #require(registry.app(named: "Hobson"), "\(registry.diagnostics)")
        #expect(app.manifest == (try HobsonApp.bundledManifest()))
        #expect(app.executable.path == BuiltProducts.executable("hobson-app"))
        #expect(app.extensions.map(\.name) == ["Hobson Intents"])
        #expect(app.extensions.first?.intentsSupported == ["InsultMe", "MakeMeLaugh"])
    }
}
