import SceneIntents

/// Whether an app's process runs, and whether it has a scene on screen: what routing needs.
public enum AppRunState: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// No process.
    case notRunning
    /// Running with no scene in the foreground (none connected, or all in the background).
    case background
    /// Running with at least one scene foreground active or foreground inactive.
    case foreground

    /// The state of a running app from its scenes' states (an app is as active as its most
    /// active scene).
    public static func running(sceneStates: some Sequence<ActivationState>) -> AppRunState {
        sceneStates.contains(where: \.isForeground) ? .foreground : .background
    }

    /// The state in words.
    public var description: String {
        switch self {
        case .notRunning: "not running"
        case .background: "in the background"
        case .foreground: "in the foreground"
        }
    }
}

/// The device's lock state, as routing sees it.
public enum LockState: String, Sendable, Codable, CaseIterable {
    /// Unlocked: every listed intent may run.
    case unlocked
    /// Locked: intents restricted while locked are refused.
    case locked
}

/// Where one request goes, and why, in a sentence for the trace.
public enum Route: Sendable, Equatable, CustomStringConvertible {
    /// The app handles it in process (launched in the background if it is not running).
    case app(AppReason)
    /// This intents extension handles it, launched for the request.
    case `extension`(ExtensionBundle, ExtensionReason)
    /// Nobody handles it.
    case refused(Refusal)

    /// Why the app handles it.
    public enum AppReason: Sendable, Equatable {
        /// The app lists the intent and no extension does.
        case onlyAppLists
        /// Both list it and the app has a scene in the foreground (it has the live UI state).
        case appInForeground
    }

    /// Why the extension handles it.
    public enum ExtensionReason: Sendable, Equatable {
        /// The extension lists the intent and the app does not.
        case onlyExtensionLists
        /// Both list it; the app runs with no scene in the foreground, so the lighter process serves.
        case appInBackground
        /// Both list it; the app is not running, so the lighter launch serves.
        case appNotRunning
    }

    /// Why nobody handles it.
    public enum Refusal: Sendable, Equatable {
        /// Neither the app nor any of its extensions lists the intent.
        case notListed
        /// The one that would handle it restricts it while locked, and the device is locked.
        case restrictedWhileLocked(Handler)
    }

    /// Who would have handled a refused request.
    public enum Handler: Sendable, Equatable {
        /// The app.
        case app
        /// The extension with this name.
        case `extension`(String)
    }

    /// The reason as a sentence for the trace.
    public var reason: String {
        switch self {
        case .app(.onlyAppLists): "only the app lists the intent"
        case .app(.appInForeground): "the app has a scene in the foreground"
        case .extension(_, .onlyExtensionLists): "only the extension lists the intent"
        case .extension(_, .appInBackground): "the app has no scene in the foreground, so the lighter extension serves"
        case .extension(_, .appNotRunning): "the app is not running, so the lighter extension launches instead"
        case .refused(.notListed): "neither the app nor its extensions list the intent"
        case .refused(.restrictedWhileLocked(.app)): "the app restricts the intent while locked and the device is locked"
        case .refused(.restrictedWhileLocked(.extension(let name))):
            "the extension \(name) restricts the intent while locked and the device is locked"
        }
    }

    /// Where it goes and why: `extension RecipeIntents: the app is not running, ...`.
    public var description: String {
        switch self {
        case .app: "app: \(reason)"
        case .extension(let bundle, _): "extension \(bundle.name): \(reason)"
        case .refused: "refused: \(reason)"
        }
    }
}
