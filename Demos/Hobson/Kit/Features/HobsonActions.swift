import SceneIntents
import SceneIntentsFeatures

/// What shows Hobson's results: the insult screen, or nothing when an intent is answered in the
/// background (the response speaks the words).
public protocol InsultPresenter: AnyObject, Sendable {
    /// Shows a line (an insult, a joke).
    @MainActor func show(_ line: String)
}

/// The presenter of a process with no screen (the intents extension, an app launched for an
/// intent): the response carries the words, so there is nothing to draw.
public final class NoScreen: InsultPresenter {
    /// A presenter that draws nothing.
    public init() {}
    /// Nothing to draw.
    @MainActor public func show(_ line: String) {}
}

/// An insult request: a style, or none (the styles take turns).
public struct InsultRequest: Sendable, Equatable, CustomStringConvertible {
    /// The style asked for.
    public var style: InsultStyle?
    /// A request.
    public init(style: InsultStyle? = nil) { self.style = style }
    /// "style: pirate" or "any style".
    public var description: String { style.map { "style: \($0)" } ?? "any style" }
}

/// Insults the user: from the screen's "Another" row, `hobson://insult?style=…`, a continued
/// activity, or the `InsultMe` intent. Runs on the main actor (it draws).
public struct InsultMeAction: IntentAction {
    /// The action's name.
    public static let name = "InsultMe"
    /// The phrase every donation and shortcut made from it suggests.
    public static let suggestedInvocationPhrase = "Insult me"
    /// `hobson://insult[?style=shakespeare|pirate|office]`.
    public static var route: ActionRoute<InsultRequest>? {
        ActionRoute(
            path: "insult",
            parse: { query throws(DispatchError) in InsultRequest(style: try query.value("style", as: InsultStyle.self)) },
            format: { input in input.style.map { [("style", String(describing: $0))] } ?? [] })
    }
    let book: InsultBook

    /// The action over a book.
    public init(book: InsultBook) { self.book = book }

    /// Shows the next insult and answers it.
    @MainActor
    public func perform(_ input: InsultRequest, presenter: any InsultPresenter) async throws(ActionFailure) -> ActionCompletion {
        let insult = book.next(style: input.style)
        presenter.show(insult.text)
        return ActionCompletion(summary: insult.text, values: ["insult": insult.text])
    }

    /// The intent asking for this input.
    public func intent(for input: InsultRequest) -> InsultMeIntent { InsultMeIntent(style: input.style) }
    /// The input an intent asks for.
    public func input(from intent: InsultMeIntent) -> InsultRequest { InsultRequest(style: intent.style) }
    /// Donations group by style, so one style's can be deleted together.
    public func donationGroup(for input: InsultRequest) -> String? { "insults.\(input.style.map { "\($0)" } ?? "any")" }
}

/// Says the user's favourite insult; fails (and is not donated) when there is none yet.
public struct GetFavouriteInsultAction: IntentAction {
    /// The action's name.
    public static let name = "GetFavouriteInsult"
    /// The phrase suggested for a shortcut.
    public static let suggestedInvocationPhrase = "My favourite insult"
    let book: InsultBook

    /// The action over a book.
    public init(book: InsultBook) { self.book = book }

    /// The favourite, shown.
    @MainActor
    public func perform(_ input: NoInput, presenter: any InsultPresenter) async throws(ActionFailure) -> ActionCompletion {
        guard let favourite = book.favourite else {
            throw ActionFailure(.failed, "You have no favourite insult yet; tap Favourite under one you like.")
        }
        presenter.show(favourite.text)
        return ActionCompletion(summary: favourite.text, values: ["insult": favourite.text])
    }

    /// The intent.
    public func intent(for input: NoInput) -> GetFavouriteInsultIntent { GetFavouriteInsultIntent() }
    /// No input to read.
    public func input(from intent: GetFavouriteInsultIntent) -> NoInput { .noInput }
}

/// Tells a joke; works in the background (off the main actor), showing it on the main actor.
public struct MakeMeLaughAction: IntentAction {
    /// The action's name.
    public static let name = "MakeMeLaugh"
    /// The phrase suggested for a shortcut.
    public static let suggestedInvocationPhrase = "Make me laugh"
    /// `hobson://laugh`.
    public static var route: ActionRoute<NoInput>? { .plain("laugh") }
    let book: InsultBook

    /// The action over a book.
    public init(book: InsultBook) { self.book = book }

    /// Picks the joke off the main actor, then shows it.
    @concurrent
    public func perform(_ input: NoInput, presenter: any InsultPresenter) async throws(ActionFailure) -> ActionCompletion {
        let joke = book.nextJoke()
        await presenter.show(joke)
        return ActionCompletion(summary: joke, values: ["insult": joke])
    }

    /// The intent.
    public func intent(for input: NoInput) -> MakeMeLaughIntent { MakeMeLaughIntent() }
    /// No input to read.
    public func input(from intent: MakeMeLaughIntent) -> NoInput { .noInput }
}

/// Keeps the insult on screen as the favourite (the screen's "Favourite" row); UI only.
public struct SaveFavouriteAction: Action {
    /// The action's name.
    public static let name = "SaveFavourite"
    let book: InsultBook

    /// The action over a book.
    public init(book: InsultBook) { self.book = book }

    /// Keeps the current insult.
    @MainActor
    public func perform(_ input: NoInput, presenter: any InsultPresenter) async throws(ActionFailure) -> ActionCompletion {
        guard let insult = book.keepCurrentAsFavourite() else {
            throw ActionFailure(.failed, "There is no insult on screen to keep.")
        }
        return ActionCompletion(summary: "Kept as favourite: \(insult.text)")
    }
}
