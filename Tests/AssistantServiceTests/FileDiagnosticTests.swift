import AssistantService
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Registry: files, folders, executables and identifiers")
struct FileDiagnosticTests {
    /// Reads `Apps` beside one healthy app and expects exactly `expected` (built from the bundle
    /// path) with the healthy app still served.
    private func expectSkipped(
        _ sandbox: Sandbox, bundle: String, _ expected: (String) -> RegistryDiagnostic,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try sandbox.app("Healthy")
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(registry.apps.map(\.name) == ["Healthy"], sourceLocation: sourceLocation)
        #expect(registry.diagnostics == [expected(sandbox.path(bundle))], sourceLocation: sourceLocation)
        try sandbox.finish()
    }

    @Test("an Info.plist of garbage bytes is malformed")
    func garbage() throws {
        let sandbox = try Sandbox()
        try sandbox.file("Apps/Junk.app/Info.plist", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
        try expectSkipped(sandbox, bundle: "Apps/Junk.app") {
            RegistryDiagnostic(.malformedInfoPlist, file: $0 + "/Info.plist", value: "the property list parser refused it", skipped: $0)
        }
    }

    @Test("an Info.plist nested 60,000 levels deep is malformed, not a crash")
    func deeplyNested() throws {
        let sandbox = try Sandbox()
        let depth = 60_000
        let xml = "<plist version=\"1.0\">" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth) + "</plist>"
        try sandbox.file("Apps/Deep.app/Info.plist", Data(xml.utf8))
        try expectSkipped(sandbox, bundle: "Apps/Deep.app") {
            RegistryDiagnostic(.malformedInfoPlist, file: $0 + "/Info.plist", value: "the property list parser refused it", skipped: $0)
        }
    }

    @Test("an Info.plist whose top level is an array is malformed")
    func topLevelArray() throws {
        let sandbox = try Sandbox()
        try sandbox.file(
            "Apps/List.app/Info.plist",
            try PropertyListSerialization.data(fromPropertyList: ["CFBundleName"], format: .xml, options: 0))
        try expectSkipped(sandbox, bundle: "Apps/List.app") {
            RegistryDiagnostic(.malformedInfoPlist, file: $0 + "/Info.plist", value: "the top level is not a dictionary", skipped: $0)
        }
    }

    @Test("a bundle with no Info.plist")
    func missingInfoPlist() throws {
        let sandbox = try Sandbox()
        try sandbox.folder("Apps/Empty.app")
        try expectSkipped(sandbox, bundle: "Apps/Empty.app") {
            RegistryDiagnostic(.missingInfoPlist, file: $0 + "/Info.plist", skipped: $0)
        }
    }

    @Test("an Info.plist that is a folder is unreadable")
    func infoPlistFolder() throws {
        let sandbox = try Sandbox()
        try sandbox.folder("Apps/Odd.app/Info.plist")
        try expectSkipped(sandbox, bundle: "Apps/Odd.app") {
            RegistryDiagnostic(.unreadableInfoPlist, file: $0 + "/Info.plist", value: "not a regular file", skipped: $0)
        }
    }

    @Test("an Info.plist that is a FIFO is refused without blocking on it")
    func infoPlistFIFO() throws {
        let sandbox = try Sandbox()
        try sandbox.folder("Apps/Pipe.app")
        #expect(mkfifo(sandbox.path("Apps/Pipe.app/Info.plist"), 0o644) == 0)
        try expectSkipped(sandbox, bundle: "Apps/Pipe.app") {
            RegistryDiagnostic(.unreadableInfoPlist, file: $0 + "/Info.plist", value: "not a regular file", skipped: $0)
        }
    }

    @Test("an Info.plist over 1 MB is not read")
    func oversized() throws {
        let sandbox = try Sandbox()
        try sandbox.file("Apps/Huge.app/Info.plist", Data(count: (1 << 20) + 1))
        try expectSkipped(sandbox, bundle: "Apps/Huge.app") {
            RegistryDiagnostic(.unreadableInfoPlist, file: $0 + "/Info.plist", value: "larger than 1024 KB", skipped: $0)
        }
    }

    @Test("a .app that is a file, not a folder")
    func bundleIsAFile() throws {
        let sandbox = try Sandbox()
        try sandbox.file("Apps/Flat.app", Data("not a bundle".utf8))
        try expectSkipped(sandbox, bundle: "Apps/Flat.app") {
            RegistryDiagnostic(.folderUnreadable, file: $0, value: "not a folder", skipped: $0)
        }
    }

    @Test("an executable in neither the bundle nor a search directory")
    func missingExecutable() throws {
        let sandbox = try Sandbox()
        try sandbox.app("Soup Chef", executable: false)
        try expectSkipped(sandbox, bundle: "Apps/Soup Chef.app") {
            RegistryDiagnostic(
                .missingExecutable, file: $0 + "/Info.plist", key: "CFBundleExecutable", value: "soup-chef", skipped: $0)
        }
    }

