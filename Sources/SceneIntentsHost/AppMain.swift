import Foundation
import SceneIntents
import SceneIntentsCommandLine
import SceneIntentsTransport

/// An app's host executable in one call, whichever way it was launched:
///
/// ```swift
/// AppMain(
///     name: "Kitchen", manifest: manifest, intents: [OrderSoupIntent.self],
///     sceneDelegates: ["Default": { KitchenSceneDelegate(menu: menu) }],
///     delegate: { KitchenDelegate(menu: menu) }
/// ).run()
/// ```
///
/// What it runs is the launch's `LaunchRole`: started by a user from a terminal, the app runs in
/// this process (launched by the user; each line of standard input goes to the app's command
/// hook, an `AppDriver`, and its answer is printed; `:quit` or the end of input ends it);
/// started by a system, it serves the app as its host process, or, started under an
/// extension's executable name, that intents extension. Exit statuses: 0 ended in order; 1 the
/// system's connection failed or broke; 64 an extension-only executable started by a user; 70
/// the app or extension cannot be made (a catalog or manifest error, reported on standard
/// error); 74 standard output cannot be written.
///
/// Run as `<executable> --write-bundle-data FOLDER` (`BundleDataRequest`, what the `bundle-app`
/// command does), it makes the app (or, under an extension's executable name, that extension)
/// without launching it, writes the bundle's `Info.plist` and intent data into FOLDER and exits:
/// 0 written, 70 the app cannot be made, 73 a file cannot be written, 78 no `bundleIdentifier`.
@MainActor
public struct AppMain {
    /// The app's name, as its hello, its terminal lines and the system's trace say it.
    public let name: String
    /// The app's `CFBundleIdentifier`, written into its bundle's `Info.plist`; nil: the
    /// executable cannot write bundle data (it runs as ever otherwise).
    public let bundleIdentifier: String?
    /// The app's words (phrases, slot values, its wording of the assistant's lines), written into
    /// its bundle with its intents for a system to read.
    public let words: AppVocabulary
    private let parts: Parts

    /// What the executable holds.
    private enum Parts {
        /// An app, and its extensions by executable name.
        case app(@MainActor () throws -> HostedApp, extensions: [String: @MainActor () throws -> IntentsExtension])
        /// Only an intents extension.
        case extensionOnly(@MainActor () throws -> IntentsExtension)
    }

