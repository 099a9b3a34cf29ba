import Assistant
import RecipeAssistantKit
import SceneIntents
import SceneIntentsShell

/// The Recipe Assistant as a `Shell` drives it: where the app runs (`AppPlace`), the device
/// the lock commands act on, and the assistant in front of the app.
@MainActor
public final class RecipeSession: ShellApp {
    let place: AppPlace
    let device: Device
    /// The assistant in front of the app.
    public let assistant: Assistant
    /// The app's phrases (in separate processes, built from the featured recipes).
    public let vocabulary: Vocabulary

    /// A new, not yet running, Recipe Assistant: in the shell's process, or (with
    /// `separateProcesses`) in `recipe-assistant-app`, started on demand.
    public init(options: RecipeShell.Options, environment: ShellEnvironment) throws {
        let warnings = environment.warnings
        if options.separateProcesses {
            // The app's book lives in its process; the featured recipes name the entities here.
            device = Device()
            place = .separate(try AppPlace.connection(options, device: device))
            vocabulary = RecipeAssistantApp.vocabulary(featured: RecipeBook.demo().featured)
            assistant = Assistant(
                connection: place.connection, user: environment.user, device: device, clock: environment.clock,
                vocabulary: vocabulary)
        } else {
            let app = try RecipeAssistantApp(catalogSize: options.catalogSize)
            let connection = app.connect()
            place = .inProcess(app, app.driver(json: options.json), connection: connection)
            device = app.device
            vocabulary = app.vocabulary()
            assistant = app.makeAssistant(user: environment.user, clock: environment.clock, connection: connection)
            if options.catalogSize > 0 {
                app.book.buildIndexInBackground { warnings.write("recipe-assistant: \($0)") }
            }
        }
    }

    /// The foreground scene's screen, framed.
    public func screen() async -> String? {
        await place.screen()
    }

    /// Terminates the app, or stops its process and removes its socket.
    public func close() async {
        await place.close()
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