    @Test("an executable that is not marked executable")
    func notExecutable() throws {
        let sandbox = try Sandbox()
        try sandbox.app("Soup Chef", executable: false)
        try sandbox.file("Apps/Soup Chef.app/soup-chef", Data("#!/bin/sh\n".utf8), mode: 0o644)
        try expectSkipped(sandbox, bundle: "Apps/Soup Chef.app") {
            RegistryDiagnostic(
                .notExecutable, file: $0 + "/soup-chef", key: "CFBundleExecutable", value: "not marked executable",
                skipped: $0)
        }
    }

    @Test("an executable that is a folder")
    func executableFolder() throws {
        let sandbox = try Sandbox()
        try sandbox.app("Soup Chef", executable: false)
        try sandbox.folder("Apps/Soup Chef.app/soup-chef")
        try expectSkipped(sandbox, bundle: "Apps/Soup Chef.app") {
            RegistryDiagnostic(
                .notExecutable, file: $0 + "/soup-chef", key: "CFBundleExecutable", value: "not a regular file", skipped: $0)
        }
    }

    @Test("an extension's missing and non-executable executables cost only the extension")
    func plugInExecutables() throws {
        let sandbox = try Sandbox()
        try sandbox.app("Soup Chef")
        let gone = try sandbox.plugIn("Gone", of: "Soup Chef", executable: false)
        let flat = try sandbox.plugIn("Flat", of: "Soup Chef", executable: false)
        try sandbox.file("Apps/Soup Chef.app/PlugIns/Flat.appex/flat", Data(), mode: 0o600)
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(registry.apps.map(\.name) == ["Soup Chef"])
        #expect(registry.apps.first?.extensions == [])
        #expect(
            registry.diagnostics == [
                RegistryDiagnostic(
                    .notExecutable, file: flat + "/flat", key: "CFBundleExecutable", value: "not marked executable",
                    skipped: flat),
                RegistryDiagnostic(
                    .missingExecutable, file: gone + "/Info.plist", key: "CFBundleExecutable", value: "gone", skipped: gone),
            ])
        try sandbox.finish()
    }

    @Test("a PlugIns that is a file costs the extensions, not the app")
    func plugInsIsAFile() throws {
        let sandbox = try Sandbox()
        let app = try sandbox.app("Soup Chef")
        try sandbox.file("Apps/Soup Chef.app/PlugIns", Data())
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(registry.apps.map(\.name) == ["Soup Chef"])
        #expect(
            registry.diagnostics == [
                RegistryDiagnostic(.folderUnreadable, file: app + "/PlugIns", value: "not a folder", skipped: app + "/PlugIns")
            ])
        try sandbox.finish()
    }

    @Test("two apps with one identifier, in two folders: the first folder's is served, the second skipped naming it")
    func duplicateApps() throws {
        let sandbox = try Sandbox()
        let first = try sandbox.app("Soup Chef", in: "Apps")
        let second = try sandbox.app("Soup Chef", in: "More")
        try sandbox.app("Healthy", in: "More")
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps"), sandbox.path("More")])
        #expect(registry.apps.map(\.path) == [sandbox.path("More/Healthy.app"), first])
        #expect(
            registry.diagnostics == [
                RegistryDiagnostic(
                    .duplicateIdentifier, file: second + "/Info.plist", key: "CFBundleIdentifier",
                    value: "'com.example.SoupChef' is already declared by \(first), which stays served", skipped: second)
            ])
        try sandbox.finish()
    }

    @Test("two extensions with one identifier: the first is served, the second skipped naming it")
    func duplicatePlugIns() throws {
        let sandbox = try Sandbox()
        try sandbox.app("Soup Chef")
        let one = try sandbox.plugIn("One", of: "Soup Chef")
        var info = Fixture.plugIn("Two", of: "Soup Chef")
        info["CFBundleIdentifier"] = "com.example.SoupChef.One"
        let two = try sandbox.plugIn("Two", of: "Soup Chef", info: info)
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")])
        #expect(registry.apps.map(\.name) == ["Soup Chef"])
        #expect(registry.apps.first?.extensions.map(\.path) == [one])
        #expect(registry.diagnostics.map(\.description) == [
            "\(two)/Info.plist: CFBundleIdentifier 'com.example.SoupChef.One' is already declared by \(one), which stays served; Two.appex is skipped"
        ])
        try sandbox.finish()
    }

    @Test("an empty apps folder, a missing one and a file in place of one are each reported")
    func folders() throws {
        let sandbox = try Sandbox()
        try sandbox.folder("Empty")
        try sandbox.file("Other/notes.txt", Data())
        try sandbox.file("File", Data())
        let registry = BundleRegistry(
            appsFolders: [sandbox.path("Empty"), sandbox.path("Missing"), sandbox.path("File"), sandbox.path("Other")])
        #expect(registry.apps.isEmpty)
        #expect(
            registry.diagnostics == [
                RegistryDiagnostic(.noBundles, file: sandbox.path("Empty")),
                RegistryDiagnostic(.folderUnreadable, file: sandbox.path("File"), value: "not a folder"),
                RegistryDiagnostic(.folderNotFound, file: sandbox.path("Missing")),
                RegistryDiagnostic(.noBundles, file: sandbox.path("Other")),
            ])
        #expect(registry.diagnostics.map(\.description)[2] == "\(sandbox.path("Missing")): the folder does not exist")
        try sandbox.finish()
    }
}
