import SceneIntents

/// The style of an insult.
public enum InsultStyle: Int, EnumParameterValue, CustomStringConvertible {
    /// Not given (never chosen when spoken).
    case unknown = 0
    /// Elizabethan.
    case shakespeare = 1
    /// Nautical.
    case pirate = 2
    /// Corporate.
    case office = 3

    /// The name shown and spoken.
    public var displayName: String {
        switch self {
        case .unknown: "any"
        case .shakespeare: "Shakespeare"
        case .pirate: "pirate"
        case .office: "office"
        }
    }

    /// Other words for it.
    public var synonyms: [String] {
        switch self {
        case .shakespeare: ["shakespearean", "elizabethan"]
        case .pirate: ["piratical"]
        case .office: ["corporate"]
        case .unknown: []
        }
    }

    /// The case name.
    public var description: String { String(describing: self.displayName) }
}

/// Why a style is refused.
public enum InsultStyleReason: String, Sendable {
    /// The words name no style ("klingon").
    case notAStyle

    /// What the assistant says for `notAStyle`: the sentence the URL form's refusal says.
    public static let notAStyleDialog = "'${style}' is not a valid style; use one of "
        + InsultStyle.allCases.map(\.displayName).joined(separator: ", ") + "."
}

/// "Insult me": one configurable, resolvable parameter, `style`. Success: "${insult}".
public struct InsultMeIntent: Intent {
    /// As the manifest lists it.
    public static let typeName = "InsultMe"
    /// The phrase suggested for a shortcut.
    public static let suggestedInvocationPhrase: String? = "Insult me"
    /// The style, when chosen.
    public var style: InsultStyle?

    /// No style yet.
    public init() {}
    /// An intent for a style.
    public init(style: InsultStyle?) { self.style = style }

    /// The parameter table and handler glue.
    public static let schema = IntentSchema<InsultMeIntent>(
        handler: (any HobsonIntentHandling).self,
        parameters: [
            .value(
                "style", \.style, flags: [.resolvable, .configurable],
                prompts: ParameterPrompts(unsupported: [InsultStyleReason.notAStyle.rawValue: InsultStyleReason.notAStyleDialog]),
                resolveInput: { (handler: any HobsonIntentHandling, intent, input) in handler.resolveStyle(for: intent, input: input) })
        ],
        responses: HobsonResponses.insult,
        handle: { handler, intent in await handler.handle(AnyIntent(intent)) })
}

/// "What's my favourite insult?": no parameters.
public struct GetFavouriteInsultIntent: Intent {
    /// As the manifest lists it.
    public static let typeName = "GetFavouriteInsult"
    /// The phrase suggested for a shortcut.
    public static let suggestedInvocationPhrase: String? = "My favourite insult"
    /// The intent.
    public init() {}
    /// No parameters.
    public static let schema = IntentSchema<GetFavouriteInsultIntent>(
        handler: (any HobsonIntentHandling).self, parameters: [], responses: HobsonResponses.insult,
        handle: { handler, intent in await handler.handle(AnyIntent(intent)) })
}

/// "Make me laugh": no parameters.
public struct MakeMeLaughIntent: Intent {
    /// As the manifest lists it.
    public static let typeName = "MakeMeLaugh"
    /// The phrase suggested for a shortcut.
    public static let suggestedInvocationPhrase: String? = "Make me laugh"
    /// The intent.
    public init() {}
    /// No parameters.
    public static let schema = IntentSchema<MakeMeLaughIntent>(
        handler: (any HobsonIntentHandling).self, parameters: [], responses: HobsonResponses.insult,
        handle: { handler, intent in await handler.handle(AnyIntent(intent)) })
}

/// What handles Hobson's intents: one handler, which sends every intent down the dispatcher's
/// one path.
@MainActor
public protocol HobsonIntentHandling: AnyObject {
    /// A given style stays (a shortcut's configured style is not asked again); none is fine;
    /// words that name no style ("like a klingon") are refused (`InsultStyleReason.notAStyle`), as the
    /// URL form refuses them, never taken as any style.
    func resolveStyle(for intent: InsultMeIntent, input: ParameterInput<InsultStyle>) -> ResolutionResult<InsultStyle>
    /// Performs the intent's action.
    func handle(_ intent: AnyIntent) async -> IntentResponse
}

/// The intents' dialogs.
public enum HobsonResponses {
    /// Success speaks the insult (or joke); failure says why.
    public static let insult: [ResponseTemplate] = [
        ResponseTemplate(code: .success, dialog: "${insult}"),
        ResponseTemplate(code: .failure, dialog: "Hobson is lost for words."),
    ]
}
