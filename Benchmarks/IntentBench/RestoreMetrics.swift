import Assistant
import AssistantService
import Foundation
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTransport

/// The Recipe Assistant relaunched with 100 sessions kept for it (`launch.restore@100`): a
/// `ProcessConnection` keeping its sessions in a store of its own, which each round fills again
/// (not timed) with the same 100 records, so every relaunch restores the same thing.
///
/// The records are the app's own kind (the place, a recipe and a step, in `userInfo` and in its
/// viewing activity, about 500 bytes each), so each scene comes back at its directions. The
/// most recently active one was on screen and the other 99 in the background,
/// so all 100 scenes reconnect at the relaunch: the heaviest restoration an app with 100
/// sessions meets (a session whose scene was disconnected only comes back in `openSessions`).
@MainActor
struct RestoringRecipeApp {
    static let sessionCount = 100
    let folder: String
    let store: SessionStore
    let connection: ProcessConnection

    init(runtimeDirectory: RuntimeDirectory) throws {
        folder = "/tmp/intent-bench-sessions-\(getpid())"
        store = try SessionStore(directory: folder)
        connection = try ProcessConnection(
            launch: LaunchCommand(executable: try builtProduct("recipe-assistant-app").path), appName: RecipeAssistantApp.name,
            manifest: try RecipeAssistantApp.bundledManifest(), catalog: RecipeAssistantApp.catalog,
            runtimeDirectory: runtimeDirectory, socketName: "restoring.sock",
            sessions: SessionKeeping(store: store, bundleIdentifier: Self.bundleIdentifier))
    }

    static let bundleIdentifier = "com.example.RecipeAssistant"

    /// The 100 records, as the app would have left them.
    static let records: [SessionRecord] = {
        let recipes = RecipeBook.demo().featured
        let configuration = SceneConfiguration(name: "Default Configuration", delegateClassName: "RecipeSceneDelegate")
        return (1...sessionCount).map { number in
            let recipe = recipes[number % recipes.count]
            // What the app keeps: the place in the session's userInfo (as it changed) and in
            // the restoration activity (when the scene left the screen), at a step it has.
            let place = RecipePlace(recipe: recipe.identifier, step: recipe.directions.isEmpty ? nil : number % recipe.directions.count)
            var content = UserActivity.Content(activityType: RecipeSceneDelegate.viewingActivityType)
            content.title = recipe.title
            content.userInfo = place.userInfo
            content.requiredUserInfoKeys = ["recipe"]
            return SessionRecord(
                persistentIdentifier: "session-\(number)", configuration: configuration, userInfo: place.userInfo,
                stateRestorationActivity: UserActivity(content: content),
                activationState: number == sessionCount ? .foregroundActive : .background, lastActivation: UInt64(number))
        }
    }()

    /// Puts back the 100 records (whatever the last relaunch and stop changed): one write.
    func refill() throws {
        try? FileManager.default.removeItem(atPath: "\(folder)/\(Self.bundleIdentifier).sessions")
        try store.apply(Self.records.map { .saved($0) }, for: Self.bundleIdentifier)
        let kept = try store.restoration(for: Self.bundleIdentifier)
        guard kept.restoration.sessions.count == Self.sessionCount, kept.skipped.isEmpty else {
            throw BenchError("the session store kept \(kept.restoration.sessions.count) sessions, skipped \(kept.skipped)")
        }
    }

    func close() async {
        await connection.close()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
