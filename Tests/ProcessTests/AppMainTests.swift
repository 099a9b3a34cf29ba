import Foundation
import Glibc
import SceneIntents
import SceneIntentsHost
import SceneIntentsWire
import TestFixtures
import Testing

/// The one entry point of an app's executables: which role each launch gets, and the app run in
/// process for a user, called directly.
@MainActor
struct AppMainTests {
    let socket = "/nonexistent/si-\(getpid()).sock"
    var system: [String: String] { [MessageProtocol.socketVariable: socket, MessageProtocol.tokenVariable: "t"] }

    func kitchen(failing: Bool = false) -> AppMain {
        AppMain(name: "Kitchen", extensions: ["kitchen-extension": { try extensionOnly() }]) {
            if failing { throw IntentCatalogError(code: .duplicateIntentType, intent: "OrderSoupIntent", value: "OrderSoupIntent") }
            let host = IntentHost(application: Kitchen.application(), catalog: try Kitchen.catalog())
            return HostedApp(host) { line in
                guard line == "locked" else { throw FixtureError(description: "no command \(line)") }
                return host.application.device.isLocked ? "locked" : "unlocked"
            }
        }
    }

    func extensionOnly() throws -> IntentsExtension {
        IntentsExtension(
            name: "Kitchen Intents", catalog: try Kitchen.catalog(), intentsSupported: ["UnlistedIntent"],
            handlerFor: { _ in ScriptedSoupHandler() })
    }

    @Test func theRoleIsTheLaunchesUserOrSystemThenTheExecutablesName() throws {
        #expect(kitchen().role(environment: [:], executable: "/bin/kitchen-extension") == .inProcess)
        #expect(
            kitchen().role(environment: [MessageProtocol.socketVariable: "/s"], executable: "kitchen-host") == .inProcess)
        #expect(kitchen().role(environment: system, executable: "/build/kitchen-host") == .appHost(socket: socket, token: "t"))
        #expect(
            kitchen().role(environment: system, executable: "/build/kitchen-extension")
                == .intentsExtension(executable: "kitchen-extension", socket: socket, token: "t"))
        let plugIn = AppMain(extension: try extensionOnly())
        #expect(plugIn.role(environment: [:], executable: "x") == .inProcess)
        #expect(
            plugIn.role(environment: system, executable: "/build/any-name")
                == .intentsExtension(executable: "any-name", socket: socket, token: "t"))
    }

    @Test func startedByASystemAnAppThatCannotBeMadeIs70AndAnUnreachableSystemIs1() async {
        #expect(await kitchen(failing: true).main(environment: system, executable: "kitchen-host") == 70)
        #expect(await kitchen().main(environment: system, executable: "kitchen-host") == 1)
        #expect(await kitchen().main(environment: system, executable: "kitchen-extension") == 1)
    }

    @Test func anExtensionOnlyExecutableStartedByAUserSaysSoAndIs64() async throws {
        #expect(await AppMain(extension: try extensionOnly()).main(environment: [:]) == 64)
        #expect(await AppMain(extensionNamed: "Broken") { throw FixtureError(description: "no") }.main(environment: system) == 70)
    }

    @Test func startedByAUserTheAppRunsHereTakingCommandsUntilQuit() async throws {
        let input = Pipe()
        let output = Pipe()
        input.fileHandleForWriting.write(Data("locked\n\n  locked  \n:quit\nlocked\n".utf8))
        let status = await kitchen().main(
            environment: [:], executable: "kitchen-host", input: input.fileHandleForReading.fileDescriptor,
            output: output.fileHandleForWriting.fileDescriptor)
        try output.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 0)
        #expect(
            text == """
                Kitchen is running in this process; type its commands. :quit or Ctrl-D ends it.
                unlocked
                unlocked

                """)
        try input.fileHandleForWriting.close()
    }
}

/// An app that brings no commands of its own gets the standard ones (`AppDriver`).
@MainActor
struct StandardCommandsTests {
    @Test func startedByAUserAnAppWithoutCommandsTakesTheStandardOnes() async throws {
        let main = AppMain(name: "Kitchen") { HostedApp(IntentHost(application: Kitchen.application(), catalog: try Kitchen.catalog())) }
        let (input, output) = (Pipe(), Pipe())
        input.fileHandleForWriting.write(Data(":scenes\n:home\n:frob\n:screen\n:quit\n:screen\n".utf8))
        try input.fileHandleForWriting.close()
        let status = await main.main(
            environment: [:], executable: "kitchen-host", input: input.fileHandleForReading.fileDescriptor,
            output: output.fileHandleForWriting.fileDescriptor)
        try output.fileHandleForWriting.close()
        #expect(status == 0)
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == """
            Kitchen is running in this process; type its commands. :quit or Ctrl-D ends it.
            Kitchen runs in process \(getpid()).
            session-1: foregroundActive, showing nothing.
            (Kitchen is in the background.)

            """)
    }
}

/// The intent list written once: an extension lists what its catalog defines unless told.
@MainActor
struct DerivedIntentListTests {
    @Test func anExtensionSupportsItsCatalogsTypesUnlessGivenFewer() {
        let all = IntentsExtension(name: "All", intents: [OrderSoupIntent.self, OpenSafeIntent.self], handlerFor: { _ in nil })
        #expect(all.intentsSupported == ["OpenSafeIntent", "OrderSoupIntent"])
        let fewer = IntentsExtension(
            name: "Fewer", intents: [OrderSoupIntent.self, OpenSafeIntent.self], intentsSupported: ["OrderSoupIntent"],
            handlerFor: { _ in nil })
        #expect(fewer.intentsSupported == ["OrderSoupIntent"])
        #expect(all.catalog.problems == [] && fewer.catalog.typeNames == all.catalog.typeNames)
    }

    /// An app given by its parts: a manifest listing no intents is given the catalog's.
    @Test func anAppsManifestListsItsCatalogsTypesUnlessItListsSome() async throws {
        func supported(listing: [String]) async throws -> String {
            let manifest = AppManifest(
                sceneConfigurations: [.windowApplication: [SceneConfiguration(name: "Default")]], intentsSupported: listing,
                userActivityTypes: ["OrderSoupIntent", "OpenSafeIntent"])
            let main = AppMain(
                name: "Kitchen", manifest: manifest, intents: [OrderSoupIntent.self, OpenSafeIntent.self],
                sceneDelegates: Kitchen.sceneDelegates, delegate: { KitchenDelegate() },
                commands: { host in { _ in host.application.manifest.intentsSupported.joined(separator: ",") } })
            let (input, output) = (Pipe(), Pipe())
            input.fileHandleForWriting.write(Data("intents\n".utf8))
            try input.fileHandleForWriting.close()
            #expect(
                await main.main(
                    environment: [:], input: input.fileHandleForReading.fileDescriptor,
                    output: output.fileHandleForWriting.fileDescriptor) == 0)
            try output.fileHandleForWriting.close()
            let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
            return lines.dropFirst().joined(separator: "\n")
        }
        #expect(try await supported(listing: []) == "OpenSafeIntent,OrderSoupIntent")
        #expect(try await supported(listing: ["OrderSoupIntent"]) == "OrderSoupIntent")
    }
}
