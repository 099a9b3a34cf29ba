import Foundation
import IntentDefinition
import SceneIntents
import SceneIntentsTesting
import Testing

/// `bundle-app-tool` on the demos' executables: the whole tree it lays out, the `Info.plist`s the
/// executables write (the same as the demos' checked-in bundles), and each error, named.
@Suite(.serialized)
struct BundleAppToolTests {
    /// A demo: its products, its bundle's name, its checked-in bundle folder and the resource
    /// bundle its kit loads.
    struct Demo: Sendable, CustomTestStringConvertible {
        let app: String
        let extensions: [(product: String, bundle: String)]
        let bundle: String
        let checkedIn: String
        var resources: String?
        var testDescription: String { bundle }
    }

    static let demoBundles = [
        Demo(
            app: "hobson-app", extensions: [("hobson-intents", "Hobson Intents")], bundle: "Hobson",
            checkedIn: "Hobson/Bundle", resources: "SceneIntents_HobsonKit.resources"),
        Demo(
            app: "hydrator-app", extensions: [("hydrator-intents", "Hydrator Intents")], bundle: "Hydrator",
            checkedIn: "Hydrator/Bundle"),
        Demo(
            app: "recipe-assistant-app", extensions: [], bundle: "Recipe Assistant", checkedIn: "RecipeAssistant/Bundle",
            resources: "SceneIntents_RecipeAssistantKit.resources"),
    ]

