import RecipeAssistantKit
import SceneIntents
import Testing

/// The Recipe Assistant's intent as generated from `Demos/RecipeAssistant/Kit/Recipes.intentdefinition`
/// declares exactly what the hand-written glue it replaced declared: the parameter's flags,
/// prompts and refusal, the dialogs of every code (custom ones from 100), the suggested phrase.
struct RecipeDefinitionTests {
    @Test func theGeneratedShowDirectionsIntentDeclaresWhatTheDemoSays() throws {
        let descriptor = try #require(RecipeAssistantApp.catalog.descriptor(named: "ShowDirectionsIntent"))
        #expect(descriptor.parameters.map(\.name.rawValue) == ["recipe"])
        let recipe = try #require(descriptor.parameter(named: "recipe"))
        #expect(recipe.flags == [.resolvable, .configurable, .dynamicOptions, .searchable])
        #expect(recipe.valueTypeName == "RecipeReference")
        #expect(recipe.prompts == ParameterPrompts(
            value: "Which recipe?", disambiguationIntroduction: "Which recipe?",
            confirmation: "Just to confirm, you wanted '${recipe}'?",
            unsupported: ["notFound": "I couldn't find a recipe called '${recipe}'."]))
        #expect(descriptor.responses.map { "\($0.code.rawValue) \($0.name) \($0.isSuccess): \($0.dialog)" } == [
            "5 failure false: Sorry, I couldn't do that.", "2 continueInApp true: Opening Recipe Assistant.",
            "100 showDirections true: Step ${step}. ${directions}",
            "101 showIngredients true: Here are the ingredients for ${recipe}: ${ingredients}.",
            "102 startOver true: Starting over. Step ${step}. ${directions}",
            "103 failureNoDirections false: Sorry, ${recipe} has no directions.",
            "104 failurePickRecipe false: Which recipe? Pick one from the list.",
        ])
        #expect(descriptor.suggestedInvocationPhrase == "Next step")
    }
}
