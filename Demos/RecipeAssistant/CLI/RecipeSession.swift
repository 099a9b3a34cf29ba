import Assistant
import AssistantService
import Foundation
import RecipeAssistantKit
import SceneIntents
import SceneIntentsShell
import SceneIntentsTransport

/// The Recipe Assistant as a `Shell` drives it: where the app runs (`AppPlace`: in the shell's
/// process, or in `recipe-assistant-app`), the device the lock commands act on, and the
/// assistant in front of the app.
@MainActor
public final class RecipeSession: PlacedShellApp {
    /// Where the app runs.
    public let place: AppPlace
    /// The app, when it runs in the shell's process.
    public let recipeApp: RecipeAssistantApp?
    let device: Device
    /// The assistant in front of the app.
    public let assistant: Assistant
    /// The app's phrases (in separate processes, built from the featured recipes).
    public let vocabulary: Vocabulary
    /// The app's driver writes JSON Lines in JSON mode (in either process: `--json`).
    public let driverWritesJSON: Bool

    /// The name of the app's host executable, found beside the running one.
    nonisolated static let hostExecutableName = "recipe-assistant-app"

    /// A new, not yet running, Recipe Assistant: in the shell's process, or (with
    /// `separateProcesses`) in `recipe-assistant-app`, started on demand.
    public init(options: RecipeShell.Options, environment: ShellEnvironment) throws {
        let warnings = environment.warnings
        driverWritesJSON = options.json
        if options.separateProcesses {
            // The app's book lives in its process; the featured recipes name the entities here.
            device = Device()
            recipeApp = nil
            place = .separate(try Self.connection(options, device: device))
            vocabulary = RecipeAssistantApp.vocabulary(featured: RecipeBook.demo().featured)
            assistant = Assistant(
                connection: place.connection, user: environment.user, device: device, clock: environment.clock,
                vocabulary: vocabulary)
        } else {
            let app = try RecipeAssistantApp(catalogSize: options.catalogSize)
            let connection = app.connect()
            recipeApp = app
            place = .inProcess(app.driver(json: options.json), connection: connection)
            device = app.device
            vocabulary = app.vocabulary()
            assistant = app.makeAssistant(user: environment.user, clock: environment.clock, connection: connection)
            if options.catalogSize > 0 {
                app.book.buildIndexInBackground { warnings.write("recipe-assistant: \($0)") }
            }
        }
    }

    /// A connection that starts `recipe-assistant-app` (beside the running executable) with the
    /// options that matter app-side, listening in `options.runtimeDirectory` (or the default);
    /// each launch starts with `device`'s lock state, so a relaunch does not forget `:lock`. The
    /// app's scene sessions are kept in the runtime directory's `sessions` folder, so a killed
    /// app comes back where the cook was.
    private static func connection(_ options: RecipeShell.Options, device: Device) throws -> ProcessConnection {
        let executable = ((BundleRegistry.currentExecutableDirectory() ?? ".") as NSString).appendingPathComponent(hostExecutableName)
        let arguments = ["--catalog-size", String(options.catalogSize)] + (options.json ? ["--json"] : [])
        let runtime = try RuntimeDirectory.prepare(options.runtimeDirectory)
        return try ProcessConnection(
            launch: LaunchCommand(executable: executable, arguments: arguments, device: device), appName: RecipeAssistantApp.name,
            manifest: RecipeAssistantApp.bundledManifest(), catalog: RecipeAssistantApp.catalog, runtimeDirectory: runtime,
            sessions: SessionKeeping(store: SessionStore(runtimeDirectory: runtime), bundleIdentifier: RecipeAssistantApp.bundleIdentifier))
    }

    /// Locks or unlocks the device (the system's), then tells the app, whose scenes on screen go
    /// to the background with the lock and come back with the unlock.
    func lock(_ locked: Bool) async throws(AppCommandError) -> String {
        guard device.isLocked != locked else {
            return locked ? "The device is already locked." : "The device is not locked."
        }
        device.isLocked = locked
        _ = try await place.run(locked ? ":lock" : ":unlock")
        return locked ? "The device is locked." : "The device is unlocked."
    }
}
