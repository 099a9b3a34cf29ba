import Foundation
import IntentDefinition
import IntentGenFixtures
import RecipeAssistantKit
import SceneIntents
import TestFixtures
import Testing

/// A `CatalogDescription` written as an intent definition file and read back is the same, and a
/// checked-in definition read as a description is what the generator made of it in Swift.
@Suite struct DefinitionFormatTests {
    /// `description` written and read back.
    static func roundTrip(_ description: CatalogDescription, file: String = "Intents.intentdefinition") throws -> CatalogDescription {
        let data = try IntentDefinitionFormat.data(of: description)
        #expect(data == (try IntentDefinitionFormat.data(of: description)), "the bytes differ between two writes")
        return try IntentDefinitionFormat.read(data, file: file)
    }

    static func read(_ paths: [String]) throws -> (description: CatalogDescription, warnings: [GenerationWarning]) {
        IntentDefinitionFormat.description(of: try paths.map { try IntentDefinitionFile(contentsOf: $0) })
    }

    @Test func theKitchenCatalogReadsBackTheSame() throws {
        let description = try Kitchen.catalog().catalogDescription
        #expect(try Self.roundTrip(description) == IntentDefinitionFormat.definitionPart(of: description))
    }

    @Test func theRecipeAssistantCatalogReadsBackTheSame() throws {
        let description = RecipeAssistantApp.catalog.catalogDescription
        #expect(description.intents.contains { $0.suggestedInvocationPhrase != nil }, "the test covers a phrase left out")
        #expect(try Self.roundTrip(description) == IntentDefinitionFormat.definitionPart(of: description))
    }

    @Test func theRequirementsFixtureReadsBackTheSame() throws {
        let description = try Self.read([Fixtures.resource("Requirements")]).description
        #expect(description.intents.map(\.typeName).count >= 3)
        #expect(description.intents.contains { $0.requirements.confirmation != nil })
        #expect(description.intents.contains { $0.requirements.restriction != .unrestricted })
        #expect(description.intents.contains { $0.parameters.contains { $0.minimumValue != nil } })
        #expect(try Self.roundTrip(description) == description)
    }

    @Test func theFixtureDefinitionsReadAsTheCatalogGeneratedFromThem() throws {
        let names = ["Coffee", "Edges", "Hydrator", "PlanTrip", "Recipes"]
        let read = try Self.read(names.map(Fixtures.built))
        let generated = IntentCatalog(intents: IntentGenFixtureCatalog.intentTypes)
        #expect(generated.problems.isEmpty)
        #expect(read.description == generated.catalogDescription)
        #expect(try Self.roundTrip(read.description) == read.description)
    }

    @Test func theRecipesDemoDefinitionReadsAsTheDemoCatalogLessWhatItsCodeAdds() throws {
        let root = Fixtures.testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let read = try Self.read([root.appending(path: "Demos/RecipeAssistant/Kit/Recipes.intentdefinition").path])
        #expect(read.description == IntentDefinitionFormat.definitionPart(of: RecipeAssistantApp.catalog.catalogDescription))
    }

    @Test func theRequirementsDefinitionReadsAsTheSwiftGeneratedFromIt() throws {
        // Requirements.intentdefinition is generated to a golden file rather than compiled: its
        // Swift says each description rule, which the description must say too.
        let read = try Self.read([Fixtures.resource("Requirements")]).description
        let golden = try String(contentsOfFile: Fixtures.golden("Requirements.swift.golden"), encoding: .utf8)
        for intent in read.intents {
            #expect(golden.contains("public static let typeName = \"\(intent.typeName)\""))
            if let prompt = intent.requirements.confirmation?.prompt {
                #expect(golden.contains("confirmation: IntentConfirmation(prompt: \"\(prompt)\")"))
            }
            if intent.requirements.restriction != .unrestricted {
                #expect(golden.contains("restriction: .\(intent.requirements.restriction)"))
            }
        }
    }
}

/// Bad definition input is an error naming the file and the key path.
@Suite struct DefinitionFormatErrorTests {
    static let file = "Bad.app/Intents.intentdefinition"

    static func data(_ root: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
    }

