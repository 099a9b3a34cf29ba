// swift-tools-version: 6.2
import PackageDescription

/// Every target compiles in Swift 6 language mode with complete strict concurrency and treats
/// any warning as an error, so a warning can never land.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "SceneIntents",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SceneIntents", targets: ["SceneIntents"]),
        .library(name: "SceneAppIntents", targets: ["SceneAppIntents"]),
        .library(name: "Assistant", targets: ["Assistant"]),
        .library(name: "SceneIntentsTesting", targets: ["SceneIntentsTesting"]),
        .executable(name: "recipe-assistant", targets: ["recipe-assistant"]),
        .executable(name: "recipe-assistant-app", targets: ["recipe-assistant-app"]),
        .executable(name: "intent-bench", targets: ["IntentBench"]),
        .library(name: "SceneIntentsStore", targets: ["SceneIntentsStore"]),
        .library(name: "IntentDefinition", targets: ["IntentDefinition"]),
        .executable(name: "intentgen", targets: ["intentgen"]),
        .plugin(name: "IntentGenPlugin", targets: ["IntentGenPlugin"]),
        .library(name: "SceneIntentsTransport", targets: ["SceneIntentsTransport"]),
        .library(name: "SceneIntentsShell", targets: ["SceneIntentsShell"]),
        .library(name: "SceneIntentsCommandLine", targets: ["SceneIntentsCommandLine"]),
        .library(name: "SceneIntentsFeatures", targets: ["SceneIntentsFeatures"]),
        .library(name: "AssistantShortcuts", targets: ["AssistantShortcuts"]),
        .executable(name: "hobson", targets: ["hobson"]),
        .executable(name: "hobson-app", targets: ["hobson-app"]),
        .executable(name: "hobson-intents", targets: ["hobson-intents"]),
        .library(name: "AssistantDaemon", targets: ["AssistantDaemon"]),
        .library(name: "SceneIntentsHost", targets: ["SceneIntentsHost"]),
        .library(name: "AssistantService", targets: ["AssistantService"]),
        .plugin(name: "bundle-app", targets: ["BundleAppPlugin"]),
        .executable(name: "assistantd", targets: ["assistantd"]),
        .executable(name: "assistant", targets: ["assistant"]),
        .executable(name: "timers", targets: ["timers"]),
        .executable(name: "timers-app", targets: ["timers-app"]),
    ],
    targets: [
        .target(name: "SceneIntents", dependencies: ["PropertyListSafety", "DurableFiles"], swiftSettings: strict),
        // App Intents' API (`AppIntent`, `@Parameter`, `AppEnum`, `AppEntity`, shortcuts) over the
        // engine: `AppIntentsCatalog` turns the declarations into `SceneIntents`' schemas.
        .target(name: "SceneAppIntents", dependencies: ["SceneIntents"], swiftSettings: strict),
        // The assistant's async functions run on their caller's actor (see `Assistant`): from the
        // main actor a request does not leave it. Changing this setting changes how these
        // functions are called, and SwiftPM does not rebuild the modules that call them: remove
        // `.build` after changing it.
        .target(
            name: "Assistant", dependencies: ["SceneIntents"],
            swiftSettings: strict + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        .target(
            name: "SceneIntentsTesting", dependencies: ["SceneIntents", "Assistant", "SceneIntentsWire"],
            swiftSettings: strict),
        .target(
            name: "RecipeAssistantKit", dependencies: ["SceneIntents", "SceneIntentsCommandLine"],
            path: "Demos/RecipeAssistant/Kit",
            resources: [.copy("Resources")],
            swiftSettings: strict, plugins: ["IntentGenPlugin"]),
        .executableTarget(
            name: "recipe-assistant", dependencies: ["RecipeAssistantCLI"],
            path: "Demos/RecipeAssistant/Main", swiftSettings: strict),
        .target(name: "PingKit", dependencies: ["SceneIntents"], path: "Tests/Helpers/PingKit", swiftSettings: strict),
        .executableTarget(
            name: "ping-host", dependencies: ["PingKit", "SceneIntents", "SceneIntentsHost"], path: "Tests/Helpers/PingHost",
            swiftSettings: strict),
        .executableTarget(
            name: "IntentBench",
            dependencies: [
                "SceneIntents", "Assistant", "RecipeAssistantKit", "PingKit", "AssistantService", "SceneIntentsStore",
                "SceneIntentsTransport", "SceneIntentsWire",
                "AssistantDaemon",
                "HydratorKit", "CommandLineOptions",
            ],
            path: "Benchmarks/IntentBench", swiftSettings: strict),
        .executableTarget(name: "floor-hello", path: "Tests/Helpers/FloorHello", swiftSettings: strict),
        .target(name: "PropertyListSafety", swiftSettings: strict),
        .target(name: "IntentDefinition", dependencies: ["PropertyListSafety", "SceneIntents", "DurableFiles"], swiftSettings: strict),
        .executableTarget(
            name: "intentgen", dependencies: ["IntentDefinition", "DurableFiles", "CommandLineOptions"], path: "Sources/IntentGen",
            swiftSettings: strict),
        .plugin(name: "IntentGenPlugin", capability: .buildTool(), dependencies: ["intentgen"]),
        .target(
            name: "IntentGenFixtures", dependencies: ["SceneIntents"], path: "Tests/IntentGenFixtures",
            exclude: ["Definitions/README.md"],
            swiftSettings: strict, plugins: ["IntentGenPlugin"]),
        .testTarget(
            name: "IntentDefinitionTests",
            dependencies: [
                "IntentDefinition", "intentgen", "IntentGenFixtures", "SceneIntents", "Assistant", "TestFixtures",
                "RecipeAssistantKit", "SceneIntentsTesting",
            ],
            resources: [.copy("Golden"), .copy("Definitions")],
            swiftSettings: strict),
        .systemLibrary(name: "CEpoll"),
        .target(name: "SceneIntentsTransport", dependencies: ["CEpoll"], swiftSettings: strict),
        .target(
            name: "SceneIntentsHost",
            dependencies: [
                "SceneIntents", "SceneIntentsWire", "SceneIntentsTransport", "DurableFiles", "IntentDefinition", "SceneIntentsCommandLine",
            ],
            swiftSettings: strict),
        .target(
            name: "AssistantService",
            dependencies: [
                "Assistant", "SceneIntents", "SceneIntentsWire", "SceneIntentsTransport", "PropertyListSafety", "IntentDefinition",
                "DurableFiles", "SceneIntentsStore",
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "transport-peer", dependencies: ["SceneIntentsTransport"], path: "Tests/Helpers/TransportPeer",
            swiftSettings: strict),
        .testTarget(
            name: "SceneIntentsTransportTests", dependencies: ["SceneIntentsTransport", "transport-peer"],
            swiftSettings: strict),
        .target(
            name: "TestFixtures", dependencies: ["SceneIntents"], path: "Tests/TestFixtures",
            swiftSettings: strict),
        .testTarget(
            name: "SceneIntentsTests", dependencies: ["SceneIntents", "SceneIntentsTesting", "TestFixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "AssistantTests",
            dependencies: ["Assistant", "SceneIntents", "SceneIntentsWire", "SceneIntentsTesting", "TestFixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "RecipeAssistantTests",
            dependencies: [
                "RecipeAssistantKit", "RecipeAssistantCLI", "Assistant", "SceneIntents", "SceneIntentsTesting", "recipe-assistant",
                "recipe-assistant-app",
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "kitchen-host",
            dependencies: ["SceneIntents", "SceneIntentsHost", "SceneIntentsWire", "SceneIntentsTransport", "TestFixtures"],
            path: "Tests/KitchenHost", swiftSettings: strict),
        .executableTarget(
            name: "kitchen-extension", dependencies: ["SceneIntents", "SceneIntentsHost", "TestFixtures"],
            path: "Tests/KitchenExtension", swiftSettings: strict),
        .executableTarget(
            name: "ping-extension", dependencies: ["PingKit", "SceneIntentsHost"], path: "Tests/Helpers/PingExtension",
            swiftSettings: strict),
        .executableTarget(
            name: "process-leak-check",
            dependencies: ["AssistantService", "SceneIntents", "SceneIntentsTransport", "TestFixtures"],
            path: "Tests/ProcessLeakCheck", swiftSettings: strict),
        .testTarget(
            name: "ProcessTests",
            dependencies: [
                "AssistantService", "Assistant", "SceneIntents", "SceneIntentsTesting", "SceneIntentsTransport",
                "TestFixtures", "kitchen-host", "process-leak-check",
                "kitchen-extension", "SceneIntentsHost", "SceneIntentsWire", "IntentDefinition",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "AssistantServiceTests", dependencies: ["AssistantService", "SceneIntents", "SceneIntentsStore"],
            swiftSettings: strict),
        .target(name: "SceneIntentsStore", dependencies: ["DurableFiles"], swiftSettings: strict),
        .executableTarget(
            name: "recipe-assistant-app",
            dependencies: ["RecipeAssistantKit", "SceneIntents", "SceneIntentsHost", "SceneIntentsCommandLine"],
            path: "Demos/RecipeAssistant/AppHost", swiftSettings: strict),
        .executableTarget(
            name: "store-writer", dependencies: ["SceneIntentsStore", "CommandLineOptions"], path: "Tests/Helpers/StoreWriter",
            swiftSettings: strict),
        .testTarget(
            name: "SceneIntentsStoreTests", dependencies: ["SceneIntentsStore", "store-writer"],
            swiftSettings: strict),
        .target(
            name: "SceneIntentsShell", dependencies: ["Assistant", "AssistantService", "SceneIntentsCommandLine", "SceneIntentsTransport"],
            swiftSettings: strict),
        .testTarget(
            name: "SceneIntentsShellTests",
            dependencies: ["SceneIntentsShell", "Assistant", "SceneIntents", "SceneIntentsTesting", "TestFixtures"],
            swiftSettings: strict),
        .target(name: "SceneIntentsFeatures", dependencies: ["SceneIntents"], swiftSettings: strict),
        .target(
            name: "AssistantShortcuts",
            dependencies: ["SceneIntentsStore", "SceneIntents", "Assistant"],
            swiftSettings: strict),
        .target(
            name: "HobsonKit", dependencies: ["SceneIntents", "SceneIntentsFeatures", "SceneIntentsCommandLine"],
            path: "Demos/Hobson/Kit", resources: [.copy("Resources")], swiftSettings: strict),
        .executableTarget(
            name: "hobson", dependencies: ["HobsonCLI", "SceneIntentsShell", "hobson-app", "hobson-intents"],
            path: "Demos/Hobson/Main", swiftSettings: strict),
        .executableTarget(
            name: "hobson-intents", dependencies: ["HobsonKit", "SceneIntents", "SceneIntentsFeatures", "SceneIntentsHost"],
            path: "Demos/Hobson/Extension", swiftSettings: strict),
        .executableTarget(
            name: "hobson-app", dependencies: ["HobsonKit", "SceneIntents", "SceneIntentsHost", "SceneIntentsCommandLine"],
            path: "Demos/Hobson/AppHost",
            swiftSettings: strict),
        .testTarget(
            name: "HobsonTests",
            dependencies: [
                "HobsonKit", "SceneIntents", "SceneIntentsFeatures", "Assistant", "AssistantShortcuts", "SceneIntentsTesting",
                "AssistantService", "HobsonCLI", "hobson", "hobson-app",
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "donation-writer", dependencies: ["AssistantShortcuts", "HobsonKit", "HobsonCLI", "SceneIntents"],
            path: "Tests/DonationWriter", swiftSettings: strict),
        .testTarget(
            name: "AssistantShortcutsTests",
            dependencies: [
                "AssistantShortcuts", "SceneIntentsFeatures", "SceneIntents", "Assistant", "SceneIntentsStore",
                "SceneIntentsTesting", "HobsonKit", "HobsonCLI", "donation-writer",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "SceneIntentsFeaturesTests",
            dependencies: ["SceneIntentsFeatures", "SceneIntents", "SceneIntentsTesting"],
            swiftSettings: strict),
        .target(
            name: "AssistantDaemon",
            dependencies: ["Assistant", "AssistantService", "SceneIntents", "SceneIntentsTransport", "SceneIntentsShell"],
            swiftSettings: strict),
        .executableTarget(
            name: "assistantd",
            dependencies: ["AssistantDaemon", "AssistantService", "Assistant", "SceneIntentsTransport", "CommandLineOptions"],
            path: "Sources/assistantd", swiftSettings: strict),
        .executableTarget(
            name: "assistant", dependencies: ["AssistantDaemon", "Assistant", "SceneIntentsTransport", "CommandLineOptions", "SceneIntentsCommandLine"],
            path: "Sources/AssistantClient", swiftSettings: strict),
        .testTarget(
            name: "AssistantDaemonTests",
            dependencies: [
                "AssistantDaemon", "Assistant", "AssistantService", "SceneIntents", "SceneIntentsTesting",
                "SceneIntentsTransport", "SceneIntentsWire", "RecipeAssistantKit", "assistantd", "assistant", "recipe-assistant-app",
                "TestFixtures", "kitchen-host", "kitchen-extension", "HobsonKit", "HydratorKit", "IntentDefinition",
                "RecipeAssistantCLI", "HobsonCLI", "HydratorShell",
            ],
            swiftSettings: strict),
        // Hydrator with its intent declared with App Intents' API (the README counts its lines).
        .target(
            name: "AppIntentsFixtures", dependencies: ["SceneAppIntents", "SceneIntents", "HydratorKit"],
            path: "Tests/AppIntentsFixtures", swiftSettings: strict),
        // The Timers demo: every intent declared with App Intents' API (`SceneAppIntents`).
        .target(name: "TimersKit", dependencies: ["SceneAppIntents", "SceneIntents", "SceneIntentsCommandLine"], path: "Demos/Timers/Kit", swiftSettings: strict),
        .executableTarget(
            name: "timers-app", dependencies: ["TimersKit", "SceneIntentsHost", "SceneIntentsCommandLine"], path: "Demos/Timers/AppHost", swiftSettings: strict),
        .target(
            name: "TimersCLI", dependencies: ["TimersKit", "SceneIntents", "Assistant", "SceneIntentsShell"], path: "Demos/Timers/CLI",
            swiftSettings: strict),
        .executableTarget(name: "timers", dependencies: ["TimersCLI"], path: "Demos/Timers/Main", swiftSettings: strict),
        // App Intents files in the Swift 5 language mode most such code was written in.
        .target(
            name: "AppIntentsSwift5Corpus", dependencies: ["SceneAppIntents"], path: "Tests/AppIntentsSwift5Corpus",
            swiftSettings: strict + [.swiftLanguageMode(.v5)]),
        .executableTarget(
            name: "appintents-hydrator", dependencies: ["AppIntentsFixtures", "HydratorKit", "SceneIntentsHost"],
            path: "Tests/Helpers/AppIntentsHydrator", swiftSettings: strict),
        .executableTarget(
            name: "appintents-hydrator-intents", dependencies: ["AppIntentsFixtures", "HydratorKit", "SceneIntentsHost"],
            path: "Tests/Helpers/AppIntentsHydratorIntents", swiftSettings: strict),
        .testTarget(
            name: "SceneAppIntentsTests",
            dependencies: [
                "SceneAppIntents", "SceneIntents", "Assistant", "SceneIntentsTesting", "AppIntentsFixtures", "HydratorKit",
                "AssistantService", "SceneIntentsTransport", "IntentDefinition", "appintents-hydrator", "appintents-hydrator-intents",
                "AppIntentsSwift5Corpus", "TimersKit", "timers", "timers-app",
            ],
            swiftSettings: strict),
        .target(
            name: "HydratorKit",
            dependencies: ["SceneIntents", "SceneIntentsStore", "SceneIntentsCommandLine"],
            path: "Demos/Hydrator/Kit", swiftSettings: strict, plugins: ["IntentGenPlugin"]),
        .target(
            name: "HydratorShell",
            dependencies: ["HydratorKit", "SceneIntentsShell", "Assistant"],
            path: "Demos/Hydrator/Shell", swiftSettings: strict),
        .executableTarget(
            name: "hydrator-app", dependencies: ["HydratorKit", "SceneIntents", "SceneIntentsHost", "SceneIntentsCommandLine"],
            path: "Demos/Hydrator/AppHost", swiftSettings: strict),
        .executableTarget(
            name: "hydrator", dependencies: ["HydratorShell"], path: "Demos/Hydrator/Main", swiftSettings: strict),
        .executableTarget(
            name: "hydrator-intents", dependencies: ["HydratorKit", "SceneIntentsHost"], path: "Demos/Hydrator/Extension",
            swiftSettings: strict),
        .testTarget(
            name: "HydratorTests",
            dependencies: [
                "HydratorKit", "HydratorShell", "Assistant", "SceneIntents", "SceneIntentsStore", "SceneIntentsTesting",
                "SceneIntentsShell", "AssistantService", "SceneIntentsTransport", "TestFixtures",
                "hydrator-app", "hydrator", "hydrator-intents", "assistantd", "assistant",
            ],
            swiftSettings: strict),
        // The file I/O the tools, the store, the shells and the registry share (write-all,
        // `mkdir -p`, durable replace, bounded read): no dependencies, so the lowest can use it.
        .target(name: "DurableFiles", swiftSettings: strict),
        // Bundling: `swift package bundle-app` (the plugin) builds the products and runs
        // `bundle-app-tool`, which lays out the bundle and has each executable write its data.
        .executableTarget(
            name: "bundle-app-tool", dependencies: ["DurableFiles", "PropertyListSafety", "SceneIntents", "CommandLineOptions"], path: "Sources/BundleAppTool",
            swiftSettings: strict),
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
            ],
            swiftSettings: strict),
        // The process message protocol's encoding: only the two process runtimes (`SceneIntentsHost`,
        // `AssistantService`) link it; an app that runs in process does not.
        .target(name: "SceneIntentsWire", dependencies: ["SceneIntents"], swiftSettings: strict),
        .testTarget(
            name: "SceneIntentsWireTests", dependencies: ["SceneIntentsWire", "SceneIntents", "TestFixtures"],
            swiftSettings: strict),
        // An app process's command line and the text a terminal shows, without the assistant: what
        // an app host and an app's own commands use; `SceneIntentsShell` builds its REPL on it.
        .target(name: "SceneIntentsCommandLine", dependencies: ["SceneIntents", "SceneIntentsWire", "CommandLineOptions", "DurableFiles"], swiftSettings: strict),
        // Every executable's command line: one option type, one parser, one help generator, one
        // usage error (no dependencies, so a build tool such as `intentgen` stays light).
        .target(name: "CommandLineOptions", swiftSettings: strict),
        .testTarget(
            name: "CommandLineOptionsTests", dependencies: ["CommandLineOptions", "SceneIntentsTesting", "intentgen", "bundle-app-tool"],
            swiftSettings: strict),
        // Hobson's command-line front end: the assistant, the shortcuts store and the REPL in front
        // of the app (`HobsonKit`), in this process or in its own.
        .target(
            name: "HobsonCLI",
            dependencies: [
                "HobsonKit", "SceneIntents", "SceneIntentsFeatures", "Assistant", "AssistantShortcuts", "SceneIntentsStore",
                "SceneIntentsShell",
            ],
            path: "Demos/Hobson/CLI", swiftSettings: strict),
        // The Recipe Assistant's command-line front end: the assistant and the REPL in front of the
        // app (`RecipeAssistantKit`), in this process or in its own.
        .target(
            name: "RecipeAssistantCLI",
            dependencies: [
                "RecipeAssistantKit", "SceneIntents", "Assistant", "AssistantService", "SceneIntentsTransport", "SceneIntentsShell",
            ],
            path: "Demos/RecipeAssistant/CLI", swiftSettings: strict),
        .testTarget(
            name: "SceneIntentsCommandLineTests", dependencies: ["SceneIntentsCommandLine", "SceneIntents", "SceneIntentsTesting"],
            swiftSettings: strict),
        // One side per module: reads the `import` lines of Sources/ and Demos/ (no dependencies).
        .testTarget(name: "ModuleSidesTests", swiftSettings: strict),
    ]
)
