import Foundation
import IntentDefinition
import Testing

struct GeneratorTests {
    static let fixtures = ["Hydrator", "Recipes", "PlanTrip", "Coffee", "Edges"].map(Fixtures.built) + [Fixtures.resource("Unmodelled")]

    func generate(_ paths: [String]) throws -> GenerationResult {
        IntentGenerator.generate(try paths.map { try IntentDefinitionFile(contentsOf: $0) })
    }

    @Test func outputIsByteIdenticalAcrossRuns() throws {
        let first = try generate(Self.fixtures)
        let second = try generate(Self.fixtures)
        #expect(first == second)
        #expect(first.files.map(\.name) == ["Hydrator.swift", "Recipes.swift", "PlanTrip.swift", "Coffee.swift", "Edges.swift", "Unmodelled.swift"])
    }

    @Test(arguments: ["Hydrator", "Recipes", "PlanTrip", "Coffee", "Edges"])
    func outputDoesNotDependOnTheContainerFormat(_ name: String) throws {
        let value = try Fixtures.value(Fixtures.built(name))
        let xml = try IntentDefinitionFile(data: value.encoded(.xml), file: "\(name).intentdefinition")
        let binary = try IntentDefinitionFile(data: value.encoded(.binary), file: "\(name).intentdefinition")
        #expect(IntentGenerator.generate([xml]) == IntentGenerator.generate([binary]))
    }

    @Test func aSmallFileGeneratesTheGoldenSwift() throws {
        let generated = try generate([Fixtures.golden("Small.intentdefinition")])
        let golden = try String(contentsOfFile: Fixtures.golden("Small.swift.golden"), encoding: .utf8)
        #expect(generated.warnings.isEmpty)
        #expect(generated.files.map(\.name) == ["Small.swift"])
        let difference = firstDifference(golden, generated.files[0].contents)
        #expect(difference == nil, "the generated Swift differs from Golden/Small.swift.golden at \(difference ?? "")")
    }

    @Test func unmodelledTypesSkipIntentsWithWarningsNamingFileIntentParameterAndType() throws {
        let path = Fixtures.resource("Unmodelled")
        let result = try generate([path])
        #expect(result.warnings.map { "\($0.code.rawValue)|\($0.subject)|\($0.parameter ?? "-")|\($0.type ?? "-")" } == [
            "propertySkipped|Invoice|total|CurrencyAmount",
            "intentSkipped|FindNearby|place|Placemark",
            "intentSkipped|Pay|amount|CurrencyAmount",
            "intentSkipped|PlayMedia|item|Object System.MediaItem",
            "intentSkipped|Repeat|mode|enum System.PlaybackRepeatMode",
            "phraseDropped|ShareFile|-|-",
            "phraseDropped|ShareFile|-|-",
            "systemIntent|SendMessage|-|-",
        ])
        #expect(result.warnings.allSatisfy { $0.file == path && $0.description.hasPrefix("\(path): warning: ") })
        #expect(result.warnings[1].message
            == "intent 'FindNearby' is skipped: parameter 'place' has type 'Placemark': the type 'Placemark' (a location) is not modelled by SceneIntents")
        let swift = result.files[0].contents
        #expect(swift.contains("public struct ShareFileIntent: Intent") && swift.contains("public struct SendInvoiceIntent: Intent"))
        #expect(swift.contains("public var document: URL?") && swift.contains("public var caption: String?"))
        #expect(!swift.contains("FindNearbyIntent") && !swift.contains("PayIntent") && !swift.contains("SendMessageIntent"))
        #expect(swift.contains("intentTypes: [any Intent.Type] = [ShareFileIntent.self, SendInvoiceIntent.self]"))
    }

    @Test func aNameTwoFilesDefineIsGeneratedOnceAndReported() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.built("Hydrator")))
        let files = try ["Hydrator.intentdefinition", "Copy.intentdefinition"].map { try IntentDefinitionFile(data: data, file: $0) }
        let result = IntentGenerator.generate(files)
        #expect(result.warnings.map { "\($0.file)|\($0.code.rawValue)|\($0.subject)" } == [
            "Copy.intentdefinition|nameTaken|enum 'HydrationType'", "Copy.intentdefinition|intentSkipped|TrackIntake",
        ])
        #expect(result.files[1].contents.contains("public enum CopyIntentDefinition"))
        #expect(!result.files[1].contents.contains("struct TrackIntakeIntent"))
    }

    @Test func namesFollowXcode() throws {
        let swift = try generate([Fixtures.built("PlanTrip")]).files[0].contents
        for declaration in [
            "public struct FooIntentIntent: Intent", "public protocol FooIntentIntentHandling", "public struct FooIntentIntentResponse",
            "public enum FooIntentIntentResponseCode", "public struct PlanTripIntent: Intent", "public var `default`: String?",
            "func resolveInput_file(for intent: PlanTripIntent)", "func providePlacesOptionsCollection(for intent: PlanTripIntent, searchTerm: String?)",
            "func provideDestinationOptionsCollection(for intent: PlanTripIntent) async throws", "case `default` = 4",
            "public static func noSeats(date: DateComponents) -> PlanTripIntentResponse",
            "public func handle(intent: ConfigurationIntent) async throws -> ConfigurationIntentResponse {",
        ] {
            #expect(swift.contains(declaration), "missing: \(declaration)")
        }
    }

    @Test func stringsFromTheFileAreEscapedIntoLiterals() {
        #expect(SwiftName.literal("a \"b\" \\(c)\n\tü\u{2028}") == #""a \"b\" \\(c)\n\tü\u{2028}""#)
        #expect(SwiftName.escaped("default") == "`default`" && SwiftName.escaped("ounces") == "ounces")
        #expect(["class", "in", "var", "inout", "ounces"].map(SwiftName.argumentLabel) == ["class", "in", "`var`", "`inout`", "ounces"])
        #expect(["a1", "_x", "First_Floor"].allSatisfy(SwiftName.isIdentifier))
        #expect(!["", "_", "self", "Self", "1a", "a b", "é", "a-b"].contains(where: SwiftName.isIdentifier))
    }
}
