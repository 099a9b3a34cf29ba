import Foundation
import SceneIntents

/// What `:scenes` prints for any app, said once for every demo: the app's process, then each
/// open session (a connected one's state and the screen it shows, an archived one's
/// restoration), as sentences or, in JSON mode, one object per line.
public enum SceneListing {
    /// An archived session's restoration, as the app words it.
    public struct Restoration: Sendable {
        /// The sentence's end ("Banana Pancakes at step 2").
        public var restores: String
        /// The same as JSON fields (`recipe`, `step`).
        public var fields: [(String, JSONScalar)]

        /// A restoration worded `restores`, with the same as JSON `fields`.
        public init(restores: String, fields: [(String, JSONScalar)] = []) {
            self.restores = restores
            self.fields = fields
        }
    }

    /// The lines of `:scenes` for `application`, named `name`: `showing` names a connected
    /// scene's screen, `restoration` what an archived session comes back to (nil: it says only
    /// that it is archived).
    @MainActor
    public static func lines(
        _ name: String, application: Application, json: Bool, showing: (Scene) -> String,
        restoration: (SceneSession) -> Restoration? = { _ in nil }
    ) -> String {
        let process = Int(ProcessInfo.processInfo.processIdentifier)
        var lines = [json ? JSONScalar.object(["process": .integer(process)]) : "\(name) runs in process \(process)."]
        let sessions = application.openSessions
        guard !sessions.isEmpty else {
            let none = "No windows are open."
            return (lines + [json ? JSONScalar.object(["message": .string(none)]) : none]).joined(separator: "\n")
        }
        for session in sessions {
            let identifier = session.persistentIdentifier
            if let scene = session.scene {
                let state = "\(scene.activationState)"
                let screen = showing(scene)
                lines.append(
                    json
                        ? JSONScalar.object(["scene": .string(identifier), "state": .string(state), "screen": .string(screen)])
                        : "\(identifier): \(state), showing \(screen).")
                continue
            }
            let restored = restoration(session)
            if json {
                let fields = [("scene", JSONScalar.string(identifier)), ("state", "archived")] + (restored?.fields ?? [])
                lines.append(JSONScalar.object(fields))
            } else {
                lines.append("\(identifier): archived" + (restored.map { ", restores \($0.restores)." } ?? "."))
            }
        }
        return lines.joined(separator: "\n")
    }
}
