import Foundation
import Testing

/// One side per module: an app-side module never imports a system-side one, and the other way
/// round; only the two process runtimes import the wire. Package.swift's target graph cannot be
/// read at run time, so this reads what the graph is made of: the `import` lines of every Swift
/// file under `Sources/` and `Demos/`, each file's module found from its folder (`ModuleSides`).
@Suite struct ModuleSidesTests {
    @Test func everySourceFolderHasASide() throws {
        let unplaced = try SourceFile.all().filter { $0.module == nil }.map(\.path)
        #expect(unplaced == [], "give these folders a side in ModuleSides.folders")
    }

    @Test func noModuleImportsTheOtherSide() throws {
        var crossings: [String] = []
        for file in try SourceFile.all() {
            guard let module = file.module else { continue }
            for imported in file.imports {
                guard let side = ModuleSides.side(ofImport: imported), module.side.mayNotImport(side) else { continue }
                crossings.append("\(file.path) (\(module.side)) imports \(imported) (\(side))")
            }
        }
        #expect(crossings == [])
    }

    @Test func onlyTheProcessRuntimesImportTheWire() throws {
        let importers = try SourceFile.all().filter { file in
            file.imports.contains(ModuleSides.wire) && !ModuleSides.wireUsers.contains(file.module?.name ?? "")
        }
        #expect(importers.map(\.path) == [])
    }

    @Test func importLinesAreReadWhateverTheirForm() {
        let text = """
            import Foundation
            @testable import SceneIntents
            @_exported import SceneIntentsShell
            import struct Assistant.Vocabulary
            #if canImport(Glibc)
                import Glibc
            #endif
            // import AssistantService
            let note = "import AssistantDaemon"
            """
        #expect(SourceFile.imports(in: text) == ["Foundation", "SceneIntents", "SceneIntentsShell", "Assistant", "Glibc"])
    }

    /// The rule sees what it must: the scan found files on every side, with their imports (a
    /// scan that read nothing would pass every check above).
    @Test func theScanReadsBothSides() throws {
        let files = try SourceFile.all()
        let sides = Set(files.compactMap(\.module?.side))
        #expect(sides.isSuperset(of: [.app, .system, .shared, .tool, .testing, .frontEnd]))
        #expect(files.contains { $0.path.hasPrefix("Demos/Hobson/Kit/") && $0.imports.contains("SceneIntentsFeatures") })
        #expect(files.contains { $0.path == "Sources/SceneIntentsHost/AppProcess.swift" && $0.imports.contains(ModuleSides.wire) })
        #expect(files.contains { $0.path.hasPrefix("Sources/AssistantService/") && $0.imports.contains("Assistant") })
    }
}

/// Which side each module is on, declared once.
enum ModuleSides {
    /// A module's place in the layout.
    enum Side: String, CustomStringConvertible {
        /// The app's process runtime, its features, and the demos' apps (kit, app host, extension).
        case app
        /// The assistant, the service, the daemon, the shortcuts store, the client and the shell.
        case system
        /// What both sides exchange (`SceneIntents`: the app model and the values of the
        /// protocol) and the wire encoding of those values.
        case shared
        /// Build-time, storage and command-line tools, on neither side.
        case tool
        /// The testing kit: an app's tests converse with it, so it meets both sides, as tests do.
        case testing
        /// A demo's command-line front end (its REPL): it runs the demo's app in process with an
        /// assistant, so it is where the two sides meet.
        case frontEnd

        var description: String { rawValue }

        /// Whether a module on this side must not import a module on `other`.
        func mayNotImport(_ other: Side) -> Bool {
            (self == .app && other == .system) || (self == .system && other == .app)
                || (self == .shared && (other == .app || other == .system))
                || (self == .tool && (other == .app || other == .system))
        }
    }

    /// A module: the name other files import it by, and its side.
    struct Module {
        let name: String
        let side: Side
    }

    /// The wire module, and the modules that may import it: the two process runtimes, and the
    /// testing kit, whose `InstalledAppConnection` puts the codec between an assistant and an app
    /// in one process, as it stands between them across processes; and the shells' output
    /// (`SceneIntentsCommandLine`), which writes its JSON with the package's one JSON writer. The
    /// writer lives in the wire so that a message's writes inline into it.
    static let wire = "SceneIntentsWire"
    static let wireUsers: Set<String> = ["SceneIntentsHost", "AssistantService", "SceneIntentsTesting", "SceneIntentsCommandLine"]

