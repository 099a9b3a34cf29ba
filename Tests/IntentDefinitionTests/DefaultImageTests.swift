import Foundation
import IntentDefinition
import SceneIntents
import Testing

struct DefaultImageTests {
    func generated(imageName: PropertyListValue?) throws -> String {
        let value = try Fixtures.value(Fixtures.built("Hydrator"))
        let changed = try #require(value.setting(["INIntents", 0, "INIntentDefaultImageName"], to: imageName))
        let file = try IntentDefinitionFile(data: changed.encoded(.xml), file: "Hydrator.intentdefinition")
        #expect(file.intents.first?.defaultImageName == imageName.flatMap { if case .string(let name) = $0 { name } else { nil } })
        return try #require(IntentGenerator.generate([file]).files.first).contents
    }

    @Test func theDefaultImageNameIsReadAndGeneratedOnTheIntent() throws {
        let line = "public static let defaultImageName = \"glass-of-water\""
        #expect(try generated(imageName: .string("glass-of-water")).contains(line))
        #expect(!(try generated(imageName: nil)).contains("defaultImageName"))
    }
}

struct SuggestionSummaryTests {
    /// The Hydrator fixture with its Siri combination made the primary suggestion titled `title`.
    func generated(title: String) throws -> GenerationResult {
        let value = try Fixtures.value(Fixtures.built("Hydrator"))
        let path: [PathStep] = ["INIntents", 0, "INIntentParameterCombinations", "ounces,hydrationType"]
        let combination = PropertyListValue.dictionary([
            "INIntentParameterCombinationIsPrimary": .boolean(true),
            "INIntentParameterCombinationSupportsBackgroundExecution": .boolean(true),
            "INIntentParameterCombinationTitle": .string(title),
        ])
        let changed = try #require(value.setting(path, to: combination))
        return IntentGenerator.generate([try IntentDefinitionFile(data: changed.encoded(.xml), file: "Hydrator.intentdefinition")])
    }

    @Test func thePrimarySummaryIsGeneratedAndNotWarnedAboutWhenItsSlotsTouch() throws {
        let result = try generated(title: "${hydrationType}, ${ounces} ounces")
        #expect(result.warnings.isEmpty)
        let contents = try #require(result.files.first).contents
        #expect(contents.contains("public static let suggestionSummary = \"${hydrationType}, ${ounces} ounces\""))
        #expect(contents.contains("public static let phrases: [String] = [\"Log a drink\", \"Log ${ounces} ounces of ${hydrationType}\"]"))
    }

    @Test func aPrimarySummaryNamingNoParameterIsStillReported() throws {
        let result = try generated(title: "${drink}, ${ounces} ounces")
        #expect(result.warnings.map(\.code) == [.phraseDropped])
    }
}
