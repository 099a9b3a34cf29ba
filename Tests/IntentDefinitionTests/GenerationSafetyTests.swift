import Foundation
import IntentDefinition
import SceneIntents
import Testing

/// What `intentgen` refuses or fixes rather than generating Swift that does not build: names
/// that would be declared twice, a file name that is no identifier, a file whose every intent is
/// skipped.
struct GenerationSafetyTests {
    /// The fixture `name` with the value at `path` replaced, read as `file`.
    func changed(_ name: String, _ path: [PathStep], to value: PropertyListValue, file: String) throws -> IntentDefinitionFile {
        let changed = try #require(try Fixtures.value(Fixtures.built(name)).setting(path, to: value))
        return try IntentDefinitionFile(data: changed.encoded(), file: file)
    }

    @Test(arguments: [("Ounces", "resolveOunces(for:)"), ("protocol", "resolveProtocol(for:)")])
    func parametersWhoseMethodsWouldClashAreRefusedNamingBoth(_ second: String, _ method: String) throws {
        var value = try Fixtures.value(Fixtures.built("Hydrator"))
        if second == "protocol" {
            value = try #require(value.setting(["INIntents", 0, "INIntentParameters", 0, "INIntentParameterName"], to: .string("Protocol")))
        }
        let clashing = try #require(value.setting(["INIntents", 0, "INIntentParameters", 1, "INIntentParameterName"], to: .string(second)))
        let first = second == "protocol" ? "Protocol" : "ounces"
        let error = #expect(throws: IntentDefinitionError.self) {
            try IntentDefinitionFile(data: clashing.encoded(), file: "H.intentdefinition")
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.description
            == "H.intentdefinition: INIntents[0].INIntentParameters[1]: '\(second)' and '\(first)' (INIntents[0].INIntentParameters[0]) would both generate \(method); rename one")
    }

    @Test func aCustomPropertyNamedLikeAStandardOneIsSkippedWithAWarningNamingIt() throws {
        let file = try changed("Recipes", ["INTypes", 0, "INTypeProperties", 4, "INTypePropertyName"], to: .string("subtitleString"), file: "R.intentdefinition")
        let result = IntentGenerator.generate([file])
        let warning = try #require(result.warnings.first { $0.parameter == "subtitleString" })
        #expect(warning.code == .propertySkipped)
        #expect(warning.message.hasPrefix("property 'subtitleString' of type '") && warning.message.hasSuffix("(as INObject does); rename it"))
        #expect(result.files[0].contents.components(separatedBy: "public var subtitleString: String?").count == 2)
    }

    @Test func aFileNameWithAccentsMakesAnIdentifierThatKeepsItsLetters() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.golden("Small.intentdefinition")))
        let names = ["Ünï.intentdefinition": "UniIntentDefinition", "crème-brûlée.intentdefinition": "CremeBruleeIntentDefinition",
                     "日本.intentdefinition": "日本IntentDefinition", "2go.intentdefinition": "File2goIntentDefinition"]
        for (name, expected) in names {
            let swift = IntentGenerator.generate([try IntentDefinitionFile(data: data, file: name)]).files[0].contents
            #expect(swift.contains("public enum \(expected) {"), "\(name)")
        }
    }

    @Test func aFileWhoseIntentsAreAllSkippedGeneratesNoDeprecatedCall() throws {
        let file = try changed("Hydrator", ["INIntents", 0, "INIntentParameters", 0, "INIntentParameterType"], to: .string("Placemark"), file: "H.intentdefinition")
        let result = IntentGenerator.generate([file])
        #expect(result.warnings.map(\.code) == [.intentSkipped])
        let swift = result.files[0].contents
        #expect(swift.contains("public static let intentTypes: [any Intent.Type] = []"))
        #expect(swift.contains("public static let phrases: [(phrase: String, intent: String)] = []\n"))
        #expect(!swift.contains("flatMap"))
    }
}
