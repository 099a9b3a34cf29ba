// swift-tools-version: 6.2
import PackageDescription

/// The library products, each the module of its name: what an outside package depends on.
let libraries = [
    "SceneIntents", "SceneAppIntents", "Assistant", "SceneIntentsTesting", "SceneIntentsStore",
    "IntentDefinition", "SceneIntentsTransport", "SceneIntentsShell", "SceneIntentsCommandLine",
    "SceneIntentsFeatures", "AssistantShortcuts", "AssistantDaemon", "SceneIntentsHost", "AssistantService",
]
/// The executable products, each the target of its name.
let executables = [
    "recipe-assistant", "recipe-assistant-app", "intentgen", "hobson", "hobson-app", "hobson-intents",
    "assistantd", "assistant", "timers", "timers-app",
]

let package = Package(
    name: "SceneIntents",
    platforms: [.macOS(.v15)],
    products: libraries.map { .library(name: $0, targets: [$0]) } + executables.map { .executable(name: $0, targets: [$0]) } + [
        .executable(name: "intent-bench", targets: ["IntentBench"]),
        .plugin(name: "IntentGenPlugin", targets: ["IntentGenPlugin"]),
        .plugin(name: "bundle-app", targets: ["BundleAppPlugin"]),
    ],
    targets: [
        .target(name: "SceneIntents", dependencies: ["PropertyListSafety", "DurableFiles"]),
        // App Intents' API (`AppIntent`, `@Parameter`, `AppEnum`, `AppEntity`, shortcuts) over the
        // engine: `AppIntentsCatalog` turns the declarations into `SceneIntents`' schemas.
        .target(name: "SceneAppIntents", dependencies: ["SceneIntents"]),
        // The assistant's async functions run on their caller's actor (see `Assistant`): from the
        // main actor a request does not leave it. Changing this setting changes how these
        // functions are called, and SwiftPM does not rebuild the modules that call them: remove
        // `.build` after changing it.
        .target(
            name: "Assistant", dependencies: ["SceneIntents"],
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        .target(name: "SceneIntentsTesting", dependencies: ["SceneIntents", "Assistant", "SceneIntentsWire"]),
        .target(
            name: "RecipeAssistantKit", dependencies: ["SceneIntents", "SceneIntentsCommandLine"],
            path: "Demos/RecipeAssistant/Kit",
            resources: [.copy("Resources")],
            plugins: ["IntentGenPlugin"]),
        .executableTarget(name: "recipe-assistant", dependencies: ["RecipeAssistantCLI"], path: "Demos/RecipeAssistant/Main"),
        .target(name: "PingKit", dependencies: ["SceneIntents"], path: "Tests/Helpers/PingKit"),
        .executableTarget(
            name: "ping-host", dependencies: ["PingKit", "SceneIntents", "SceneIntentsHost"], path: "Tests/Helpers/PingHost"),
        .executableTarget(
            name: "IntentBench",
            dependencies: [
                "SceneIntents", "Assistant", "RecipeAssistantKit", "PingKit", "AssistantService", "SceneIntentsStore",
                "SceneIntentsTransport", "SceneIntentsWire",
                "AssistantDaemon",
                "HydratorKit", "CommandLineOptions",
            ],
            path: "Benchmarks/IntentBench"),
        .executableTarget(name: "floor-hello", path: "Tests/Helpers/FloorHello"),
        .target(name: "PropertyListSafety"),
        .target(name: "IntentDefinition", dependencies: ["PropertyListSafety", "SceneIntents", "DurableFiles"]),
        .executableTarget(
            name: "intentgen", dependencies: ["IntentDefinition", "DurableFiles", "CommandLineOptions"], path: "Sources/IntentGen"),
        .plugin(name: "IntentGenPlugin", capability: .buildTool(), dependencies: ["intentgen"]),
        .target(
            name: "IntentGenFixtures", dependencies: ["SceneIntents"], path: "Tests/IntentGenFixtures",
            exclude: ["Definitions/README.md"],
            plugins: ["IntentGenPlugin"]),
        .testTarget(
            name: "IntentDefinitionTests",
            dependencies: [
                "IntentDefinition", "intentgen", "IntentGenFixtures", "SceneIntents", "Assistant", "TestFixtures",
                "RecipeAssistantKit", "SceneIntentsTesting",
            ],
            resources: [.copy("Golden"), .copy("Definitions")]),
        .systemLibrary(name: "CEpoll"),
        .target(name: "SceneIntentsTransport", dependencies: ["CEpoll"]),
        .target(
            name: "SceneIntentsHost",
            dependencies: [
                "SceneIntents", "SceneIntentsWire", "SceneIntentsTransport", "DurableFiles", "IntentDefinition", "SceneIntentsCommandLine",
            ]),
        .target(
            name: "AssistantService",
            dependencies: [
                "Assistant", "SceneIntents", "SceneIntentsWire", "SceneIntentsTransport", "PropertyListSafety", "IntentDefinition",
                "DurableFiles", "SceneIntentsStore",
            ]),
        .executableTarget(name: "transport-peer", dependencies: ["SceneIntentsTransport"], path: "Tests/Helpers/TransportPeer"),
        .testTarget(name: "SceneIntentsTransportTests", dependencies: ["SceneIntentsTransport", "transport-peer"]),
        .target(name: "TestFixtures", dependencies: ["SceneIntents"], path: "Tests/TestFixtures"),
        .testTarget(name: "SceneIntentsTests", dependencies: ["SceneIntents", "SceneIntentsTesting", "TestFixtures"]),
        .testTarget(
            name: "AssistantTests",
            dependencies: ["Assistant", "SceneIntents", "SceneIntentsWire", "SceneIntentsTesting", "TestFixtures"]),
        .testTarget(
            name: "RecipeAssistantTests",
            dependencies: [
                "RecipeAssistantKit", "RecipeAssistantCLI", "Assistant", "SceneIntents", "SceneIntentsTesting", "recipe-assistant",
                "recipe-assistant-app",
            ]),
        .executableTarget(
            name: "kitchen-host",
            dependencies: ["SceneIntents", "SceneIntentsHost", "SceneIntentsWire", "SceneIntentsTransport", "TestFixtures"],
            path: "Tests/KitchenHost"),
        .executableTarget(
            name: "kitchen-extension", dependencies: ["SceneIntents", "SceneIntentsHost", "TestFixtures"],
            path: "Tests/KitchenExtension"),
        .executableTarget(
            name: "ping-extension", dependencies: ["PingKit", "SceneIntentsHost"], path: "Tests/Helpers/PingExtension"),
        .executableTarget(
            name: "process-leak-check",
            dependencies: ["AssistantService", "SceneIntents", "SceneIntentsTransport", "TestFixtures"],
            path: "Tests/ProcessLeakCheck"),
        .testTarget(
            name: "ProcessTests",
            dependencies: [
                "AssistantService", "Assistant", "SceneIntents", "SceneIntentsTesting", "SceneIntentsTransport",
                "TestFixtures", "kitchen-host", "process-leak-check",
                "kitchen-extension", "SceneIntentsHost", "SceneIntentsWire", "IntentDefinition",
            ]),
        .testTarget(name: "AssistantServiceTests", dependencies: ["AssistantService", "SceneIntents", "SceneIntentsStore"]),
        .target(name: "SceneIntentsStore", dependencies: ["DurableFiles"]),
        .executableTarget(
            name: "recipe-assistant-app",
            dependencies: ["RecipeAssistantKit", "SceneIntents", "SceneIntentsHost", "SceneIntentsCommandLine"],
            path: "Demos/RecipeAssistant/AppHost"),
        .executableTarget(
            name: "store-writer", dependencies: ["SceneIntentsStore", "CommandLineOptions"], path: "Tests/Helpers/StoreWriter"),
        .testTarget(name: "SceneIntentsStoreTests", dependencies: ["SceneIntentsStore", "store-writer"]),
        .target(
            name: "SceneIntentsShell", dependencies: ["Assistant", "AssistantService", "SceneIntentsCommandLine", "SceneIntentsTransport"]),
        .testTarget(
            name: "SceneIntentsShellTests",
            dependencies: ["SceneIntentsShell", "Assistant", "SceneIntents", "SceneIntentsTesting", "TestFixtures"]),
        .target(name: "SceneIntentsFeatures", dependencies: ["SceneIntents"]),
        .target(name: "AssistantShortcuts", dependencies: ["SceneIntentsStore", "SceneIntents", "Assistant"]),
        .target(
            name: "HobsonKit", dependencies: ["SceneIntents", "SceneIntentsFeatures", "SceneIntentsCommandLine"],
            path: "Demos/Hobson/Kit", resources: [.copy("Resources")]),
        .executableTarget(
            name: "hobson", dependencies: ["HobsonCLI", "SceneIntentsShell", "hobson-app", "hobson-intents"],
            path: "Demos/Hobson/Main"),
        .executableTarget(
            name: "hobson-intents", dependencies: ["HobsonKit", "SceneIntents", "SceneIntentsFeatures", "SceneIntentsHost"],
            path: "Demos/Hobson/Extension"),
        .executableTarget(
            name: "hobson-app", dependencies: ["HobsonKit", "SceneIntents", "SceneIntentsHost", "SceneIntentsCommandLine"],
            path: "Demos/Hobson/AppHost"),
        .testTarget(
            name: "HobsonTests",
            dependencies: [
                "HobsonKit", "SceneIntents", "SceneIntentsFeatures", "Assistant", "AssistantShortcuts", "SceneIntentsTesting",
                "AssistantService", "HobsonCLI", "hobson", "hobson-app",
            ]),
        .executableTarget(
            name: "donation-writer", dependencies: ["AssistantShortcuts", "HobsonKit", "HobsonCLI", "SceneIntents"],
            path: "Tests/DonationWriter"),
        .testTarget(
            name: "AssistantShortcutsTests",
            dependencies: [
                "AssistantShortcuts", "SceneIntentsFeatures", "SceneIntents", "Assistant", "SceneIntentsStore",
                "SceneIntentsTesting", "HobsonKit", "HobsonCLI", "donation-writer",
            ]),
        .testTarget(
            name: "SceneIntentsFeaturesTests",
            dependencies: ["SceneIntentsFeatures", "SceneIntents", "SceneIntentsTesting"]),
        .target(
            name: "AssistantDaemon",
            dependencies: [
                "Assistant", "AssistantService", "AssistantShortcuts", "SceneIntents", "SceneIntentsTransport", "SceneIntentsShell",
            ]),
        .executableTarget(
            name: "assistantd",
            dependencies: ["AssistantDaemon", "AssistantService", "Assistant", "SceneIntentsTransport", "CommandLineOptions"],
            path: "Sources/assistantd"),
        .executableTarget(
            name: "assistant", dependencies: ["AssistantDaemon", "Assistant", "SceneIntentsTransport", "CommandLineOptions", "SceneIntentsCommandLine"],
            path: "Sources/AssistantClient"),
        .testTarget(
            name: "AssistantDaemonTests",
            dependencies: [
                "AssistantDaemon", "Assistant", "AssistantService", "AssistantShortcuts", "SceneIntents", "SceneIntentsTesting",
                "SceneIntentsTransport", "SceneIntentsWire", "RecipeAssistantKit", "assistantd", "assistant", "recipe-assistant-app",
                "TestFixtures", "kitchen-host", "kitchen-extension", "HobsonKit", "HydratorKit", "IntentDefinition",
                "RecipeAssistantCLI", "HobsonCLI", "HydratorShell",
            ]),
        // Hydrator with its intent declared with App Intents' API (the README counts its lines).
        .target(
            name: "AppIntentsFixtures", dependencies: ["SceneAppIntents", "SceneIntents", "HydratorKit"],
            path: "Tests/AppIntentsFixtures"),
        // The Timers demo: every intent declared with App Intents' API (`SceneAppIntents`).
        .target(name: "TimersKit", dependencies: ["SceneAppIntents", "SceneIntents", "SceneIntentsCommandLine"], path: "Demos/Timers/Kit"),
        .executableTarget(
            name: "timers-app", dependencies: ["TimersKit", "SceneIntentsHost", "SceneIntentsCommandLine"], path: "Demos/Timers/AppHost"),
        .target(
            name: "TimersCLI", dependencies: ["TimersKit", "SceneIntents", "Assistant", "SceneIntentsShell"], path: "Demos/Timers/CLI"),
        .executableTarget(name: "timers", dependencies: ["TimersCLI"], path: "Demos/Timers/Main"),
        // App Intents files in the Swift 5 language mode most such code was written in.
        .target(
            name: "AppIntentsSwift5Corpus", dependencies: ["SceneAppIntents"], path: "Tests/AppIntentsSwift5Corpus",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(
            name: "appintents-hydrator", dependencies: ["AppIntentsFixtures", "HydratorKit", "SceneIntentsHost"],
            path: "Tests/Helpers/AppIntentsHydrator"),
        .executableTarget(
            name: "appintents-hydrator-intents", dependencies: ["AppIntentsFixtures", "HydratorKit", "SceneIntentsHost"],
            path: "Tests/Helpers/AppIntentsHydratorIntents"),
        .testTarget(
            name: "SceneAppIntentsTests",
            dependencies: [
                "SceneAppIntents", "SceneIntents", "Assistant", "SceneIntentsTesting", "AppIntentsFixtures", "HydratorKit",
                "AssistantService", "SceneIntentsTransport", "IntentDefinition", "appintents-hydrator", "appintents-hydrator-intents",
                "AppIntentsSwift5Corpus", "TimersKit", "timers", "timers-app", "AssistantShortcuts",
            ]),
        .target(
            name: "HydratorKit",
            dependencies: ["SceneIntents", "SceneIntentsStore", "SceneIntentsCommandLine"],
            path: "Demos/Hydrator/Kit", plugins: ["IntentGenPlugin"]),
        .target(
            name: "HydratorShell",
            dependencies: ["HydratorKit", "SceneIntentsShell", "Assistant"],
            path: "Demos/Hydrator/Shell"),
        .executableTarget(
            name: "hydrator-app", dependencies: ["HydratorKit", "SceneIntents", "SceneIntentsHost", "SceneIntentsCommandLine"],
            path: "Demos/Hydrator/AppHost"),
        .executableTarget(name: "hydrator", dependencies: ["HydratorShell"], path: "Demos/Hydrator/Main"),
        .executableTarget(
            name: "hydrator-intents", dependencies: ["HydratorKit", "SceneIntentsHost"], path: "Demos/Hydrator/Extension"),
        .testTarget(
            name: "HydratorTests",
            dependencies: [
                "HydratorKit", "HydratorShell", "Assistant", "SceneIntents", "SceneIntentsStore", "SceneIntentsTesting",
                "SceneIntentsShell", "AssistantService", "SceneIntentsTransport", "TestFixtures",
                "hydrator-app", "hydrator", "hydrator-intents", "assistantd", "assistant",
            ]),
        // The file I/O the tools, the store, the shells and the registry share (write-all,
        // `mkdir -p`, durable replace, bounded read): no dependencies, so the lowest can use it.
        .target(name: "DurableFiles"),
        // Bundling: `swift package bundle-app` (the plugin) builds the products and runs
        // `bundle-app-tool`, which lays out the bundle and has each executable write its data.
        .executableTarget(
            name: "bundle-app-tool", dependencies: ["DurableFiles", "PropertyListSafety", "SceneIntents", "CommandLineOptions"], path: "Sources/BundleAppTool"),
        .plugin(
            name: "BundleAppPlugin",
            capability: .command(
                intent: .custom(verb: "bundle-app", description: "Lays out an app bundle (.app with its .appex extensions) from executable products")),
            dependencies: ["bundle-app-tool"]),
        .testTarget(
            name: "BundleAppToolTests",
            dependencies: [
                "bundle-app-tool", "SceneIntentsTesting", "hobson-app", "hobson-intents", "hydrator-app", "hydrator-intents",
                "recipe-assistant-app", "floor-hello", "kitchen-extension", "SceneIntents", "IntentDefinition",
            ]),
        // The process message protocol's encoding: only the two process runtimes (`SceneIntentsHost`,
        // `AssistantService`) link it; an app that runs in process does not.
        .target(name: "SceneIntentsWire", dependencies: ["SceneIntents"]),
        .testTarget(name: "SceneIntentsWireTests", dependencies: ["SceneIntentsWire", "SceneIntents", "TestFixtures"]),
        // An app process's command line and the text a terminal shows, without the assistant: what
        // an app host and an app's own commands use; `SceneIntentsShell` builds its REPL on it.
        .target(name: "SceneIntentsCommandLine", dependencies: ["SceneIntents", "SceneIntentsWire", "CommandLineOptions", "DurableFiles"]),
        // Every executable's command line: one option type, one parser, one help generator, one
        // usage error (no dependencies, so a build tool such as `intentgen` stays light).
        .target(name: "CommandLineOptions"),
        .testTarget(
            name: "CommandLineOptionsTests", dependencies: ["CommandLineOptions", "SceneIntentsTesting", "intentgen", "bundle-app-tool"]),
        // Hobson's command-line front end: the assistant, the shortcuts store and the REPL in front
        // of the app (`HobsonKit`), in this process or in its own.
        .target(
            name: "HobsonCLI",
            dependencies: [
                "HobsonKit", "SceneIntents", "SceneIntentsFeatures", "Assistant", "AssistantShortcuts", "SceneIntentsStore",
                "SceneIntentsShell",
            ],
            path: "Demos/Hobson/CLI"),
        // The Recipe Assistant's command-line front end: the assistant and the REPL in front of the
        // app (`RecipeAssistantKit`), in this process or in its own.
        .target(
            name: "RecipeAssistantCLI",
            dependencies: [
                "RecipeAssistantKit", "SceneIntents", "Assistant", "AssistantService", "SceneIntentsTransport", "SceneIntentsShell",
            ],
            path: "Demos/RecipeAssistant/CLI"),
        .testTarget(
            name: "SceneIntentsCommandLineTests", dependencies: ["SceneIntentsCommandLine", "SceneIntents", "SceneIntentsTesting"]),
        // One side per module: reads the `import` lines of Sources/ and Demos/ (no dependencies).
        .testTarget(name: "ModuleSidesTests"),
    ]
)

// Every target compiles in Swift 6 language mode with complete strict concurrency and treats any
// warning as an error, so a warning can never land: said once, here, for every target of code.
for target in package.targets where target.type != .plugin && target.type != .system {
    target.swiftSettings = [.treatAllWarnings(as: .error)] + (target.swiftSettings ?? [])
}