    /// An app assembled by its own code (`makeApp`, called once, on the main actor).
    ///
    /// - Parameters:
    ///   - bundleIdentifier: the app's `CFBundleIdentifier` (see the property).
    ///   - words: the app's words (see the property).
    ///   - extensions: the app's intents extensions by executable name (their bundles'
    ///     `CFBundleExecutable`): a system launch under one of these names serves that
    ///     extension, made by its closure.
    public init(
        name: String, bundleIdentifier: String? = nil, words: AppVocabulary = AppVocabulary(),
        extensions: [String: @MainActor () throws -> IntentsExtension] = [:],
        makeApp: @escaping @MainActor () throws -> HostedApp
    ) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        self.words = words
        parts = .app(makeApp, extensions: extensions)
    }

    /// An app given by its parts: the manifest, its intent types, the scene delegate factories
    /// by configuration name and the app delegate (made once per launch).
    ///
    /// The catalog is `IntentCatalog(intents: intents)` (a type it leaves out is reported when
    /// the executable starts, and not served). A manifest that lists no intents
    /// (`intentsSupported` empty) is given the catalog's, so the list is written once; list them
    /// in the manifest to handle fewer in the app (the rest in an extension).
    ///
    /// - Parameters:
    ///   - bundleIdentifier: the app's `CFBundleIdentifier` (see the property).
    ///   - words: the app's words (see the property).
    ///   - commands: the app's automation hook, made from its host (see `HostedApp.commands`).
    ///   - extensions: as in `init(name:bundleIdentifier:words:extensions:makeApp:)`.
    public init(
        name: String, bundleIdentifier: String? = nil, words: AppVocabulary = AppVocabulary(), manifest: AppManifest,
        intents: [any Intent.Type],
        sceneDelegates: [String: SceneDelegateFactory] = [:],
        delegate: @escaping @MainActor () -> any ApplicationDelegate,
        commands: (@MainActor (IntentHost) -> @MainActor (String) async throws -> String)? = nil,
        extensions: [String: @MainActor () throws -> IntentsExtension] = [:]
    ) {
        self.init(name: name, bundleIdentifier: bundleIdentifier, words: words, extensions: extensions) {
            let catalog = IntentCatalog(intents: intents)
            var manifest = manifest
            if manifest.intentsSupported.isEmpty { manifest.intentsSupported = catalog.typeNames }
            let application = Application(manifest: manifest, sceneDelegates: sceneDelegates, delegate: delegate)
            let host = IntentHost(application: application, catalog: catalog)
            return HostedApp(host, commands: commands?(host))
        }
    }

    /// An executable that is only this intents extension: a system launch serves it whatever the
    /// executable's name; a user launch says what it is and answers 64.
    public init(extension plugIn: IntentsExtension) {
        self.init(extensionNamed: plugIn.name) { plugIn }
    }

    /// An executable that is only an intents extension (made by `make`, once): a system launch
    /// serves it whatever the executable's name; a user launch says what it is and answers 64.
    public init(extensionNamed name: String, _ make: @escaping @MainActor () throws -> IntentsExtension) {
        self.name = name
        bundleIdentifier = nil
        words = AppVocabulary()
        parts = .extensionOnly(make)
    }

    /// What this launch serves (see `LaunchRole.of`).
    public func role(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = CommandLine.arguments.first ?? ""
    ) -> LaunchRole {
        switch parts {
        case .app(_, let extensions):
            LaunchRole.of(environment: environment, executable: executable, extensionExecutables: Set(extensions.keys))
        case .extensionOnly:
            LaunchRole.of(environment: environment, executable: executable, extensionExecutables: [], hasApp: false)
        }
    }

    /// Runs the launch's role on the main thread's ``MainLoop`` and exits the process with its
    /// status: what an executable's top-level code calls.
    ///
    /// Under the loop the main thread reads the system's socket itself, so each message wakes one
    /// thread instead of a reader thread and then the main actor's.
    public func run() -> Never {
        MainLoop.run { await main() }
    }

    /// Runs the launch's role and answers the exit status (see the type's summary), on whatever
    /// serves the main actor (``run()`` is this on the main loop).
    ///
    /// - Parameters:
    ///   - arguments: the command line after the program's name (only
    ///     `--write-bundle-data FOLDER` is read; an app reads its own options itself).
    ///   - input, output: the terminal's descriptors, for a launch by a user.
    public func main(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = CommandLine.arguments.first ?? "",
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO
    ) async -> Int32 {
        if let folder = BundleDataRequest.folder(in: arguments) {
            return writeBundleData(executable: (executable as NSString).lastPathComponent, to: folder)
        }
        switch (parts, role(environment: environment, executable: executable)) {
        case (.extensionOnly, .inProcess):
            ProcessExit.log(IntentsExtension.startedByUser(name))
            return 64
        case (.extensionOnly(let make), _):
            return await runExtension(make, environment: environment)
        case (.app(_, let extensions), .intentsExtension(let executable, _, _)):
            // The role names an extension only among these.
            guard let make = extensions[executable] else { return 70 }
            return await runExtension(make, environment: environment)
        case (.app(let makeApp, _), .appHost(let socket, let token)):
            guard let app = hostedApp(makeApp) else { return 70 }
            return await serve(app, socket: socket, token: token)
        case (.app(let makeApp, _), .inProcess):
            guard let app = hostedApp(makeApp) else { return 70 }
            return await TerminalSession(name: name, app: app, input: input, output: output).run()
        }
    }

    /// Writes the bundle data of the app, or of the extension `executable` names, into `folder`
    /// (see the type's summary) and answers the exit status.
    private func writeBundleData(executable: String, to folder: String) -> Int32 {
        BundleData.status(reportingAs: name) { () throws(BundleData.Failure) -> Int32 in
            switch parts {
            case .extensionOnly(let make):
                guard let plugIn = madeExtension(make) else { return 70 }
                try BundleData.writeExtension(plugIn, executable: executable, to: folder)
            case .app(_, let extensions) where extensions[executable] != nil:
                guard let make = extensions[executable], let plugIn = madeExtension(make) else { return 70 }
                try BundleData.writeExtension(plugIn, executable: executable, to: folder)
            case .app(let makeApp, _):
                guard let app = hostedApp(makeApp) else { return 70 }
                try BundleData.writeApp(
                    app, name: name, bundleIdentifier: bundleIdentifier, words: words, executable: executable, to: folder)
            }
            return 0
        }
    }

    /// The extension, or nil once the reason it cannot be made is reported.
    private func madeExtension(_ make: @MainActor () throws -> IntentsExtension) -> IntentsExtension? {
        do { return try make() } catch {
            ProcessExit.log("\(name): the intents extension cannot be made: \(error)")
            return nil
        }
    }

    /// Makes the extension and runs it (see `IntentsExtension.main`); 70 when it cannot be made.
    private func runExtension(
        _ make: @MainActor () throws -> IntentsExtension, environment: [String: String]
    ) async -> Int32 {
        guard let plugIn = madeExtension(make) else { return 70 }
        return await plugIn.main(environment: environment, arguments: [])
    }

    /// The app (with the standard commands when it brings none), or nil once the reason it
    /// cannot be made is reported.
    private func hostedApp(_ makeApp: @MainActor () throws -> HostedApp) -> HostedApp? {
        do {
            var app = try makeApp()
            if app.commands == nil { app.commands = AppDriver(name: name, application: app.host.application).run }
            ProcessExit.report(app.host.catalog, name: name)
            return app
        } catch {
            ProcessExit.log("\(name): the app cannot be served: \(error)")
            return nil
        }
    }

    /// Serves the app to the system at `socket` until told to quit (0) or until the connection
    /// fails or breaks (1).
    private func serve(_ app: HostedApp, socket: String, token: String) async -> Int32 {
        do {
            let end = try await AppProcess.serve(app.host, appName: name, socket: socket, token: token) { endpoint in
                endpoint.onCommand = app.commands
                app.serving(endpoint)
            }
            return ProcessExit.status(of: end, name: name)
        } catch {
            ProcessExit.log("\(name): \(error)")
            return 1
        }
    }
}
