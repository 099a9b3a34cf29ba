import Foundation
import IntentDefinition
import Testing

struct DefaultImageTests {
    func generated(imageName: PlistValue?) throws -> String {
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
