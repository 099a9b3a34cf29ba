import Foundation
import IntentDefinition
import SceneIntents
import Testing

struct ParsingTests {
    @Test func readsTheTopLevelAndEveryIntentKey() throws {
        let file = try IntentDefinitionFile(contentsOf: Fixtures.built("Hydrator"))
        #expect(file.file == Fixtures.built("Hydrator"))
        #expect([file.modelVersion, file.namespace, file.toolsVersion] == ["1.2", "p74MWb", "15.4"])
        #expect(file.types.isEmpty)
        let intent = try #require(file.intents.first)
        #expect(file.intents.count == 1)
        #expect(intent.name == "TrackIntake" && intent.title == "Track Intake" && intent.description == "Logs a drink.")
        #expect([intent.category, intent.verb, intent.kind, intent.input, intent.keyParameter] == ["create", "Add", "Custom", "ounces", "ounces"])
        #expect(intent.isConfigurable && !intent.isIneligibleForSuggestions && !intent.isEligibleForWidgets && !intent.isSystem)
        #expect(intent.restrictions == 0 && !intent.userConfirmationRequired)
        #expect(intent.parameterCombinations.map { "\($0.key)|\($0.parameterNames)|\($0.title ?? "-")|\($0.supportsBackgroundExecution)" } == [
            "|[]|Log a drink|true", "ounces,hydrationType|[\"ounces\", \"hydrationType\"]|Log ${ounces} ounces of ${hydrationType}|true",
        ])
        #expect(intent.managedParameterCombinations.map(\.key) == ["hydrationType,ounces"])
    }

    @Test func readsParametersWithFlagsPromptsReasonsAndMetadata() throws {
        let intent = try #require(try IntentDefinitionFile(contentsOf: Fixtures.built("Hydrator")).intents.first)
        #expect(intent.parameters.map(\.name) == ["ounces", "hydrationType"])
        let ounces = intent.parameters[0]
        #expect(ounces.declaration.type == .integer && ounces.declaration.tag == 2 && ounces.declaration.displayPriority == 1)
        #expect(ounces.declaration.displayName == "Ounces" && !ounces.declaration.supportsMultipleValues)
        #expect(ounces.supportsResolution && ounces.isConfigurable && !ounces.supportsDynamicEnumeration && !ounces.supportsSearch)
        #expect(ounces.promptDialogs == [
            PromptDialog(type: "Configuration", isCustom: true, formatString: nil),
            PromptDialog(type: "Primary", isCustom: true, formatString: "How many ounces?"),
        ])
        #expect(ounces.unsupportedReasons.map { "\($0.code)|\($0.isDefault)|\($0.isCustom)" } == [
            "negativeNumbersNotSupported|true|false", "greaterThanMaximumValue|true|false", "lessThanMinimumValue|true|false",
        ])
        #expect(ounces.declaration.metadata == [
            "Type": .string("Stepper"), "MinimumValue": .integer(1), "MaximumValue": .integer(128), "DefaultValue": .integer(8),
        ])
        let drink = intent.parameters[1]
        #expect(drink.declaration.type == .enumeration(TypeReference(name: "HydrationType", namespace: "p74MWb")))
        #expect(drink.prompt("Confirmation") == "Just to confirm, ${hydrationType}?" && drink.prompt("Concise") == nil)
    }

    @Test func readsResponseCodesAndParameters() throws {
        let response = try #require(try IntentDefinitionFile(contentsOf: Fixtures.built("Hydrator")).intents.first?.response)
        #expect(response.codes == [
            DefinedResponseCode(name: "success", isSuccess: true, formatString: "Logged ${ounces} ounces of ${hydrationType}.", conciseFormatString: "Logged."),
            DefinedResponseCode(name: "failure", isSuccess: false, formatString: "Sorry, I couldn't log that.", conciseFormatString: nil),
            DefinedResponseCode(name: "failureTooMuch", isSuccess: false, formatString: "That's more than ${limit} ounces in one go.", conciseFormatString: nil),
        ])
        #expect(response.parameters.map { "\($0.name):\($0.type.displayName)" } == ["ounces:Integer", "hydrationType:enum HydrationType", "limit:Integer"])
        #expect(response.output == nil)
    }

    @Test func readsEnumsWithIndicesOutOfOrder() throws {
        let file = try IntentDefinitionFile(contentsOf: Fixtures.built("Hydrator"))
        #expect(file.enums.map(\.name) == ["HydrationType"] && file.enums[0].displayName == "Hydration Type")
        #expect(file.enums[0].cases.map { "\($0.name)=\($0.rawValue):\($0.displayName ?? "-")" } == [
            "unknown=0:unknown", "water=1:Water", "sparklingWater=3:Sparkling water", "coffee=2:Coffee",
        ])
    }

    @Test func readsCustomTypesAndDynamicOptions() throws {
        let file = try IntentDefinitionFile(contentsOf: Fixtures.built("Recipes"))
        let type = try #require(file.types.first)
        #expect(type.name == "Recipe" && type.displayName == "Recipe")
        #expect(type.properties.map { "\($0.declaration.name):\($0.declaration.type.displayName):\($0.isDefault)" } == [
            "identifier:String:true", "displayString:String:true", "pronunciationHint:String:true",
            "alternativeSpeakableMatches:SpeakableString:true", "servings:Integer:false", "source:URL:false", "tags:String:false",
        ])
        #expect(type.customProperties.map(\.declaration.name) == ["servings", "source", "tags"])
        #expect(type.customProperties[2].declaration.supportsMultipleValues)
        let recipe = try #require(file.intents.first?.parameters.first)
        #expect(recipe.declaration.type == .object(TypeReference(name: "Recipe", namespace: "p74MWb")))
        #expect(recipe.supportsDynamicEnumeration && recipe.supportsSearch)
        #expect(recipe.prompt("DisambiguationIntroduction") == "There are ${count} recipes like that. Which one?")
        #expect(file.type(TypeReference(name: "Recipe")) == type && file.type(TypeReference(name: "Recipe", namespace: "System")) == nil)
    }

    @Test func readsEveryParameterTypeAndWidgetFlags() throws {
        let file = try IntentDefinitionFile(contentsOf: Fixtures.built("PlanTrip"))
        #expect(file.intents.map(\.name) == ["PlanTrip", "FooIntent", "Configuration"])
        #expect(file.intents[0].parameters.map { "\($0.name):\($0.declaration.type.displayName)\($0.declaration.supportsMultipleValues ? "[]" : "")" } == [
            "title:String", "travellers:Integer", "budget:Decimal", "refundable:Boolean", "departure:DateComponents",
            "duration:TimeInterval", "website:URL", "pace:enum Pace", "destination:Object Place", "companion:Object (untyped)",
            "stops:String[]", "nights:Integer[]", "paces:enum Pace[]", "places:Object Place[]", "dates:DateComponents[]",
            "default:String", "input_file:File", "nickname:SpeakableString",
        ])
        #expect(file.intents[0].parameters[15].declaration.label == "default")
        #expect(file.intents[0].parameters[2].declaration.metadataNumber("MaximumValue") == 99.5)
        #expect(file.intents[2].isWidgetOnly && !file.intents[0].isWidgetOnly)
        #expect(file.intents[1].parameters.isEmpty)
    }

    @Test func readsAModel10BinaryFile() throws {
        let file = try IntentDefinitionFile(contentsOf: Fixtures.built("Coffee"))
        #expect([file.modelVersion, file.namespace, file.toolsVersion] == ["1.0", nil, "10.0"])
        #expect(file.enums[0].cases.map { "\($0.name)=\($0.rawValue)" } == ["a=0", "large=3", "medium=2", "small=1"])
        let intent = try #require(file.intents.first)
        #expect(intent.parameters.map { "\($0.name):\($0.declaration.type.displayName)" } == ["cup:Object (untyped)", "size:enum Size"])
        #expect(intent.parameters.allSatisfy { $0.declaration.displayName == nil && !$0.supportsResolution })
        #expect(intent.response?.codes.map { "\($0.name):\($0.isSuccess):\($0.formatString ?? "-")" } == [
            "failure:false:", "success:true:A ${size} coffee, coming up.", "successReadySoon:true:Ready in ${minutes} minutes.",
            "ready:false:Order a ${size} coffee?",
        ])
        #expect(intent.userConfirmationRequired && intent.restrictions == 0)
        let combination = try #require(intent.parameterCombinations.first)
        #expect(combination.subtitle == "" && !combination.isPrimary && !combination.supportsBackgroundExecution)
    }

    @Test func readsRelationshipsIncludingADanglingOne() throws {
        let base = try Fixtures.value(Fixtures.built("Hydrator"))
        let relation: PropertyListValue = .dictionary([
            "INIntentParameterRelationshipParentName": .string("ounces"),
            "INIntentParameterRelationshipPredicateName": .string("HasAnyValue"),
        ])
        let dangling: PropertyListValue = .dictionary(["INIntentParameterRelationshipPredicateName": .string("BooleanHasExactValue"),
                                                        "INIntentParameterRelationshipPredicateValue": .boolean(true)])
        let changed = try #require(
            base.setting(["INIntents", 0, "INIntentParameters", 1, "INIntentParameterRelationship"], to: relation)?
                .setting(["INIntents", 0, "INIntentParameters", 0, "INIntentParameterRelationship"], to: dangling))
        let parameters = try IntentDefinitionFile(data: changed.encoded(), file: "R.intentdefinition").intents[0].parameters
        #expect(parameters.map(\.relationship) == [
            ParameterRelationship(parentName: nil, predicateName: "BooleanHasExactValue", predicateValue: .boolean(true)),
            ParameterRelationship(parentName: "ounces", predicateName: "HasAnyValue", predicateValue: nil),
        ])
    }

    @Test func readsTextWithNonASCIIQuotesBackslashesAndNewlines() throws {
        let intent = try #require(try IntentDefinitionFile(contentsOf: Fixtures.built("Edges")).intents.first)
        #expect(intent.description == "An intent named “Intent”,\nwith a \\(backslash) and \"quotes\".")
        #expect(intent.parameters.map(\.declaration.label) == ["class", "in", "first_floor"])
        #expect(intent.parameterCombinations.map { "\($0.key)|\($0.title ?? "-")" } == ["|-", "class,in|Run ${class} in ${in}"])
    }

    @Test func aSystemIntentIsReadAndMarked() throws {
        let file = try IntentDefinitionFile(contentsOf: Fixtures.resource("Unmodelled"))
        let system = try #require(file.intents.last)
        #expect(system.name == "SendMessage" && system.isSystem && system.response == nil && system.parameters.isEmpty)
    }
}