    /// Every source folder (relative to the package) with its module.
    static let folders: [String: Module] = [
        "Sources/SceneIntents": Module(name: "SceneIntents", side: .shared),
        "Sources/SceneIntentsWire": Module(name: wire, side: .shared),
        "Sources/SceneIntentsHost": Module(name: "SceneIntentsHost", side: .app),
        "Sources/SceneAppIntents": Module(name: "SceneAppIntents", side: .app),
        "Sources/SceneIntentsFeatures": Module(name: "SceneIntentsFeatures", side: .app),
        "Sources/SceneIntentsTesting": Module(name: "SceneIntentsTesting", side: .testing),
        "Sources/Assistant": Module(name: "Assistant", side: .system),
        "Sources/AssistantService": Module(name: "AssistantService", side: .system),
        "Sources/AssistantDaemon": Module(name: "AssistantDaemon", side: .system),
        "Sources/AssistantShortcuts": Module(name: "AssistantShortcuts", side: .system),
        "Sources/AssistantClient": Module(name: "assistant", side: .system),
        "Sources/assistantd": Module(name: "assistantd", side: .system),
        "Sources/SceneIntentsShell": Module(name: "SceneIntentsShell", side: .system),
        "Sources/SceneIntentsCommandLine": Module(name: "SceneIntentsCommandLine", side: .tool),
        "Sources/CommandLineOptions": Module(name: "CommandLineOptions", side: .tool),
        "Sources/IntentDefinition": Module(name: "IntentDefinition", side: .tool),
        "Sources/IntentGen": Module(name: "intentgen", side: .tool),
        "Sources/BundleAppTool": Module(name: "bundle-app-tool", side: .tool),
        "Sources/SceneIntentsStore": Module(name: "SceneIntentsStore", side: .tool),
        "Sources/SceneIntentsTransport": Module(name: "SceneIntentsTransport", side: .tool),
        "Sources/DurableFiles": Module(name: "DurableFiles", side: .tool),
        "Sources/PropertyListSafety": Module(name: "PropertyListSafety", side: .tool),
        "Demos/RecipeAssistant/Kit": Module(name: "RecipeAssistantKit", side: .app),
        "Demos/RecipeAssistant/AppHost": Module(name: "recipe-assistant-app", side: .app),
        "Demos/RecipeAssistant/Main": Module(name: "recipe-assistant", side: .frontEnd),
        "Demos/RecipeAssistant/CLI": Module(name: "RecipeAssistantCLI", side: .frontEnd),
        "Demos/Hobson/Kit": Module(name: "HobsonKit", side: .app),
        "Demos/Hobson/AppHost": Module(name: "hobson-app", side: .app),
        "Demos/Hobson/Extension": Module(name: "hobson-intents", side: .app),
        "Demos/Hobson/Main": Module(name: "hobson", side: .frontEnd),
        "Demos/Hobson/CLI": Module(name: "HobsonCLI", side: .frontEnd),
        "Demos/Hydrator/Kit": Module(name: "HydratorKit", side: .app),
        "Demos/Hydrator/AppHost": Module(name: "hydrator-app", side: .app),
        "Demos/Hydrator/Extension": Module(name: "hydrator-intents", side: .app),
        "Demos/Hydrator/Shell": Module(name: "HydratorShell", side: .frontEnd),
        "Demos/Hydrator/Main": Module(name: "hydrator", side: .frontEnd),
        "Demos/Timers/Kit": Module(name: "TimersKit", side: .app),
        "Demos/Timers/AppHost": Module(name: "timers-app", side: .app),
        "Demos/Timers/CLI": Module(name: "TimersCLI", side: .frontEnd),
        "Demos/Timers/Main": Module(name: "timers", side: .frontEnd),
    ]

    /// The side of an imported module, if it is one of the package's.
    static func side(ofImport name: String) -> Side? {
        folders.values.first { $0.name == name }?.side
    }
}

/// One Swift file of the package: its path (relative to the package), module and imports.
struct SourceFile {
    let path: String
    let module: ModuleSides.Module?
    let imports: Set<String>

    /// The package's root: this file is `Tests/ModuleSidesTests/ModuleSidesTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `Sources/` and `Demos/`, in path order.
    static func all() throws -> [SourceFile] {
        var files: [SourceFile] = []
        for top in ["Sources", "Demos"] {
            let base = root.appendingPathComponent(top)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: base.path])
            }
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let path = "\(top)/\(relative)"
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                files.append(SourceFile(path: path, module: module(of: path), imports: imports(in: text)))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The module of the longest declared folder holding `path`.
    private static func module(of path: String) -> ModuleSides.Module? {
        ModuleSides.folders.filter { path.hasPrefix($0.key + "/") }.max { $0.key.count < $1.key.count }?.value
    }

    /// The modules `text` imports: `import X`, `@testable import X`, `@_exported import X`,
    /// `import struct X.Y`, each at the start of a line (inside `#if` too).
    static func imports(in text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ").filter { !$0.isEmpty }
            while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal"].contains(first) {
                words.removeFirst()
            }
            guard words.count >= 2, words[0] == "import" else { continue }
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let target = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            modules.insert(String(target.split(separator: ".")[0]))
        }
        return modules
    }
}
