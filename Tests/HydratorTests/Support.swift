import Assistant
import Foundation
import HydratorKit
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport

/// A fresh, empty app group container under the temporary directory; removed by `remove()`.
struct TemporaryContainer {
    /// The folder holding the container and the runtime directory.
    let root: String
    /// The container (not created: the store creates it on the first append).
    let path: String

    init() {
        root = FileManager.default.temporaryDirectory.appending(path: "hydrator-tests-\(UUID().uuidString)").path
        path = root + "/group"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// A private runtime directory for sockets, inside the root.
    func runtimeDirectory() throws -> RuntimeDirectory {
        try RuntimeDirectory.prepare(root + "/run")
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// 1 December 2026, 09:05 UTC: the instant every test entry is logged at.
let morning = Date(timeIntervalSince1970: 1_796_115_900)

/// A calendar in UTC, so "today" and the times on the Today screen do not depend on the machine.
let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
}()

/// Hydrator in process over a temporary container, with an assistant on a manual clock and a
/// scripted user.
@MainActor
final class HydratorRig {
    let container = TemporaryContainer()
    let user: ScriptedUser
    let app: HydratorApp
    let assistant: Assistant
    let recorder: LifecycleRecorder

    init(_ replies: [Reply] = []) throws {
        user = ScriptedUser(replies)
        app = try HydratorApp(container: container.path, calendar: utc, now: { morning })
        recorder = LifecycleRecorder(app.application)
        assistant = try app.makeAssistant(user: user, clock: .sleeping(on: ManualClock()))
    }

    func say(_ words: String) async -> AssistantOutcome {
        await assistant.perform(.utterance(words))
    }

    /// The trace's lines without their instants.
    var trace: [String] { assistant.trace.events.map { "\($0.kind.rawValue): \($0.detail)" } }

    /// What the store holds, as "ounces type" lines.
    func stored() async throws -> [String] {
        try await app.model.store.read().records.map { "\($0.ounces) \($0.type)" }
    }

    /// What is left open: the host's requests, the user's replies (callbacks are not checked).
    func leftOpen() -> [String] {
        _ = recorder.take()
        return leftInFlight(host: app.host, user: user, recorder: recorder)
    }

    deinit { container.remove() }
}
