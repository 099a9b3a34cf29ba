import SceneIntents

/// "Show directions for a recipe" / "next step": the Recipe Assistant's one intent.
///
/// One parameter, `recipe`, resolvable with dynamic options and search. Codes: success, failure,
/// `showDirections(step, directions)` = "Step ${step}. ${directions}", `showIngredients(recipe)`,
/// and `startOver`.
public struct ShowDirectionsIntent: Intent {
    /// The intent's type name, as the manifest lists it.
    public static let typeName = "ShowDirectionsIntent"
    /// The phrase suggested for a shortcut.
    public static let suggestedInvocationPhrase: String? = "Next step"

    /// The recipe, when known.
    public var recipe: Recipe?

    /// An intent with no recipe yet.
    public init() {}

    /// An intent for a recipe.
    public init(recipe: Recipe?) {
        self.recipe = recipe
    }

    /// The parameter table and handler glue.
    public static let schema = IntentSchema<ShowDirectionsIntent>(
        handler: (any ShowDirectionsIntentHandling).self,
        parameters: [
            .value(
                "recipe", \.recipe,
                flags: [.resolvable, .configurable, .dynamicOptions, .searchable],
                prompts: ParameterPrompts(
                    value: "Which recipe?",
                    disambiguationIntroduction: "Which recipe?",
                    confirmation: "Just to confirm, you wanted '${recipe}'?",
                    unsupported: [
                        RecipeUnsupportedReason.notFound.rawValue: "I couldn't find a recipe called '${recipe}'.",
                    ]),
                resolve: { (handler: any ShowDirectionsIntentHandling, intent) in
                    await handler.resolveRecipe(for: intent)
                },
                pagedOptions: { (handler: any ShowDirectionsIntentHandling, intent, term, page) in
                    try await handler.provideRecipeOptions(for: intent, searchTerm: term, page: page)
                })
        ],
        responses: ShowDirectionsResponse.templates,
        confirm: { handler, intent in await handler.confirm(intent: intent) },
        handle: { handler, intent in await handler.handle(intent: intent) })
}

/// Why a recipe cannot be used.
public enum RecipeUnsupportedReason: String, Sendable {
    /// No recipe of that name.
    case notFound
}

/// What a handler of `ShowDirectionsIntent` implements.
@MainActor
public protocol ShowDirectionsIntentHandling: AnyObject {
    /// Resolves the recipe.
    func resolveRecipe(for intent: ShowDirectionsIntent) async -> ResolutionResult<Recipe>
    /// One page of the recipes to offer for a search term (nil or empty: recents, then all),
    /// with `nextOffset` set when more follow.
    func provideRecipeOptions(for intent: ShowDirectionsIntent, searchTerm: String?, page: OptionsPage) async throws
        -> ObjectCollection<Recipe>
    /// Confirms (default: ready).
    func confirm(intent: ShowDirectionsIntent) async -> IntentResponse
    /// Handles.
    func handle(intent: ShowDirectionsIntent) async -> IntentResponse
}

extension ShowDirectionsIntentHandling {
    /// Ready.
    public func confirm(intent: ShowDirectionsIntent) async -> IntentResponse { .ready }
}

/// The intent's responses.
public enum ShowDirectionsResponse {
    /// Raw value of `showDirections`.
    public static let showDirectionsCode = ResponseCode(rawValue: 100)
    /// Raw value of `showIngredients`.
    public static let showIngredientsCode = ResponseCode(rawValue: 101)
    /// Raw value of `startOver`.
    public static let startOverCode = ResponseCode(rawValue: 102)

    /// The dialog templates.
    public static let templates: [ResponseTemplate] = [
        ResponseTemplate(custom: 100, name: "showDirections", isSuccess: true, dialog: "Step ${step}. ${directions}"),
        ResponseTemplate(
            custom: 101, name: "showIngredients", isSuccess: true,
            dialog: "Here are the ingredients for ${recipe}: ${ingredients}."),
        ResponseTemplate(
            custom: 102, name: "startOver", isSuccess: true, dialog: "Starting over. Step ${step}. ${directions}"),
        ResponseTemplate(code: .failure, dialog: "Sorry, I couldn't do that."),
        ResponseTemplate(code: .continueInApp, dialog: "Opening Recipe Assistant."),
    ]

    /// A step of the directions.
    public static func showDirections(step: Int, directions: String) -> IntentResponse {
        IntentResponse(code: showDirectionsCode, values: ["step": String(step), "directions": directions])
    }

    /// The first step again, after the last.
    public static func startOver(directions: String) -> IntentResponse {
        IntentResponse(code: startOverCode, values: ["step": "1", "directions": directions])
    }

    /// A recipe's ingredients.
    public static func showIngredients(_ recipe: Recipe) -> IntentResponse {
        IntentResponse(
            code: showIngredientsCode,
            values: ["recipe": recipe.title, "ingredients": recipe.ingredients.joined(separator: ", ")])
    }
}
