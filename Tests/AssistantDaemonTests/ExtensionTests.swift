import Assistant
import AssistantDaemon
import Foundation
import IntentDefinition
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// An app with an intents extension, served by the daemon: each request goes to the app or to
/// the extension by the routing rule, with the reason in its trace.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ExtensionTests {
    /// `Kitchen.app` (`kitchen-host`) with `PlugIns/Kitchen Intents.appex` (`kitchen-extension`),
    /// both listing OrderSoupIntent (the extension `extensionIntents`; nil: no extension, so every
    /// request launches the app), written as the XML a developer would write.
    static func installKitchen(in folder: String, extensionIntents: [String]? = ["OrderSoupIntent"]) throws {
        func plist(_ body: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(body)</dict></plist>\n"
        }
        func strings(_ values: [String]) -> String { "<array>" + values.map { "<string>\($0)</string>" }.joined() + "</array>" }
        let app = plist("""
            <key>CFBundleIdentifier</key><string>com.example.Kitchen</string>
            <key>CFBundleName</key><string>Kitchen</string><key>CFBundleExecutable</key><string>kitchen-host</string>
            <key>INIntentsSupported</key>\(strings(["OrderSoupIntent"]))<key>NSUserActivityTypes</key>\(strings(["OrderSoupIntent"]))
            <key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><true/>
            <key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array><dict>
            <key>UISceneConfigurationName</key><string>Default</string>
            <key>UISceneDelegateClassName</key><string>KitchenSceneDelegate</string></dict></array></dict></dict>
            """)
        let plugIn = plist("""
            <key>CFBundleIdentifier</key><string>com.example.Kitchen.Intents</string>
            <key>CFBundleName</key><string>Kitchen Intents</string>
            <key>CFBundleExecutable</key><string>kitchen-extension</string>
            <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.intents-service</string>
            <key>NSExtensionAttributes</key><dict><key>IntentsSupported</key>\(strings(extensionIntents ?? []))</dict></dict>
            """)
        let extensionFolder = "\(folder)/Kitchen.app/PlugIns/Kitchen Intents.appex"
        try FileManager.default.createDirectory(atPath: "\(folder)/Kitchen.app", withIntermediateDirectories: true)
        try app.write(toFile: "\(folder)/Kitchen.app/Info.plist", atomically: true, encoding: .utf8)
        if extensionIntents != nil {
            try FileManager.default.createDirectory(atPath: extensionFolder, withIntermediateDirectories: true)
            try plugIn.write(toFile: "\(extensionFolder)/Info.plist", atomically: true, encoding: .utf8)
        }
        try writeKitchenData(in: "\(folder)/Kitchen.app")
    }

    /// The kitchen's intent data (its catalog, "order ${soup}", Pho), as `bundle-app` writes it.
    static func writeKitchenData(in bundle: String) throws {
        var words = AppVocabulary(phrases: [.init("order ${soup}", intent: OrderSoupIntent.typeName)])
        words.entities["soup"] = [Entity(identifier: "pho", name: "Pho")]
        for (name, data) in try AppBundleData(catalog: try Kitchen.catalog(), vocabulary: words).files() {
            try data.write(to: URL(fileURLWithPath: "\(bundle)/\(name)"))
        }
    }

    @Test func aRequestGoesToTheExtensionWhileTheAppIsNotRunningAndToTheAppOnceItIsInTheForeground() async throws {
        let folder = freshRuntimeDirectory() + "-apps"
        try Self.installKitchen(in: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try makeDaemon(folders: [folder]) { $0.extensionIdleExit = .seconds(5) }  // long enough that a loaded machine cannot idle it out between its hello and the call
        daemon.start()
        let client = try await TestClient(daemon.socketPath)
        #expect(try await client.exchange(.say(text: "order pho", wantsTrace: false)) == [
            .spoken(line: "The extension ordered 1 Pho."), .outcome(status: .success, app: "Kitchen"),
        ])
        let extensionTrace = traceLines(daemon.lastTrace ?? [])
        #expect(extensionTrace.contains(
            "route: OrderSoupIntent → extension Kitchen Intents: the app is not running, so the lighter extension launches instead"))
        #expect(extensionTrace.contains("process: spawn \(BuiltProducts.executable("kitchen-extension")) pid N"))
        #expect(await daemon.runningHosts == [:])
        #expect(try await client.exchange(.command(line: ":open kitchen")) == [.listing(lines: ["Opened Kitchen."])])
        let answered = try await client.exchange(.say(text: "order pho", wantsTrace: false))
        #expect(answered.last == .outcome(status: .success, app: "Kitchen"))
        #expect(traceLines(daemon.lastTrace ?? []).contains("route: OrderSoupIntent → app: the app has a scene in the foreground"))
        #expect(await finish(daemon) == [])
    }
}
