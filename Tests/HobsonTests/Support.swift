import Assistant
import Foundation
import HobsonCLI
import HobsonKit
import SceneIntentsTesting

/// A fresh temporary directory, removed by `remove()`.
struct ScratchDirectory {
    let path: String

    init() {
        path = "\(NSTemporaryDirectory())hobson-tests-\(UUID().uuidString)"
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Counting identifiers, so runs are reproducible.
final class Counter: Sendable {
    private let value = Mutex(0)
    let prefix: String

    init(_ prefix: String) { self.prefix = prefix }

    func next() -> String {
        value.withLock { value in
            value += 1
            return "\(prefix)\(value)"
        }
    }
}

import Synchronization

/// A session over `directory` with a manual clock, fixed dates and counted identifiers.
@MainActor
func makeSession(_ directory: String, user: ScriptedUser = ScriptedUser(), run: String = "r") throws -> HobsonSession {
    let clock = ManualClock()
    let ids = Counter("\(run)-")
    return try HobsonSession(
        dataDirectory: directory, user: user, clock: .sleeping(on: clock), appClock: clock,
        makeIdentifier: { ids.next() }, now: { Date(timeIntervalSince1970: 1_800_000_000) })
}
