import SceneIntents
import SceneIntentsFeatures

/// Hobson's actions, made once over the app's book.
public struct HobsonActions: Sendable {
    /// Insult me.
    public let insult: InsultMeAction
    /// My favourite insult.
    public let favourite: GetFavouriteInsultAction
    /// Make me laugh.
    public let laugh: MakeMeLaughAction
    /// Keep as favourite.
    public let saveFavourite: SaveFavouriteAction

    /// The actions over a book.
    public init(book: InsultBook) {
        insult = InsultMeAction(book: book)
        favourite = GetFavouriteInsultAction(book: book)
        laugh = MakeMeLaughAction(book: book)
        saveFavourite = SaveFavouriteAction(book: book)
    }

    /// Sets the app's shortcut suggestions: an insult of any style, a Shakespearean one, and a
    /// joke — each only while its feature is available (an unavailable one is not offered).
    @MainActor
    public func publishSuggestions(with dispatcher: ActionDispatcher) {
        let suggestions = [
            try? dispatcher.suggestion(for: insult, InsultRequest()),
            try? dispatcher.suggestion(for: insult, InsultRequest(style: .shakespeare)),
            try? dispatcher.suggestion(for: laugh, .noInput),
        ]
        dispatcher.setSuggestions(suggestions.compactMap { $0 })
    }

    /// Registers with `dispatcher` every action its group declares, presenting on `presenter()`.
    @MainActor
    public func register(with dispatcher: ActionDispatcher, presenter: @escaping @MainActor () -> any InsultPresenter) {
        // The dispatcher refuses (`undeclaredAction`) an action its group does not declare: the
        // extension's smaller group leaves the UI-only ones out.
        try? dispatcher.register(insult, presenter: presenter)
        try? dispatcher.register(favourite, presenter: presenter)
        try? dispatcher.register(laugh, presenter: presenter)
        try? dispatcher.register(saveFavourite, presenter: presenter)
    }
}

/// The app delegate: answers every intent with the one handler, which sends it down the
/// dispatcher's path.
@MainActor
public final class HobsonAppDelegate: ApplicationDelegate {
    /// The insults.
    public let book: InsultBook
    /// The one dispatch path.
    public let dispatcher: ActionDispatcher
    /// The actions.
    public let actions: HobsonActions
    private lazy var handler = HobsonIntentHandler(dispatcher: dispatcher)

    /// A delegate.
    public init(book: InsultBook, dispatcher: ActionDispatcher, actions: HobsonActions) {
        self.book = book
        self.dispatcher = dispatcher
        self.actions = actions
    }

    /// Sets the app's shortcut suggestions at launch.
    public func application(_ application: Application, didFinishLaunchingWith reason: LaunchReason) -> Bool {
        actions.publishSuggestions(with: dispatcher)
        return true
    }

    /// The handler, for each of Hobson's intents.
    public func application(_ application: Application, handlerFor intent: AnyIntent) -> Any? { handler }
}

/// The handler of Hobson's intents, in the app or its extension.
@MainActor
public final class HobsonIntentHandler: HobsonIntentHandling {
    private let dispatcher: ActionDispatcher

    /// A handler dispatching through `dispatcher`.
    public init(dispatcher: ActionDispatcher) {
        self.dispatcher = dispatcher
    }

    /// A given style stays (a configured shortcut's style is not asked again); none is fine;
    /// words that name no style are refused with `notAStyle`.
    public func resolveStyle(for intent: InsultMeIntent, input: ParameterInput<InsultStyle>) -> ResolutionResult<InsultStyle> {
        switch input {
        case .value(let style): .success(style)
        case .unread: .unsupported(forReason: InsultStyleReason.notAStyle)
        case .missing: .notRequired
        }
    }

    /// The intent's action performs; its outcome is the response.
    public func handle(_ intent: AnyIntent) async -> IntentResponse {
        do throws(DispatchError) { return try await dispatcher.handle(intent).response } catch {
            return .failure(error.message)
        }
    }
}
