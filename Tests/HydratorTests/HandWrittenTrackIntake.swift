import HydratorKit
import SceneIntents

// Hydrator's intent written by hand with SceneIntents' API: what `intentgen` generates from
// `Hydrator.intentdefinition`, as a developer without the definition file would write it. The
// Hydrator article's "Hydrator's intent, three ways" counts these lines;
// `HandWrittenTrackIntakeTests` checks that a conversation through it reads exactly as through
// the generated intent. The
// Swift names differ (they live beside the generated ones); the names the assistant and the
// manifest see (`TrackIntakeIntent`, `HydrationType`) are the same.

/// The drinks (the definition's `HydrationType` enum).
enum HandWrittenHydrationType: Int, EnumParameterValue {
    case unknown = 0, water, coffee, tea, juice, soda, milk

    /// The name the generated enum gives its values.
    static var typeName: String { "HydrationType" }

    /// The name shown and spoken.
    var displayName: String { self == .unknown ? "unknown" : String(describing: self).capitalized }

    /// The app's own list of other words, shared with the generated enum.
    var synonyms: [String] { HydrationType(rawValue: rawValue)?.synonyms ?? [] }
}

/// "Log 8 ounces of water": how much, of which drink.
struct HandWrittenTrackIntakeIntent: Intent {
    static let typeName = "TrackIntakeIntent"
    var ounces: Int?
    var hydrationType: HandWrittenHydrationType?

    init() {}

    init(ounces: Int?, hydrationType: HandWrittenHydrationType?) {
        self.ounces = ounces
        self.hydrationType = hydrationType
    }

    /// What users say, besides the app's own phrases.
    static let phrases = ["Log ${hydrationType}", "Log ${ounces} ounces of ${hydrationType}"]

    static let schema = IntentSchema<HandWrittenTrackIntakeIntent>(
        handler: (any HandWrittenTrackIntakeIntentHandling).self,
        parameters: [
            .value(
                "ounces", \.ounces,
                prompts: ParameterPrompts(
                    value: "How many ounces?",
                    unsupported: [
                        "negativeNumbersNotSupported": "Sorry, I can't log a negative amount.",
                        "greaterThanMaximumValue": "That's more than I can log at once.",
                        "lessThanMinimumValue": "Sorry, I can't log less than 1 ounce.",
                    ]),
                resolve: { (handler: any HandWrittenTrackIntakeIntentHandling, intent) in
                    await handler.resolveOunces(for: intent)
                }
            ).bounded(minimum: 1, maximum: 128),
            .value(
                "hydrationType", \.hydrationType,
                prompts: ParameterPrompts(unsupported: ["notADrink": "Sorry, that's not a drink I can log."]),
                resolve: { (handler: any HandWrittenTrackIntakeIntentHandling, intent) in
                    await handler.resolveHydrationType(for: intent)
                }),
        ],
        responses: [
            ResponseTemplate(code: .success, dialog: "Item Added!"),
            ResponseTemplate(code: .failure, dialog: "Sorry, but I couldn't add your item."),
        ],
        confirm: { handler, intent in await handler.confirm(intent: intent) },
        handle: { handler, intent in await handler.handle(intent: intent) })
}

/// Why an amount is refused.
enum HandWrittenOuncesReason: String, Sendable {
    case negativeNumbersNotSupported, greaterThanMaximumValue, lessThanMinimumValue
}

/// Why a drink is refused.
enum HandWrittenDrinkReason: String, Sendable {
    case notADrink
}

/// What a handler of the intent implements.
@MainActor
protocol HandWrittenTrackIntakeIntentHandling: AnyObject {
    func resolveOunces(for intent: HandWrittenTrackIntakeIntent) async -> ResolutionResult<Int>
    func resolveHydrationType(for intent: HandWrittenTrackIntakeIntent) async -> ResolutionResult<HandWrittenHydrationType>
    func confirm(intent: HandWrittenTrackIntakeIntent) async -> IntentResponse
    func handle(intent: HandWrittenTrackIntakeIntent) async -> IntentResponse
}

extension HandWrittenTrackIntakeIntentHandling {
    /// Ready.
    func confirm(intent: HandWrittenTrackIntakeIntent) async -> IntentResponse { .ready }
}
