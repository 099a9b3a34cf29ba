import Foundation
import SceneIntents
import TestFixtures
import Testing

struct CodableTests {
    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(value)
        return try Kitchen.catalog().makeDecoder().decode(T.self, from: data)
    }

    @Test func intentsRoundTripThroughTheCatalog() throws {
        let intent = AnyIntent(
            OrderSoupIntent(soup: Soup("pho", "Pho"), quantity: 2, toppings: ["lime"]), targetSceneIdentifier: "session-3")
        #expect(try roundTrip(intent) == intent)
    }

    @Test func resultsResponsesAndAnswersRoundTrip() throws {
        let result = ResolutionResult<Soup>.disambiguation(with: Array(Soup.menu.prefix(3)))
        #expect(try roundTrip(result) == result)
        #expect(try roundTrip(ParameterResolution(result)) == ParameterResolution(result))
        let response = IntentResponse(code: ResponseCode(rawValue: 101), values: ["time": "9"], dialog: nil)
        #expect(try roundTrip(response) == response)
        let answer = PhaseAnswer.options(ObjectCollection(sections: [ObjectSection(title: "Hot", items: [AnyParameterValue(Soup.menu[0])])]))
        #expect(try roundTrip(answer) == answer)
        let call = PhaseCall(request: 9, intent: AnyIntent(OrderSoupIntent()), phase: .provideOptions(parameter: "soup", searchTerm: "pe", page: OptionsPage(offset: 3, limit: 3)))
        #expect(try roundTrip(call) == call)
    }

    @Test func resolutionsHaveOneReadableJSONShapeAndTraceLine() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let pho = AnyParameterValue("pho")
        let cases: [(ParameterResolution, json: String, line: String)] = [
            (.success(pho), #"{"kind":"success","value":{"type":"String","value":"pho"}}"#, "success(pho)"),
            (.disambiguation([pho, AnyParameterValue("pea")]),
             #"{"kind":"disambiguation","values":[{"type":"String","value":"pho"},{"type":"String","value":"pea"}]}"#,
             "disambiguation(pho, pea)"),
            (.confirmationRequired(pho), #"{"kind":"confirmationRequired","value":{"type":"String","value":"pho"}}"#,
             "confirmationRequired(pho)"),
            (.needsValue, #"{"kind":"needsValue"}"#, "needsValue"),
            (.notRequired, #"{"kind":"notRequired"}"#, "notRequired"),
            (.unsupported(reason: nil), #"{"kind":"unsupported"}"#, "unsupported"),
            (.unsupported(reason: "soldOut"), #"{"kind":"unsupported","reason":"soldOut"}"#, "unsupported reason: soldOut"),
        ]
        for (resolution, json, line) in cases {
            #expect(String(decoding: try encoder.encode(resolution), as: UTF8.self) == json)
            #expect(try roundTrip(resolution) == resolution)
            #expect(resolution.description == line)
        }
        #expect(cases.filter(\.0.isSettled).map(\.line) == ["success(pho)", "notRequired"])
        #expect(throws: DecodingError.self) {
            try Kitchen.catalog().makeDecoder().decode(ParameterResolution.self, from: Data(#"{"kind":"success"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try Kitchen.catalog().makeDecoder().decode(ParameterResolution.self, from: Data(#"{"kind":"maybe"}"#.utf8))
        }
    }

    @Test func parameterNamesAreTypedButPlainStringsOnTheWire() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let phases: [(PhaseCall.Phase, String)] = [
            (.resolve(parameter: "soup"), #"{"resolve":{"parameter":"soup"}}"#),
            (.proceed(parameters: ["soup", ParameterName("quantity")]), #"{"proceed":{"parameters":["soup","quantity"]}}"#),
            (.provideOptions(parameter: "soup", searchTerm: nil, page: .init(offset: 0, limit: 2)),
             #"{"provideOptions":{"page":{"limit":2,"offset":0},"parameter":"soup"}}"#),
        ]
        for (phase, json) in phases {
            #expect(String(decoding: try encoder.encode(phase), as: UTF8.self) == json)
            #expect(try roundTrip(phase) == phase)
        }
        #expect(PhaseCall.Phase.proceed(parameters: ["soup", "quantity"]).description == "proceed(soup, quantity)")
        let name: ParameterName = "soup"
        #expect(name == ParameterName("soup") && name.rawValue == "soup" && "\(name)" == "soup")
        #expect(try Kitchen.catalog().descriptor(named: "OrderSoupIntent")?.parameter(named: name)?.name == name)
        #expect(try JSONDecoder().decode(ParameterName.self, from: Data(#""toppings""#.utf8)) == "toppings")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ParameterName.self, from: Data("7".utf8)) }
    }

    @Test func activitiesRoundTripWithTheirInteraction() throws {
        var content = UserActivity.Content(activityType: "OrderSoupIntent")
        content.title = "Soup"
        content.userInfo = ["count": 2, "names": .array(["a", "b"])]
        content.targetContentIdentifier = "kitchen"
        content.interaction = Interaction(
            intent: AnyIntent(OrderSoupIntent(quantity: 3)), response: .continueInApp, identifier: "i-1",
            groupIdentifier: "orders", handlingStatus: .deferredToApplication, date: Date(timeIntervalSince1970: 1000))
        let activity = UserActivity(content: content)
        let decoded = try roundTrip(activity)
        #expect(decoded == activity)
        #expect(decoded.interaction?.intent.as(OrderSoupIntent.self)?.quantity == 3)
    }

    @Test func decodingAnIntentWithoutTheCatalogOrOfAnUnknownTypeFailsClearly() throws {
        let data = try JSONEncoder().encode(AnyIntent(OrderSoupIntent()))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(AnyIntent.self, from: data) }
        let unknown = Data(#"{"type":"BakeIntent","intent":{}}"#.utf8)
        #expect(throws: DecodingError.self) { try Kitchen.catalog().makeDecoder().decode(AnyIntent.self, from: unknown) }
        let malformed = Data(#"{"type":"OrderSoupIntent","intent":{"quantity":"two"}}"#.utf8)
        #expect(throws: DecodingError.self) { try Kitchen.catalog().makeDecoder().decode(AnyIntent.self, from: malformed) }
    }

    @Test func responseCodesKeepSiriKitsRawValues() {
        let codes: [ResponseCode] = [.unspecified, .ready, .continueInApp, .inProgress, .success, .failure, .failureRequiringAppLaunch]
        #expect(codes.map(\.rawValue) == Array(0...6))
        #expect(ResponseCode(rawValue: 100).isCustom && !ResponseCode.failure.isCustom)
    }

    @Test func dialogTemplatesFillPlaceholdersAndKeepUnknownOnes() {
        #expect(Template("Step ${step}. ${directions}").render(["step": "2", "directions": "Stir."]) == "Step 2. Stir.")
        #expect(Template("Hello ${who}").render([:]) == "Hello ${who}")
        #expect(Template("Broken ${x").render(["x": "1"]) == "Broken ${x")
        #expect(Template("Broken ${x and ${y}").render(["y": "2"]) == "Broken ${x and 2")
        #expect(Template("Log ${ounces} ounces of ${type}").slotNames == ["ounces", "type"])
        #expect(Template("show ${recipe} now").spoken == "show … now")
        #expect(throws: TemplateError(code: .unclosedSlot, template: "a ${b", slot: "b")) { try Template.parse("a ${b") }
        #expect(throws: TemplateError(code: .emptySlotName, template: "a ${}", slot: "")) { try Template.parse("a ${}") }
        #expect(throws: TemplateError(code: .invalidSlotName, template: "${a b}", slot: "a b")) { try Template.parse("${a b}") }
    }

    @Test func theCatalogRefusesDuplicatesAndLowCustomCodes() {
        #expect(throws: IntentCatalogError.self) { try IntentCatalog([OrderSoupIntent.self, OrderSoupIntent.self]) }
        #expect(throws: IntentCatalogError(code: .customCodeOutOfRange, intent: "LowCodeIntent", value: "7")) {
            try IntentCatalog([LowCodeIntent.self])
        }
    }

    @Test func descriptorsReadWriteAndMakeValuesWithoutKnowingTheType() throws {
        let descriptor = try #require(try Kitchen.catalog().descriptor(named: "OrderSoupIntent"))
        #expect(descriptor.parameters.map(\.name) == ["soup", "quantity", "toppings"])
        #expect(descriptor.parameter(named: "toppings")?.flags.contains(.multiValue) == true)
        var intent = descriptor.makeIntent()
        let two = try #require(descriptor.value(for: "quantity", spoken: " 2 "))
        intent = try #require(descriptor.setting("quantity", to: [two], in: intent))
        #expect(intent.as(OrderSoupIntent.self)?.quantity == 2)
        #expect(descriptor.setting("quantity", to: [AnyParameterValue("two")], in: intent) == nil)
        #expect(descriptor.value(for: "quantity", spoken: "lots") == nil)
    }
}

struct LowCodeIntent: Intent {
    static let typeName = "LowCodeIntent"
    static let schema = IntentSchema<LowCodeIntent>(
        handler: (any OpenSafeIntentHandling).self, parameters: [],
        responses: [ResponseTemplate(custom: 7, name: "tooLow", isSuccess: true, dialog: "")],
        handle: { _, _ in .success })
}
