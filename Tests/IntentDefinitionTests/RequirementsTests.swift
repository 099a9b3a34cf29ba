import Foundation
import IntentDefinition
import IntentGenFixtures
import RecipeAssistantKit
import SceneIntents
import Testing

/// `INIntentUserConfirmationRequired`, `INIntentRestrictions` and the parameters' minimum and
/// maximum values reach the generated schema; a key set and not honoured is a warning naming it.
struct RequirementsTests {
    func generate() throws -> GenerationResult {
        IntentGenerator.generate([try IntentDefinitionFile(contentsOf: Fixtures.resource("Requirements"))])
    }

    @Test func theConfirmationTheRestrictionAndTheBoundsAreInTheGoldenSwift() throws {
        let generated = try generate()
        let golden = try String(contentsOfFile: Fixtures.golden("Requirements.swift.golden"), encoding: .utf8)
        let difference = firstDifference(golden, generated.files[0].contents)
        #expect(difference == nil, "the generated Swift differs from Golden/Requirements.swift.golden at \(difference ?? "")")
    }

    @Test func theSchemaLinesSayWhatTheFileSets() throws {
        let swift = try generate().files[0].contents
        let indent = String(repeating: " ", count: 8)
        #expect(swift.contains([
            "responses: SendGiftIntentResponse.templates,", "confirmation: IntentConfirmation(prompt: \"Send ${count} gifts?\"),",
            "restriction: .whileLockedOrProtectedDataUnavailable,",
        ].map { indent + $0 }.joined(separator: "\n")))
        #expect(swift.contains([
            "responses: WaveIntentResponse.templates,", "confirmation: IntentConfirmation(),", "restriction: .whileLocked,",
        ].map { indent + $0 }.joined(separator: "\n")))
        #expect(swift.contains(indent + "confirmation: IntentConfirmation(prompt: \"Bow to ${audience}?\"),"))
        #expect(swift.contains(".bounded(minimum: 1, maximum: 5),"))
        #expect(swift.contains(".bounded(maximum: 2.5),"))
        #expect(swift.components(separatedBy: ".bounded(").count == 3, "the TimeInterval's, the crossed and the textual bounds are left out")
    }

    @Test func keysSetAndNotHonouredAreWarningsNamingThem() throws {
        let path = Fixtures.resource("Requirements")
        let warnings = try generate().warnings
        #expect(warnings.map { "\($0.code.rawValue)|\($0.subject)|\($0.parameter ?? "-")|\($0.key ?? "-")" } == [
            "keyNotHonoured|SendGift|delay|INIntentParameterMetadataMinimumValue",
            "keyNotHonoured|Wave|-|INIntentRestrictions",
            "keyNotHonoured|Wave|times|INIntentParameterMetadataMinimumValue",
            "keyNotHonoured|Wave|hands|INIntentParameterMetadataMaximumValue",
            "keyNotHonoured|Bow|-|INIntentResponseCodeFormatString",
        ])
        #expect(warnings.map(\.description) == [
            "\(path): warning: intent 'SendGift': parameter 'delay': INIntentParameterMetadataMinimumValue is not honoured: SceneIntents checks the bounds of Integer and Decimal parameters only, and this one is TimeInterval",
            "\(path): warning: intent 'Wave': INIntentRestrictions 7 is not 0 (none), 1 (restricted while locked) or 2 (…or protected data unavailable); it is restricted while locked",
            "\(path): warning: intent 'Wave': parameter 'times': INIntentParameterMetadataMinimumValue and INIntentParameterMetadataMaximumValue are not honoured: the minimum 9 is above the maximum 3, so no value would do",
            "\(path): warning: intent 'Wave': parameter 'hands': INIntentParameterMetadataMaximumValue is not honoured: it is a string, not a number",
            "\(path): warning: intent 'Bow': the confirmation question (the 'ready' code's text) names ${audience}, which is not one of its parameters; it is said as written",
        ])
    }

    @Test func theFixturesBuiltWithThePluginCarryTheirBoundsAndRestrictions() throws {
        let catalog = try IntentCatalog(IntentGenFixtureCatalog.intentTypes)
        let ounces = try #require(catalog.descriptor(named: "TrackIntakeIntent")?.parameter(named: "ounces"))
        #expect([ounces.minimumValue, ounces.maximumValue] == [1, 128])
        let budget = try #require(catalog.descriptor(named: "PlanTripIntent")?.parameter(named: "budget"))
        #expect([budget.minimumValue, budget.maximumValue] == [0.5, 99.5])
        #expect(catalog.descriptor(named: "TrackIntakeIntent")?.requirements == IntentRequirements())
        #expect(RecipeAssistantApp.catalog.descriptor(named: "ShowDirectionsIntent")?.requirements
            == IntentRequirements(restriction: .whileLocked))
        let coffee = try #require(catalog.descriptor(named: "OrderCoffeeIntent"))
        #expect(coffee.requirements == IntentRequirements(confirmation: IntentConfirmation(prompt: "Order a ${size} coffee?")))
        #expect(coffee.template(for: .ready) == nil, "the question is not a response dialog")
    }
}

/// The new data reads back from JSON, and data written before it existed still reads.
struct RequirementsCodingTests {
    @Test func aParameterDescriptorWithoutBoundsDecodesAndBoundsRoundTrip() throws {
        let old = Data(#"{"name":"count","valueTypeName":"Int","flags":1,"prompts":{"unsupported":{}}}"#.utf8)
        let decoded = try JSONDecoder().decode(ParameterDescriptor.self, from: old)
        #expect(decoded == ParameterDescriptor(name: "count", valueTypeName: "Int", flags: .resolvable, prompts: ParameterPrompts()))
        let bounded = ParameterDescriptor(
            name: "count", valueTypeName: "Int", flags: .resolvable, prompts: ParameterPrompts(), minimumValue: 1, maximumValue: 2.5)
        #expect(try JSONDecoder().decode(ParameterDescriptor.self, from: JSONEncoder().encode(bounded)) == bounded)
    }

    @Test func requirementsWithoutKeysAreNoneAndEveryValueRoundTrips() throws {
        #expect(try JSONDecoder().decode(IntentRequirements.self, from: Data("{}".utf8)) == IntentRequirements())
        for restriction in IntentRestriction.allCases {
            for confirmation in [nil, IntentConfirmation(), IntentConfirmation(prompt: "Go ${where}?")] {
                let requirements = IntentRequirements(confirmation: confirmation, restriction: restriction)
                #expect(try JSONDecoder().decode(IntentRequirements.self, from: JSONEncoder().encode(requirements)) == requirements)
            }
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(IntentRequirements.self, from: Data(#"{"restriction":3}"#.utf8)) }
    }
}
