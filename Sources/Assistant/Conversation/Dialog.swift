import SceneIntents

/// Every line the assistant says by default, in one place: what a user hears when the app gives
/// no dialog of its own.
enum Dialog {
    /// What the user hears when an intent is refused before or by the app. A user's sentence:
    /// the developer's reason (type names, manifest keys) goes to the trace, not here.
    static func refusal(_ error: IntentHostError, appName: String) -> String {
        switch error.code {
        case .unknownIntent: "Sorry, I don't know how to do that."
        case .notInManifest: "Sorry, \(appName) doesn't support that."
        case .multipleScenesRequired: "Sorry, \(appName) isn't set up to do that."
        case .restrictedWhileLocked: "You'll need to unlock your device first."
        case .notHandled: "Sorry, \(appName) can't do that right now."
        case .hostStopped: "Sorry, \(appName) stopped unexpectedly."
        default: "Sorry, \(appName) couldn't do that: \(error.description)."
        }
    }
}
