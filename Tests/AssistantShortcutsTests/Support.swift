import Assistant
import AssistantShortcuts
import Foundation
import HobsonCLI
import HobsonKit
import SceneIntents
import SceneIntentsFeatures
import Synchronization

/// A fresh temporary directory, removed by `remove()`.
struct Scratch {
    let path = "\(NSTemporaryDirectory())shortcuts-tests-\(UUID().uuidString)"
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Hobson's manifest, with the activity types given.
func hobsonManifest(activityTypes: [String] = ["InsultMe", "GetFavouriteInsult", "MakeMeLaugh"]) -> AppManifest {
    AppManifest(intentsSupported: ["InsultMe", "GetFavouriteInsult", "MakeMeLaugh"], userActivityTypes: activityTypes)
}

/// Counting identifiers: v1, v2, …
final class Numbers: Sendable {
    private let value = Mutex(0)
    func next() -> String { value.withLock { $0 += 1; return "v\($0)" } }
}

/// Hobson's store in `directory`.
func openStore(
    _ directory: String, manifest: AppManifest = hobsonManifest(), catalog: IntentCatalog? = nil, numbers: Numbers = Numbers()
) throws -> ShortcutsStore {
    try ShortcutsStore(
        directory: directory, appName: "Hobson", manifest: manifest, catalog: catalog ?? HobsonApp.catalog,
        appPhrases: HobsonApp.vocabulary(), makeIdentifier: { numbers.next() })
}

let day: TimeInterval = 24 * 3600
let origin = Date(timeIntervalSince1970: 1_800_000_000)

/// A completed interaction of `intent`.
func interaction(
    _ intent: some Intent, id: String, group: String? = nil, status: IntentHandlingStatus = .success, at date: Date = origin
) -> Interaction {
    Interaction(
        intent: AnyIntent(intent), response: IntentResponse(code: .success), identifier: id, groupIdentifier: group,
        handlingStatus: status, date: date)
}

/// A suggestion of `intent`, with its own phrase.
func suggestion<I: Intent>(_ intent: I) -> ShortcutSuggestion {
    ShortcutSuggestion(.intent(AnyIntent(intent)), suggestedPhrase: I.suggestedInvocationPhrase)
}
