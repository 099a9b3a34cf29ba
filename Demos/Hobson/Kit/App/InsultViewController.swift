import SceneIntents
import SceneIntentsCommandLine
import SceneIntentsFeatures

/// Hobson's one screen: an insult, and three rows — Another, Favourite, Make me laugh. Each
/// row performs its action through the dispatcher, as a URL or an intent would.
@MainActor
public final class InsultViewController: ViewController, InsultPresenter, TextScreen {
    /// The line on screen; kept in the session's `userInfo` (`insult`) the moment it changes,
    /// as a kill asks the app nothing.
    public private(set) var line: String {
        didSet { keepLine() }
    }
    private let actions: HobsonActions
    private let dispatcher: ActionDispatcher

    /// The screen, showing `restoring` (the line a restored session kept) or else the next
    /// insult of `book`; its rows perform `actions` through `dispatcher`.
    init(book: InsultBook, actions: HobsonActions, dispatcher: ActionDispatcher, restoring: String? = nil) {
        self.actions = actions
        self.dispatcher = dispatcher
        line = restoring ?? book.next(style: nil).text
        super.init(name: "Insult")
    }

    /// Keeps the line on screen in the session as the screen shows.
    override public func viewDidAppear() {
        keepLine()
    }

    /// The line as a session or a restoration activity keeps it.
    var kept: [String: PropertyListValue] { ["insult": .string(line)] }

    private func keepLine() {
        guard let session = scene?.session, session.userInfo != kept else { return }
        session.userInfo = kept
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

    /// The activity type of the state restoration activity.
    public static let showingActivityType = "com.example.hobson.showing"

    /// Shows the insult screen, with the insult the session kept (its `userInfo`, else its
    /// restoration activity) if it kept one; then continues the activity the scene was connected
    /// for, if any.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let kept = Self.insult(in: session.userInfo) ?? session.stateRestorationActivity.flatMap { Self.insult(in: $0.userInfo) }
        scene.rootViewController = InsultViewController(book: book, actions: actions, dispatcher: dispatcher, restoring: kept)
        scene.title = HobsonApp.name
        for activity in options.userActivities { self.scene(scene, continue: activity) }
    }

    /// The insult on screen, so a reclaimed scene comes back to it.
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        guard let screen = scene.visibleViewController as? InsultViewController else { return nil }
        var content = UserActivity.Content(activityType: Self.showingActivityType)
        content.userInfo = screen.kept
        return UserActivity(content: content)
    }

    /// The insult kept in `userInfo`, if any (a line of at most 1,000 characters).
    private static func insult(in userInfo: [String: PropertyListValue]) -> String? {
        guard case .string(let line)? = userInfo["insult"], !line.isEmpty, line.count <= 1_000 else { return nil }
        return line
    }

    /// Continues an activity: its action performs through the one dispatch path.
    public func scene(_ scene: Scene, continue userActivity: UserActivity) {
        let dispatcher = dispatcher
        Task { @MainActor in _ = try? await dispatcher.continueActivity(userActivity) }
    }
}
