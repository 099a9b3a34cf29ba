import AppIntentsFixtures
import TimersKit
import Assistant
import Foundation
import HydratorKit
import SceneIntents
import SceneIntentsTesting

/// A fresh folder under the temporary directory for a store; removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appending(path: "app-intents-\(UUID().uuidString)").path
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// 1 December 2026, 09:05 UTC: the instant every entry is logged at.
let morning = Date(timeIntervalSince1970: 1_796_115_900)

extension IntentTestHarness {
    /// A harness over Hydrator with its App Intent, a store in `folder`, the assistant's words
    /// from its shortcuts.
    static func hydrator(_ folder: TemporaryFolder, replies: [Reply] = [], asInstalled: Bool = false) throws
        -> (IntentTestHarness, HydratorIntentsApp)
    {
        let app = HydratorIntentsApp(container: folder.path, now: { morning })
        let harness = IntentTestHarness(
            application: app.application, catalog: app.intents.catalog, appName: HydratorIntentsApp.name,
            vocabulary: try Vocabulary(HydratorIntentsApp.words, catalog: app.intents.catalog), replies: replies, asInstalled: asInstalled)
        return (harness, app)
    }

    /// A harness over the timer app.
    static func timers(replies: [Reply] = [], shelf: TimerShelf = TimerShelf(), asInstalled: Bool = false) throws
        -> (IntentTestHarness, TimersApp)
    {
        let app = TimersApp(shelf: shelf)
        let harness = IntentTestHarness(
            application: app.application, catalog: app.intents.catalog, appName: TimersApp.name,
            vocabulary: try Vocabulary(app.words, catalog: app.intents.catalog), replies: replies, asInstalled: asInstalled)
        return (harness, app)
    }

    /// The trace without its first lines up to the route (the request and its reading).
    var traceFromRoute: [String] {
        let lines = traceLines
        return Array(lines.drop { !$0.hasPrefix("route:") })
    }
}
