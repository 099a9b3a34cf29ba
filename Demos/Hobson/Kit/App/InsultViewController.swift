import SceneIntents
import SceneIntentsFeatures

/// Hobson's one screen: an insult, and three rows — Another, Favourite, Make me laugh. Each
/// row performs its action through the dispatcher, as a URL or an intent would.
@MainActor
public final class InsultViewController: ViewController, InsultPresenter {
    /// The line on screen.
    public private(set) var line: String
    private let actions: HobsonActions
    private let dispatcher: ActionDispatcher

    /// The screen, showing the next insult of `book`; its rows perform `actions` through
    /// `dispatcher`.
    init(book: InsultBook, actions: HobsonActions, dispatcher: ActionDispatcher) {
        self.actions = actions
        self.dispatcher = dispatcher
        line = book.next(style: nil).text
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
    private let book: InsultBook
    private let actions: HobsonActions
    private let dispatcher: ActionDispatcher

    /// A delegate over the app's book, actions and dispatcher (the app's scene delegate factory
    /// makes one per scene).
    public init(book: InsultBook, actions: HobsonActions, dispatcher: ActionDispatcher) {
        self.book = book
        self.actions = actions
        self.dispatcher = dispatcher
    }

    /// Shows the insult screen; continues the activity the scene was connected for, if any.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.rootViewController = InsultViewController(book: book, actions: actions, dispatcher: dispatcher)
        scene.title = HobsonApp.name
        for activity in options.userActivities { self.scene(scene, continue: activity) }
    }

    /// Continues an activity: its action performs through the one dispatch path.
    public func scene(_ scene: Scene, continue userActivity: UserActivity) {
        let dispatcher = dispatcher
        Task { @MainActor in _ = try? await dispatcher.continueActivity(userActivity) }
    }
}
