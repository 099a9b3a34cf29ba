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
        .library(name: "Assistant", targets: ["Assistant"]),
        .library(name: "SceneIntentsTesting", targets: ["SceneIntentsTesting"]),
        .executable(name: "recipe-assistant", targets: ["recipe-assistant"]),
        .executable(name: "intent-bench", targets: ["IntentBench"]),
        .library(name: "SceneIntentsTransport", targets: ["SceneIntentsTransport"]),
    ],
    targets: [
        .target(name: "SceneIntents", swiftSettings: strict),
        .target(name: "Assistant", dependencies: ["SceneIntents"], swiftSettings: strict),
        .target(
            name: "SceneIntentsTesting", dependencies: ["SceneIntents", "Assistant"],
            swiftSettings: strict),
        .target(
            name: "RecipeAssistantKit", dependencies: ["SceneIntents", "Assistant"],
            path: "Demos/RecipeAssistant/Kit",
            resources: [.copy("Resources")],
            swiftSettings: strict),
        .executableTarget(
            name: "recipe-assistant", dependencies: ["RecipeAssistantKit"],
            path: "Demos/RecipeAssistant/Main", swiftSettings: strict),
        .executableTarget(
            name: "IntentBench",
            dependencies: ["SceneIntents", "Assistant", "RecipeAssistantKit", "SceneIntentsTransport"],
            swiftSettings: strict),
        .executableTarget(name: "floor-hello", path: "Sources/FloorHello", swiftSettings: strict),
        .target(name: "SceneIntentsTransport", swiftSettings: strict),
        .executableTarget(
            name: "transport-peer", dependencies: ["SceneIntentsTransport"], path: "Sources/TransportPeer",
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
            dependencies: ["Assistant", "SceneIntents", "SceneIntentsTesting", "TestFixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "RecipeAssistantTests",
            dependencies: ["RecipeAssistantKit", "Assistant", "SceneIntents", "SceneIntentsTesting"],
            swiftSettings: strict),
    ]
)
