import SceneIntents
import SceneIntentsFeatures

/// Hobson's one screen: an insult, and three rows — Another, Favourite, Make me laugh. Each
/// row performs its action through the dispatcher, as a URL or an intent would.
@MainActor
public final class InsultViewController: ViewController, InsultPresenter {
    /// The line on screen.
    public private(set) var line: String
    private let delegate: HobsonAppDelegate

    /// The screen, showing the next insult.
    init(delegate: HobsonAppDelegate) {
        self.delegate = delegate
        line = delegate.book.next(style: nil).text
        super.init(name: "Insult")
    }

    /// The screen's heading.
    public var heading: String { HobsonApp.name }

    /// The screen's body; tappable rows are numbered `[n]`.
    public func lines() -> [String] {
        ["“\(line)”", "", "[1] Another", "[2] Favourite", "[3] Make me laugh"]
    }

    /// Shows a line.
    public func show(_ line: String) {
        self.line = line
    }

    /// The user taps row `number`: its action performs from the UI; answers the timeline entry.
    ///
    /// - Throws: `DispatchError` when the row's action is not in the app's group (never, for
    ///   Hobson's own group).
    public func tap(_ number: Int) async throws(DispatchError) -> TimelineEntry? {
        let actions = delegate.actions
        let dispatcher = delegate.dispatcher
        switch number {
        case 1: return try await dispatcher.perform(actions.insult, InsultRequest(style: nil), presenter: self)
        case 2: return try await dispatcher.perform(actions.saveFavourite, presenter: self)
        case 3: return try await dispatcher.perform(actions.laugh, presenter: self)
        default: return nil
        }
    }
}

/// The scene delegate: puts the insult screen in the window, and continues activities through
/// the dispatcher (the activity's action performs on this screen).
@MainActor
public final class HobsonSceneDelegate: SceneDelegate {
    /// A delegate; the application makes one per scene.
    public init() {}

    /// Shows the insult screen; continues the activity the scene was connected for, if any.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        guard let delegate = scene.application?.delegate as? HobsonAppDelegate else { return }
        scene.rootViewController = InsultViewController(delegate: delegate)
        scene.title = HobsonApp.name
        for activity in options.userActivities { self.scene(scene, continue: activity) }
    }

    /// Continues an activity: its action performs through the one dispatch path.
    public func scene(_ scene: Scene, continue userActivity: UserActivity) {
        guard let delegate = scene.application?.delegate as? HobsonAppDelegate else { return }
        let dispatcher = delegate.dispatcher
        Task { @MainActor in _ = try? await dispatcher.continueActivity(userActivity) }
    }
}
