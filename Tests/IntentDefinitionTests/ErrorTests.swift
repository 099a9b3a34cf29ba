import Foundation
import IntentDefinition
import SceneIntents
import Testing

struct ErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let path: [String]
        let replacement: PropertyListValue?
        let code: IntentDefinitionError.Code
        let keyPath: String
        var testDescription: String { keyPath }
    }

    static let cases: [Case] = [
        Case(path: ["INIntents", "0", "INIntentParameters", "1", "INIntentParameterType"], replacement: .integer(5),
             code: .wrongType, keyPath: "INIntents[0].INIntentParameters[1].INIntentParameterType"),
        Case(path: ["INIntents", "0", "INIntentName"], replacement: nil, code: .missingKey, keyPath: "INIntents[0].INIntentName"),
        Case(path: ["INIntents", "0", "INIntentName"], replacement: .string("Track Intake"), code: .invalidValue,
             keyPath: "INIntents[0].INIntentName"),
        Case(path: ["INIntents"], replacement: .string("none"), code: .wrongType, keyPath: "INIntents"),
        Case(path: ["INIntents", "0", "INIntentParameters", "0", "INIntentParameterSupportsResolution"], replacement: .string("maybe"),
             code: .wrongType, keyPath: "INIntents[0].INIntentParameters[0].INIntentParameterSupportsResolution"),
        Case(path: ["INEnums", "0", "INEnumValues", "2", "INEnumValueIndex"], replacement: .integer(1), code: .invalidValue,
             keyPath: "INEnums[0].INEnumValues[2].INEnumValueIndex"),
        Case(path: ["INIntents", "0", "INIntentParameters", "1", "INIntentParameterName"], replacement: .string("ounces"),
             code: .invalidValue, keyPath: "INIntents[0].INIntentParameters[1]"),
        Case(path: ["INIntents", "0", "INIntentResponse", "INIntentResponseCodes", "1", "INIntentResponseCodeName"],
             replacement: .string("success"), code: .invalidValue,
             keyPath: "INIntents[0].INIntentResponse.INIntentResponseCodes[1].INIntentResponseCodeName"),
        Case(path: ["INIntents", "0", "INIntentParameters", "0", "INIntentParameterMetadata"], replacement: .array([]),
             code: .wrongType, keyPath: "INIntents[0].INIntentParameters[0].INIntentParameterMetadata"),
        Case(path: ["INIntents", "0", "INIntentParameters", "1", "INIntentParameterEnumType"], replacement: .string("9Lives"),
             code: .invalidValue, keyPath: "INIntents[0].INIntentParameters[1].INIntentParameterEnumType"),
        Case(path: ["INIntents", "0", "INIntentParameterCombinations"], replacement: .array([]), code: .wrongType,
             keyPath: "INIntents[0].INIntentParameterCombinations"),
    ]

    @Test(arguments: cases)
    func aMalformedValueIsATypedErrorNamingFileAndKeyPath(_ item: Case) throws {
        let steps = item.path.map { Int($0).map(PathStep.index) ?? .key($0) }
        let broken = try #require(try Fixtures.value(Fixtures.built("Hydrator")).setting(steps, to: item.replacement))
        let error = #expect(throws: IntentDefinitionError.self) {
            try IntentDefinitionFile(data: broken.encoded(), file: "Broken.intentdefinition")
        }
        #expect(error?.code == item.code)
        #expect(error?.file == "Broken.intentdefinition")
        #expect(error?.keyPath == item.keyPath)
        #expect(error?.description.hasPrefix("Broken.intentdefinition: \(item.keyPath): ") == true)
    }

    @Test func aTypeMismatchSaysWhatWasExpectedAndFound() throws {
        let broken = try #require(
            try Fixtures.value(Fixtures.built("Hydrator"))
                .setting(["INIntents", 0, "INIntentParameters", 1, "INIntentParameterType"], to: .integer(5)))
        let error = #expect(throws: IntentDefinitionError.self) { try IntentDefinitionFile(data: broken.encoded(), file: "B") }
        #expect(error == IntentDefinitionError(
            code: .wrongType, file: "B", keyPath: "INIntents[0].INIntentParameters[1].INIntentParameterType", value: "5",
            message: "expected a string, found an integer"))
    }

    @Test func bytesThatAreNoPropertyListAreReported() {
        for bytes in [Data(), Data("<plist><dict><key>a</key></dict></plist>".utf8), Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xFF])] {
            let error = #expect(throws: IntentDefinitionError.self) { try IntentDefinitionFile(data: bytes, file: "X") }
            #expect(error?.code == .notAPropertyList && error?.keyPath == "")
        }
    }

    @Test func aTopLevelThatIsNoDictionaryIsReported() throws {
        let error = #expect(throws: IntentDefinitionError.self) {
            try IntentDefinitionFile(data: PropertyListValue.array([.string("x")]).encoded(), file: "A")
        }
        #expect(error?.code == .wrongType && error?.keyPath == "" && error?.description == "A: top level: expected a dictionary with INIntents at the top, found an array")
    }

    @Test func aMissingFileIsUnreadable() {
        let error = #expect(throws: IntentDefinitionError.self) { try IntentDefinitionFile(contentsOf: "/nonexistent/Nope.intentdefinition") }
        #expect(error?.code == .unreadable && error?.file == "/nonexistent/Nope.intentdefinition")
    }

    @Test func anEmptyDictionaryIsAnEmptyDefinition() throws {
        let file = try IntentDefinitionFile(data: PropertyListValue.dictionary([:]).encoded(), file: "E")
        #expect(file.intents.isEmpty && file.enums.isEmpty && file.types.isEmpty && file.modelVersion == nil)
    }
}