    @Test(arguments: demoBundles)
    func aDemoIsLaidOutAsItsCheckedInBundleSays(_ demo: Demo) async throws {
        let output = try Scratch()
        defer { output.remove() }
        let app = "\(demo.bundle).app"
        let run = try await bundleApp(
            ["--product", demo.app] + demo.extensions.flatMap { ["--extension", $0.product] }
                + (demo.resources.map { ["--resources", $0] } ?? []) + ["--output", output.path])
        #expect(run.status == 0)
        #expect(run.stdout == "bundle-app: wrote \(output.path)/\(app)\n")
        #expect(run.stderr == "")
        // Each executable's folder holds the resource bundle, as SwiftPM's build folder does.
        let resources = { (folder: String) in
            demo.resources.map { ["\(folder)/\($0)/", "\(folder)/\($0)/Resources/", "\(folder)/\($0)/Resources/Info.plist"] } ?? []
        }
        let dataFiles = [AppBundleData.vocabularyFile, AppBundleData.definitionFile, AppBundleData.projectFile]
        var expected = [app + "/", "\(app)/Info.plist", "\(app)/\(demo.app)*"] + dataFiles.map { "\(app)/\($0)" } + resources(app)
        if !demo.extensions.isEmpty { expected.append("\(app)/PlugIns/") }
        for plugIn in demo.extensions {
            let appex = "\(app)/PlugIns/\(plugIn.bundle).appex"
            expected += [appex + "/", "\(appex)/Info.plist", "\(appex)/\(plugIn.product)*"] + resources(appex)
        }
        #expect(output.tree() == expected.sorted())
        let checkedIn = "\(demos)/\(demo.checkedIn)/\(app)"
        #expect(try propertyList("\(output.path)/\(app)/Info.plist") == propertyList("\(checkedIn)/Info.plist"))
        // The intent data the daemon serves the demo from is what the command writes, byte for byte.
        for file in dataFiles {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: "\(output.path)/\(app)/\(file)"))
                    == Data(contentsOf: URL(fileURLWithPath: "\(checkedIn)/\(file)")), "\(app)/\(file)")
        }
        for plugIn in demo.extensions {
            let appex = "PlugIns/\(plugIn.bundle).appex/Info.plist"
            #expect(try propertyList("\(output.path)/\(app)/\(appex)") == propertyList("\(checkedIn)/\(appex)"))
        }
        let built = try Data(contentsOf: URL(fileURLWithPath: BuiltProducts.executable(demo.app)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(output.path)/\(app)/\(demo.app)")) == built)
    }

    @Test func bundlingAgainReplacesTheBundleAndLeavesNothingElse() async throws {
        let output = try Scratch()
        defer { output.remove() }
        let arguments = ["--product", "recipe-assistant-app", "--output", output.path]
        let first = try await bundleApp(arguments)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: "\(output.path)/Recipe Assistant.app/stale"))
        let second = try await bundleApp(arguments)
        #expect([first.status, second.status] == [0, 0])
        #expect(output.tree() == [
            "Recipe Assistant.app/", "Recipe Assistant.app/AppIntentVocabulary.plist", "Recipe Assistant.app/Info.plist",
            "Recipe Assistant.app/Intents.intentdefinition", "Recipe Assistant.app/SceneIntents.plist", "Recipe Assistant.app/recipe-assistant-app*",
        ])
    }

    /// Each failure: exit 1, one line naming the problem, and nothing left in the output folder.
    @Test(arguments: [
        (["--product", "no-such-app"], "no executable product 'no-such-app' in \(BuiltProducts.directory) (build it first)"),
        (
            ["--product", "hobson-app", "--resources", "SceneIntents_NoSuchKit.resources"],
            "no resource bundle 'SceneIntents_NoSuchKit.resources' in \(BuiltProducts.directory)"
        ),
        (
            ["--product", "floor-hello"],
            "floor-hello does not support --write-bundle-data (it exited 0 and wrote no Info.plist): its main.swift must call AppMain or IntentsExtension"
        ),
        (
            ["--product", "recipe-assistant-app", "--extension", "kitchen-extension"],
            "kitchen-extension --write-bundle-data failed with status 78: Kitchen Intents: --write-bundle-data: Kitchen Intents has no bundle identifier: pass bundleIdentifier: to AppMain or IntentsExtension"
        ),
        (
            ["--product", "hobson-app", "--extension", "recipe-assistant-app"],
            "the Info.plist recipe-assistant-app wrote has no NSExtension dictionary: it is not an intents extension"
        ),
    ])
    func aFailureNamesItsCauseAndLeavesNothing(_ arguments: [String], _ message: String) async throws {
        let output = try Scratch()
        defer { output.remove() }
        let run = try await bundleApp(arguments + ["--output", output.path])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "bundle-app: \(message)\n")
        #expect(output.tree() == [])
    }

    /// The one test that needs the wall clock: an executable that never finishes is killed after
    /// the time limit (here a script that says it started and sleeps).
    @Test func anExecutableStillRunningAfterTheTimeLimitIsKilledAndNamed() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let products = "\(scratch.path)/products"
        try FileManager.default.createDirectory(atPath: products, withIntermediateDirectories: false)
        try Data("#!/bin/sh\necho writing\nexec sleep 600\n".utf8).write(to: URL(fileURLWithPath: "\(products)/hang"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(products)/hang")
        let run = try await BuiltProducts.run(
            "bundle-app-tool",
            ["--product", "hang", "--output", "\(scratch.path)/apps", "--products-dir", products, "--time-limit", "0.2"])
        #expect(run.status == 1)
        #expect(run.stderr == "bundle-app: hang --write-bundle-data was still running after 0.2 seconds and was killed: writing\n")
        #expect(scratch.tree() == ["apps/", "products/", "products/hang*"])
    }

    @Test func anOutputThatIsAFileIsNamed() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = "\(scratch.path)/file"
        try Data().write(to: URL(fileURLWithPath: file))
        let run = try await bundleApp(["--product", "recipe-assistant-app", "--output", "\(file)/apps"])
        #expect(run.status == 1)
        #expect(run.stderr == "bundle-app: --output \(file)/apps: cannot make the directory '\(file)': it is a file\n")
        #expect(scratch.tree() == ["file"])
    }

    @Test(arguments: [
        ([String](), "--product APP is required; add it."), (["--product"], "--product needs a value: --product APP."),
        (["--product", "a", "--product", "b"], "--product is given twice; give it once."), (["--product", "a"], "--output DIR is required; add it."),
        (["--fast"], "There is no option --fast; see --help."),
        (
            ["--product", "a", "--output", "o", "--time-limit", "0"],
            "--time-limit needs a number of seconds above 0 and at most 3600 (such as 0.5), not 0."
        ),
    ])
    func aWrongCommandLineIs64(_ arguments: [String], _ message: String) async throws {
        let run = try await BuiltProducts.run("bundle-app-tool", arguments)
        #expect(run.status == 64)
        #expect(run.stderr == "bundle-app: \(message)\n")
    }

    @Test func theHelpListsEveryOption() async throws {
        let run = try await BuiltProducts.run("bundle-app-tool", ["--help"])
        #expect(run.status == 0)
        let options = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  --") }.map { $0.split(separator: " ")[0].split(separator: ",")[0] }
        #expect(
            options == ["--product", "--extension", "--output", "--resources", "--products-dir", "--time-limit", "--configuration", "--help"])
        #expect(run.stdout.hasPrefix("usage: swift package --allow-writing-to-directory DIR bundle-app --product APP"))
    }
}
