import Foundation
import IntentDefinition
import TestFixtures
import SceneIntents
import Testing

/// Feeds the reader and the generator thousands of random property lists: shapes built from the
/// format's own keys (so they reach deep into the reader), mutations of the real fixtures, and
/// random bytes. Every one must end in a definition or an `IntentDefinitionError`; none may trap.
/// The loops yield after each input so they share the test run's threads with other suites.
struct RandomInputTests {
    static let keys = [
        "INIntents", "INEnums", "INTypes", "INIntentName", "INIntentParameters", "INIntentParameterName", "INIntentParameterType",
        "INIntentParameterEnumType", "INIntentParameterObjectType", "INIntentParameterSupportsMultipleValues",
        "INIntentParameterSupportsResolution", "INIntentParameterPromptDialogs", "INIntentParameterPromptDialogType",
        "INIntentParameterUnsupportedReasons", "INIntentParameterUnsupportedReasonCode", "INIntentResponse",
        "INIntentResponseCodes", "INIntentResponseCodeName", "INIntentResponseCodeSuccess", "INIntentResponseCodeFormatString",
        "INIntentResponseParameters", "INIntentResponseParameterName", "INIntentResponseParameterType",
        "INIntentParameterCombinations", "INIntentParameterCombinationTitle", "INEnumName", "INEnumValues", "INEnumValueName",
        "INEnumValueIndex", "INTypeName", "INTypeProperties", "INTypePropertyName", "INTypePropertyType", "INIntentType",
        "INIntentParameterMetadata", "INIntentParameterSupportsDynamicEnumeration",
    ]
    static let strings = [
        "", "ounces", "Integer", "String", "Object", "Boolean", "Decimal", "URL", "DateComponents", "TimeInterval", "Placemark",
        "Thing", "unknown", "success", "failure", "System", "Custom", "${ounces}", "Log ${ounces}${x}", "default", "é", "a b",
        "\"\\(x)\n", "Intent",
    ]

    static func random(_ depth: Int, _ generator: inout SeededGenerator) -> PropertyListValue {
        switch Int.random(in: 0..<(depth > 5 ? 6 : 9), using: &generator) {
        case 0: return .integer(Int.random(in: -3...200, using: &generator))
        case 1: return .real(Double.random(in: -10...10, using: &generator))
        case 2: return .boolean(Bool.random(using: &generator))
        case 3: return .date(Date(timeIntervalSince1970: Double(Int.random(in: 0...1_000_000, using: &generator))))
        case 4: return .data(Data([UInt8.random(in: 0...255, using: &generator)]))
        case 5, 6: return .string(strings.randomElement(using: &generator) ?? "")
        case 7: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in random(depth + 1, &generator) })
        default:
            var entries: [String: PropertyListValue] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                entries[keys.randomElement(using: &generator) ?? ""] = random(depth + 1, &generator)
            }
            return .dictionary(entries)
        }
    }

    /// `value` with one node somewhere replaced by a random value (or removed).
    static func mutate(_ value: PropertyListValue, _ generator: inout SeededGenerator) -> PropertyListValue {
        switch value {
        case .dictionary(var entries) where !entries.isEmpty && Int.random(in: 0..<4, using: &generator) > 0:
            let key = entries.keys.sorted()[Int.random(in: 0..<entries.count, using: &generator)]
            entries[key] = Bool.random(using: &generator) ? entries[key].map { mutate($0, &generator) } : nil
            return .dictionary(entries)
        case .array(var items) where !items.isEmpty && Int.random(in: 0..<4, using: &generator) > 0:
            let index = Int.random(in: 0..<items.count, using: &generator)
            items[index] = mutate(items[index], &generator)
            return .array(items)
        default: return random(3, &generator)
        }
    }

    func check(_ value: PropertyListValue, _ outcomes: inout [String: Int]) throws {
        do {
            let file = try IntentDefinitionFile(data: value.encoded(.binary), file: "Random.intentdefinition")
            let result = IntentGenerator.generate([file])
            #expect(result.files.count == 1 && result.files[0].contents.hasSuffix("\n"))
            outcomes["generated", default: 0] += 1
        } catch let error as IntentDefinitionError {
            #expect(error.file == "Random.intentdefinition")
            outcomes[error.code.rawValue, default: 0] += 1
        }
    }

    @Test func randomShapesNeverTrap() async throws {
        var generator = SeededGenerator(seed: 14)
        var outcomes: [String: Int] = [:]
        for _ in 0..<2000 {
            await Task.yield()
            var root: [String: PropertyListValue] = [:]
            for key in ["INIntents", "INEnums", "INTypes"] where Bool.random(using: &generator) {
                root[key] = .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in Self.random(1, &generator) })
            }
            try check(Bool.random(using: &generator) ? .dictionary(root) : Self.random(0, &generator), &outcomes)
        }
        // Both outcomes must occur, or the generator is not exercising the reader.
        #expect((outcomes["generated"] ?? 0) > 100 && (outcomes["wrongType"] ?? 0) > 100)
    }

    @Test(arguments: ["Hydrator", "Recipes", "PlanTrip", "Coffee"])
    func mutatedFixturesNeverTrap(_ name: String) async throws {
        let base = try Fixtures.value(Fixtures.built(name))
        var generator = SeededGenerator(seed: UInt64(name.utf8.count))
        var outcomes: [String: Int] = [:]
        for _ in 0..<300 {
            await Task.yield()
            var value = base
            for _ in 0..<Int.random(in: 1...3, using: &generator) { value = Self.mutate(value, &generator) }
            try check(value, &outcomes)
        }
        #expect(outcomes.values.reduce(0, +) == 300 && outcomes.count > 1)
    }

    @Test func aBinaryPlistHoldingASetIsRefusedBeforeFoundationCanCrashOnIt() {
        #expect {
            _ = try IntentDefinitionFile(data: HostilePropertyLists.setOfDictionaries, file: "Set.intentdefinition")
        } throws: { error in
            "\(error)".contains("object 1 (byte 10) is a set, which property lists for apps do not hold")
        }
    }

    @Test func randomBytesNeverTrap() async throws {
        var generator = SeededGenerator(seed: 7)
        let binary = try Fixtures.value(Fixtures.built("Hydrator")).encoded(.binary)
        for round in 0..<500 {
            await Task.yield()
            var bytes = round % 2 == 0 ? [UInt8](binary) : (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for _ in 0..<8 {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                _ = try IntentDefinitionFile(data: Data(bytes), file: "Bytes")
            } catch {
                #expect(error.file == "Bytes")
            }
        }
    }
}
