import SceneIntents

/// How the assistant behaves: budgets, paging, patience, and the lines it says by default.
public struct AssistantConfiguration: Sendable, Equatable {
    /// The time each phase call may take (default 10 s). The first call of a request is also
    /// charged the app's launch and handler lookup. `.seconds(Int64.max)` (or anything from
    /// `BudgetClock.horizon` up) means no limit.
    public var phaseBudget: Duration = .seconds(10)
    /// The longest a step that reports progress (`IntentProgress`) may run, from its start
    /// (default 60 s): each report the assistant hears gives the step a fresh budget, never past
    /// this. A step that reports nothing for a whole budget times out as any other.
    public var progressLimit: Duration = .seconds(60)
    /// Budgets for particular intents, by type name, instead of `phaseBudget`.
    public var intentBudgets: [String: Duration] = [:]
    /// How many candidates a spoken list offers at a time before "more".
    public var pageSize = 3
    /// How many times one parameter may be asked about again before the assistant gives up.
    public var maxReasks = 4
    /// The lines said when the app gives no dialog of its own: the defaults unless the app
    /// replaces some (``DialogTable/replace(_:with:)`` checks each replacement's slots). The
    /// app's prompts and response dialogs from its intent schema are said before these.
    public var dialogs = DialogTable.defaults

    /// The default configuration.
    public init() {}

    /// The budget for one phase call of an intent.
    public func budget(for intent: String) -> Duration { intentBudgets[intent] ?? phaseBudget }
}

/// What the assistant is asked to do.
public enum AssistantRequest: Sendable, Equatable, CustomStringConvertible {
    /// Words, interpreted by the vocabulary.
    case utterance(String)
    /// A typed intent with whatever parameters are already known (a shortcut, a test).
    case intent(AnyIntent)
    /// An activity to continue in the app (a voice shortcut made from a user activity): the app
    /// is brought forward and a scene continues it, as its shortcut would in SiriKit.
    case userActivity(UserActivity)

    /// One line for logs and messages.
    public var description: String {
        switch self {
        case .utterance(let words): "\"\(words)\""
        case .intent(let intent): intent.typeName
        case .userActivity(let activity): "activity \(activity.activityType)"
        }
    }
}

extension AssistantRequest {
    /// A request for a typed intent.
    public static func intent<I: Intent>(_ intent: I, targetScene: String? = nil) -> AssistantRequest {
        .intent(AnyIntent(intent, targetSceneIdentifier: targetScene))
    }
}
