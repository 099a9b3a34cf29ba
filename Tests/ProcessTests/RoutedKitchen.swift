import Assistant
import AssistantService
import Foundation
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import TestFixtures

/// An installed kitchen: `Kitchen.app` (its host is `kitchen-host`) with the intents extension
/// `Kitchen Intents.appex` (`kitchen-extension`), written to a temporary apps folder and read
/// by the registry, as the daemon reads installed apps; a `RoutedConnection` to it and an
/// assistant on the real clock. The app lists `OrderSoupIntent` and `OpenSafeIntent` (restricted
/// while locked), the extension `OrderSoupIntent` and `UnlistedIntent`.
struct RoutedKitchen {
    let appsFolder: String
    let directory: RuntimeDirectory
    let bundle: AppBundle
    let device = Device()
    let connection: RoutedConnection
    let assistant: Assistant
    let user: ScriptedUser

    /// `budget` is each phase's; `hostBudget` each host's to answer a system event, and
    /// `launchBudget` its time to connect after its spawn. Both are generous unless a test is about them: a cold spawn on a loaded machine
    /// can take seconds.
    init(
        mode: String = "normal", extensionIdleExit: Duration? = nil, budget: Duration = .seconds(60),
        hostBudget: Duration = .seconds(60), launchBudget: Duration = .seconds(60), sessions: SessionStore? = nil
    ) throws {
        let unique = "\(getpid())-\(OneTimeToken.generate().value.prefix(8))"
        appsFolder = "/tmp/si-apps-\(unique)"
        try Self.install(in: appsFolder)
        let registry = BundleRegistry(appsFolders: [appsFolder], executableSearchDirectories: [BuiltProducts.directory])
        guard registry.diagnostics.isEmpty, let bundle = registry.app(named: "Kitchen") else {
            throw FixtureError(description: "the kitchen bundle was not read: \(registry.diagnostics)")
        }
        self.bundle = bundle
        directory = try RuntimeDirectory.prepare("/tmp/si-routed-\(unique)")
        connection = try RoutedConnection(
            bundle: bundle, catalog: try Kitchen.catalog(), device: device, runtimeDirectory: directory,
            environment: ["KITCHEN_MODE": mode], extensionIdleExit: extensionIdleExit, budget: hostBudget,
            launchBudget: launchBudget, sessions: sessions)
        user = ScriptedUser([])
        var configuration = AssistantConfiguration()
        configuration.phaseBudget = budget
        assistant = Assistant(
            connection: connection, user: user, device: device, clock: .continuous(), configuration: configuration)
    }

    /// The extension's process connection.
    var plugIn: ProcessConnection { connection.extensions[0].connection }

    /// The trace's lines without instants, pids and milliseconds.
    var lines: [String] { assistant.trace.events.map { withoutNumbers("\($0.kind.rawValue): \($0.detail)") } }

    /// The trace's lines of one kind, without pids and milliseconds.
    func lines(_ kind: TraceEvent.Kind) -> [String] {
        assistant.trace.events.filter { $0.kind == kind }.map { withoutNumbers($0.detail) }
    }

    /// Whether neither the app nor the extension has a process (every child reaped).
    func noHostRuns() async -> Bool {
        let app = await connection.app.processIdentifier
        let plugIn = await plugIn.processIdentifier
        return app == nil && plugIn == nil
    }

    func finish() async {
        await connection.close(grace: .seconds(1))
        try? FileManager.default.removeItem(atPath: directory.path)
        try? FileManager.default.removeItem(atPath: appsFolder)
    }

    /// Writes the two bundles' `Info.plist` files (the executables are found beside the tests).
    static func install(in folder: String) throws {
        let app = "\(folder)/Kitchen.app"
        let plugIn = "\(app)/PlugIns/Kitchen Intents.appex"
        try FileManager.default.createDirectory(atPath: plugIn, withIntermediateDirectories: true)
        let appInfo: [String: Any] = [
            "CFBundleIdentifier": "com.example.Kitchen", "CFBundleName": "Kitchen", "CFBundleExecutable": "kitchen-host",
            "INIntentsSupported": ["OrderSoupIntent", "OpenSafeIntent"],
            "INIntentsRestrictedWhileLocked": ["OpenSafeIntent"],
            "NSUserActivityTypes": ["OrderSoupIntent", "OpenSafeIntent"],
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [
                        ["UISceneConfigurationName": "Default", "UISceneDelegateClassName": "KitchenSceneDelegate"]
                    ]
                ],
            ],
        ]
        let plugInInfo: [String: Any] = [
            "CFBundleIdentifier": "com.example.Kitchen.Intents", "CFBundleName": "Kitchen Intents",
            "CFBundleExecutable": "kitchen-extension",
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.intents-service",
                "NSExtensionAttributes": ["IntentsSupported": ["OrderSoupIntent", "UnlistedIntent"]],
            ],
        ]
        for (path, info) in [(app, appInfo), (plugIn, plugInInfo)] {
            let data = try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            try data.write(to: URL(fileURLWithPath: "\(path)/Info.plist"))
        }
    }
}

/// The fixture could not be set up.
struct FixtureError: Error, CustomStringConvertible {
    let description: String
}