    static func intent(_ parameter: [String: Any]) -> [String: Any] {
        ["INIntents": [["INIntentName": "Wave", "INIntentParameters": [parameter]] as [String: Any]]]
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let root: @Sendable () -> [String: Any]
        let keyPath: String
        let message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "missing key", root: { intent(["INIntentParameterName": "times"]) },
             keyPath: "INIntents[0].INIntentParameters[0].INIntentParameterType", message: "the key is missing"),
        Case(name: "wrong type", root: { intent(["INIntentParameterName": "times", "INIntentParameterType": "Integer", "INIntentParameterSupportsResolution": "often"]) },
             keyPath: "INIntents[0].INIntentParameters[0].INIntentParameterSupportsResolution", message: "expected a boolean, found a string"),
        Case(name: "unknown parameter type", root: { intent(["INIntentParameterName": "place", "INIntentParameterType": "Placemark"]) },
             keyPath: "INIntents[0].INIntentParameters[0].INIntentParameterType", message: "'place' of intent 'Wave': the type 'Placemark' (a location) is not modelled by SceneIntents"),
        Case(name: "unknown enum", root: { intent(["INIntentParameterName": "hand", "INIntentParameterType": "Integer", "INIntentParameterEnumType": "Hand"]) },
             keyPath: "INIntents[0].INIntentParameters[0].INIntentParameterType", message: "'hand' of intent 'Wave': the enum 'Hand' is not generated from this file"),
    ]

    @Test(arguments: cases) func isAnErrorNamingTheFileAndKeyPath(_ bad: Case) throws {
        #expect {
            _ = try IntentDefinitionFormat.read(try Self.data(bad.root()), file: Self.file)
        } throws: { error in
            guard let error = error as? IntentDefinitionError else { return false }
            return error.file == Self.file && error.keyPath == bad.keyPath && error.message.hasPrefix(bad.message)
                && error.description.hasPrefix("\(Self.file): \(bad.keyPath): ")
        }
    }

    @Test func aDescriptionTheFormatCannotSayIsRefusedNamingIt() throws {
        let gap = IntentDescription(
            typeName: "WaveIntent", parameters: [],
            responses: [ResponseTemplate(custom: 101, name: "tooFar", isSuccess: false, dialog: "Too far.")])
        #expect(throws: IntentDefinitionWriteError(
            subject: "intent 'WaveIntent'",
            problem: "custom code 'tooFar' (101) cannot be written: custom codes are numbered from 100 in order, one after the other, and named as Swift names")) {
            try IntentDefinitionFormat.data(of: CatalogDescription(intents: [gap], enums: []))
        }
    }
}

/// The keys a written definition uses beyond Xcode's usual ones generate the Swift they read as.
@Suite struct WrittenDefinitionGenerationTests {
    static let description = CatalogDescription(
        intents: [
            IntentDescription(
                typeName: "Wave",
                parameters: [
                    ParameterDescriptor(
                        name: "hand", valueTypeName: "Hand", flags: [.resolvable],
                        prompts: ParameterPrompts(value: "Which hand?", unsupported: ["": "Not that one.", "tired": "It is tired."]))
                ])
        ],
        enums: [
            EnumDescription(
                typeName: "Hand",
                cases: [
                    .init(rawValue: 1, spoken: EnumCase(identifier: "left", displayName: "Left", synonyms: ["port"])),
                    .init(rawValue: 2, spoken: EnumCase(identifier: "rightHand", displayName: "Right")),
                ],
                unknown: .init(rawValue: 0, spoken: EnumCase(identifier: "unknown", displayName: "Unknown")))
        ])

    @Test func aClassNameSynonymsAndTheDefaultReasonGenerateWhatTheyRead() throws {
        let data = try IntentDefinitionFormat.data(of: Self.description)
        #expect(try IntentDefinitionFormat.read(data, file: "Wave.intentdefinition") == Self.description)
        let result = IntentGenerator.generate([try IntentDefinitionFile(data: data, file: "Wave.intentdefinition")])
        #expect(result.warnings.isEmpty)
        let code = try #require(result.files.first?.contents)
        for expected in [
            "public struct Wave: Intent", "public static let typeName = \"Wave\"", "public protocol WaveHandling: AnyObject",
            "case .left: [\"port\"]", "unsupported: [\"\": \"Not that one.\", \"tired\": \"It is tired.\"]",
            "public enum WaveHandUnsupportedReason: String, Sendable, CaseIterable",
        ] {
            #expect(code.contains(expected), "the generated Swift lacks \(expected)")
        }
        #expect(!code.contains("case .rightHand: ["), "an empty synonym list written stays empty")
    }
}
