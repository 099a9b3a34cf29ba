import AssistantService
import Foundation
import SceneIntents
import Testing

/// The executables the demo bundles name; a new demo adds its executable here.
private let demoExecutables = ["recipe-assistant-app", "hobson-app", "hobson-intents", "hydrator-app", "hydrator-intents"]

@Suite("Registry: development bundles and their executables")
struct DevelopmentBundleTests {
    @Test("an executable missing from the bundle is found in the first search directory holding it")
    func searchDirectories() throws {
        let sandbox = try Sandbox()
        try sandbox.app("Soup Chef", executable: false)
        try sandbox.plugIn("Menu", of: "Soup Chef", executable: false)
        try sandbox.folder("build/none")
        try sandbox.executable("build/debug/soup-chef")
        try sandbox.executable("build/debug/menu")
        try sandbox.executable("build/release/soup-chef")
        let registry = BundleRegistry(
            appsFolders: [sandbox.path("Apps")],
            executableSearchDirectories: [sandbox.path("build/none"), sandbox.path("build/debug"), sandbox.path("build/release")])
        let debug = sandbox.path("build/debug")
        #expect(registry.diagnostics == [])
        #expect(registry.apps.map(\.executable) == [BundleExecutable(path: debug + "/soup-chef", origin: .searchDirectory(debug))])
        #expect(registry.apps.first?.extensions.map(\.executable) == [
            BundleExecutable(path: debug + "/menu", origin: .searchDirectory(debug))
        ])
        try sandbox.finish()
    }

    @Test("an executable in the bundle wins over one in a search directory (an installed bundle)")
    func bundleFirst() throws {
        let sandbox = try Sandbox()
        let bundle = try sandbox.app("Soup Chef")
        try sandbox.executable("build/soup-chef")
        let registry = BundleRegistry(appsFolders: [sandbox.path("Apps")], executableSearchDirectories: [sandbox.path("build")])
        #expect(registry.apps.map(\.executable) == [BundleExecutable(path: bundle + "/soup-chef", origin: .bundle)])
        #expect(registry.diagnostics == [])
        try sandbox.finish()
    }

    @Test("the first file found decides: a non-executable one is reported, not skipped over")
    func firstFoundDecides() throws {
        let sandbox = try Sandbox()
        let bundle = try sandbox.app("Soup Chef", executable: false)
        try sandbox.file("first/soup-chef", Data(), mode: 0o644)
        try sandbox.executable("second/soup-chef")
        let registry = BundleRegistry(
            appsFolders: [sandbox.path("Apps")], executableSearchDirectories: [sandbox.path("first"), sandbox.path("second")])
        #expect(registry.apps.isEmpty)
        #expect(
            registry.diagnostics == [
                RegistryDiagnostic(
                    .notExecutable, file: sandbox.path("first/soup-chef"), key: "CFBundleExecutable",
                    value: "not marked executable", skipped: bundle)
            ])
        try sandbox.finish()
    }

    @Test("relative folders are resolved from the current directory and reported absolute")
    func relativeFolders() throws {
        let sandbox = try Sandbox()
        let here = FileManager.default.currentDirectoryPath
        let relative = "./" + String(repeating: "../", count: here.split(separator: "/").count) + sandbox.root.dropFirst()
        let registry = BundleRegistry(appsFolders: [relative + "/Apps"], executableSearchDirectories: [relative + "/bin"])
        #expect(registry.appsFolders == [sandbox.path("Apps")])
        #expect(registry.executableSearchDirectories == [sandbox.path("bin")])
        #expect(registry.diagnostics == [RegistryDiagnostic(.folderNotFound, file: sandbox.path("Apps"))])
        try sandbox.finish()
    }

    @Test("the running executable's folder exists and holds this test runner")
    func currentExecutableDirectory() throws {
        let folder = try #require(BundleRegistry.currentExecutableDirectory())
        let executable = try #require(Bundle.main.executableURL).resolvingSymlinksInPath()
        #expect(folder == executable.deletingLastPathComponent().standardizedFileURL.path)
        #expect(FileManager.default.fileExists(atPath: folder + "/" + executable.lastPathComponent))
    }

    @Test("the repository's demo bundles are served with no diagnostics when their executables are built")
    func repositoryDemos() throws {
        let sandbox = try Sandbox()
        for name in demoExecutables { try sandbox.executable("build/\(name)") }
        let folders = DemoBundles.appsFolders()
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().standardizedFileURL.path
        #expect(folders.contains(repository + "/Demos/RecipeAssistant/Bundle"))
        let registry = BundleRegistry(appsFolders: folders, executableSearchDirectories: [sandbox.path("build")])
        #expect(registry.diagnostics == [])
        let recipe = try #require(registry.app(identifier: "com.example.RecipeAssistant"))
        #expect(recipe.name == "Recipe Assistant")
        #expect(recipe.path == repository + "/Demos/RecipeAssistant/Bundle/Recipe Assistant.app")
        #expect(
            recipe.executable
                == BundleExecutable(path: sandbox.path("build/recipe-assistant-app"), origin: .searchDirectory(sandbox.path("build"))))
        let kit = try AppManifest(contentsOf: URL(fileURLWithPath: repository + "/Demos/RecipeAssistant/Kit/Resources/Info.plist"))
        #expect(recipe.manifest == kit)
        #expect(recipe.extensions == [])
        #expect(registry.app(named: "recipe assistant") == recipe)
        try sandbox.finish()
    }

    @Test("outside a checkout there are no demo bundles")
    func noCheckout() {
        #expect(DemoBundles.appsFolders(besideSource: "/") == [])
        #expect(DemoBundles.appsFolders(besideSource: "/nonexistent/Sources/main.swift") == [])
    }
}
