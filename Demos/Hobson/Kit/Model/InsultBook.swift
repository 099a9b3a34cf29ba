import Synchronization

/// An insult, with its style.
public struct Insult: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The words.
    public var text: String
    /// Its style.
    public var style: InsultStyle

    /// The words.
    public var description: String { text }
}

/// Hobson's insults and jokes, handed out in a fixed order (so a scripted session always says
/// the same), with the user's favourite. Shared by the app's screens and its intent handlers.
public final class InsultBook: Sendable {
    private struct State {
        var next: [InsultStyle: Int] = [:]
        var nextJoke = 0
        var favourite: Insult?
        var current: Insult?
    }

    private let state = Mutex(State())

    /// A book starting at the first insult of each style.
    public init() {}

    /// The insults of each style.
    public static let insults: [InsultStyle: [String]] = [
        .shakespeare: [
            "Thou art a boil, a plague sore, an embossed carbuncle.",
            "Away, thou issue of a mangy dog!",
            "Thy wit's as thick as Tewkesbury mustard.",
        ],
        .pirate: [
            "Ye've the manners of a bilge rat and half its charm.",
            "I've met barnacles with more ambition than ye.",
        ],
        .office: [
            "Your ideas are like meetings: too long and without an outcome.",
            "You are the reply-all of people.",
        ],
    ]

    /// The jokes, for "make me laugh".
    public static let jokes = [
        "I told my computer a joke about UDP. I'm not sure it got it.",
        "A SQL query walks into a bar, goes up to two tables and asks: may I join you?",
    ]

    /// The styles an unstyled request takes turns through.
    static let rotation: [InsultStyle] = [.shakespeare, .pirate, .office]

    /// The next insult of a style (nil: the styles take turns); it becomes the current one.
    public func next(style: InsultStyle?) -> Insult {
        state.withLock { state in
            let chosen: InsultStyle
            if let style, style != .unknown {
                chosen = style
            } else {
                let turn = state.next[.unknown, default: 0]
                state.next[.unknown] = turn + 1
                chosen = Self.rotation[turn % Self.rotation.count]
            }
            let list = Self.insults[chosen] ?? []
            let index = state.next[chosen, default: 0]
            state.next[chosen] = index + 1
            let insult = Insult(text: list.isEmpty ? "…" : list[index % list.count], style: chosen)
            state.current = insult
            return insult
        }
    }

    /// The next joke.
    public func nextJoke() -> String {
        state.withLock { state in
            defer { state.nextJoke += 1 }
            return Self.jokes[state.nextJoke % Self.jokes.count]
        }
    }

    /// The insult shown last, if any.
    public var current: Insult? { state.withLock { $0.current } }

    /// The favourite, if one was chosen.
    public var favourite: Insult? { state.withLock { $0.favourite } }

    /// Makes the current insult the favourite; answers it (nil when there is none yet).
    public func keepCurrentAsFavourite() -> Insult? {
        state.withLock { state in
            state.favourite = state.current ?? state.favourite
            return state.current
        }
    }
}
