import SceneIntents

// Helpers shared by the lifecycle tests: activities, errors and whole callback sequences.

/// An activity of the type the test manifest lists, naming a recipe; the test scene delegate
/// answers its continuation with `reply`, when given.
@MainActor
func recipeActivity(
    _ recipe: String = "Pancakes", reply: String? = nil, type: String = TestApp.recipeType
) throws -> UserActivity {
    let activity = UserActivity(activityType: type)
    try activity.update { content in
        content.userInfo["recipe"] = .string(recipe)
        if let reply { content.userInfo["reply"] = .string(reply) }
    }
    return activity
}

/// A value a property list cannot hold.
struct Marker: Sendable {}

/// The illegal-transition error inside an application error, if that is what it is.
func transitionError(_ error: ApplicationError?) -> SceneTransitionError? {
    guard error?.code == .invalidTransition else { return nil }
    return error?.transition
}

/// Whole callback sequences several tests expect.
enum Sequences {
    /// An on-screen scene going to the background: no view callbacks (REFERENCE §2).
    static func wentToBackground(_ session: String) -> [String] {
        [
            "\(session) sceneWillResignActive",
            "\(session) sceneDidEnterBackground",
            "\(session) stateRestorationActivity",
        ]
    }

    /// A background scene coming back: no view callbacks (REFERENCE §2).
    static func cameToForeground(_ session: String) -> [String] {
        ["\(session) sceneWillEnterForeground", "\(session) sceneDidBecomeActive"]
    }

    /// A scene connecting for a session and coming to the foreground with its root screen.
    static func connectedInForeground(_ session: String) -> [String] {
        [
            "app configurationForConnecting \(session)",
            "\(session) willConnectTo",
            "RootScreen viewDidLoad",
            "RootScreen viewWillAppear",
            "\(session) sceneWillEnterForeground",
            "\(session) sceneDidBecomeActive",
            "RootScreen viewDidAppear",
        ]
    }
}
