import Assistant
import Foundation
import IntentGenFixtures
import SceneIntents
import TestFixtures
import Testing

/// The generated code at work: an `IntentHost` answers every phase of generated intents through
/// the generated schema glue and the fixture handlers.
@MainActor
struct GeneratedGlueTests {
    static let catalog = Result { try IntentCatalog(IntentGenFixtureCatalog.intentTypes) }

    func makeHost(_ handler: AnyObject) throws -> IntentHost {
        let manifest = AppManifest(intentsSupported: try Self.catalog.get().typeNames)
        let application = Application(manifest: manifest, delegate: { HandlerDelegate(handler: handler) })
        return IntentHost(application: application, catalog: try Self.catalog.get())
    }

    func answer(_ host: IntentHost, _ phase: PhaseCall.Phase, _ intent: some Intent, request: UInt64 = 1) async -> PhaseAnswer {
        await host.answer(PhaseCall(request: request, intent: AnyIntent(intent), phase: phase))
    }

    @Test func theCatalogListsEveryGeneratedIntent() throws {
        #expect(try Self.catalog.get().typeNames == [
            "ConfigurationIntent", "FindRecipeIntent", "FooIntentIntent", "IntentIntent", "OrderCoffeeIntent", "PlanTripIntent",
            "TrackIntakeIntent",
        ])
    }

    @Test func aTrackIntakeRequestRunsThroughTheGeneratedGlue() async throws {
        let handler = HydratorHandler()
        let host = try makeHost(handler)
        let tooMany = TrackIntakeIntent(ounces: 200, hydrationType: .water)
        #expect(await answer(host, .resolve(parameter: "ounces"), tooMany, request: 1)
            == .resolved([ParameterResolution.unsupported(reason: "greaterThanMaximumValue")]))
        #expect(await answer(host, .finish, tooMany, request: 1) == .finished)
        let intent = TrackIntakeIntent(ounces: 8, hydrationType: .sparklingWater)
        let answer = await answer(host, .proceed(parameters: ["ounces", "hydrationType"]), intent, request: 2)
        #expect(answer == .progressed(intent: AnyIntent(intent), steps: [
            PhaseStep(phase: .resolve(parameter: "ounces"), answer: .resolved([ParameterResolution(ResolutionResult<Int>.success(8))])),
            PhaseStep(
                phase: .resolve(parameter: "hydrationType"),
                answer: .resolved([ParameterResolution(ResolutionResult<HydrationType>.success(.sparklingWater))])),
            PhaseStep(phase: .confirm, answer: .response(.ready)),
            PhaseStep(phase: .handle, answer: .response(IntentResponse(code: .success, values: ["ounces": "8", "hydrationType": "Sparkling water"]))),
        ]))
        let tooMuch = await self.answer(host, .handle, TrackIntakeIntent(ounces: 100, hydrationType: .coffee), request: 3)
        #expect(tooMuch == .response(IntentResponse(code: ResponseCode(rawValue: 100), values: ["limit": "64"])))
        #expect(handler.log == ["8 Sparkling water"])
        #expect(host.requestsInFlight == 0)
    }

    /// A handler that answers the words a number could not be made of with a reason of its own.
    final class WordsHandler: TrackIntakeIntentHandling {
        var heard: [String] = []
        func resolveOunces(for intent: TrackIntakeIntent) async -> ResolutionResult<Int> {
            intent.ounces.map { .success(with: $0) } ?? .needsValue
        }
        func resolveOunces(for intent: TrackIntakeIntent, unreadWords words: String) async -> ResolutionResult<Int> {
            heard.append(words)
            return .unsupported(forReason: TrackIntakeOuncesUnsupportedReason.lessThanMinimumValue)
        }
        func resolveHydrationType(for intent: TrackIntakeIntent) async -> ResolutionResult<HydrationType> {
            .accepting(intent.hydrationType)
        }
        func handle(intent: TrackIntakeIntent) async -> TrackIntakeIntentResponse { TrackIntakeIntentResponse(code: .success) }
    }

    /// Words an `Int` cannot be made of reach the generated handling protocol's method for them;
    /// a handler that does not implement it answers needsValue (its default), as before.
    @Test func unreadWordsReachTheGeneratedResolveForThem() async throws {
        var lots = AnyIntent(TrackIntakeIntent(hydrationType: .water))
        lots.unreadWords = ["ounces": "lots"]
        let words = WordsHandler()
        let host = try makeHost(words)
        let refused = await host.answer(PhaseCall(request: 1, intent: lots, phase: .resolve(parameter: "ounces")))
        #expect(refused == .resolved([ParameterResolution.unsupported(reason: "lessThanMinimumValue")]))
        #expect(words.heard == ["lots"])
        let plain = try makeHost(HydratorHandler())
        let asked = await plain.answer(PhaseCall(request: 1, intent: lots, phase: .resolve(parameter: "ounces")))
        #expect(asked == .resolved([ParameterResolution(ResolutionResult<Int>.needsValue)]))
        for host in [host, plain] {
            #expect(await host.answer(PhaseCall(request: 1, intent: lots, phase: .finish)) == .finished)
            #expect(host.requestsInFlight == 0)
        }
    }

    @Test func theDescriptorCarriesPromptsTemplatesAndSpokenEnumValues() throws {
        let descriptor = try #require(try Self.catalog.get().descriptor(named: "TrackIntakeIntent"))
        let ounces = try #require(descriptor.parameter(named: "ounces"))
        #expect(ounces.prompts == ParameterPrompts(value: "How many ounces?", unsupported: [
            "negativeNumbersNotSupported": "Sorry, negative numbers are not supported.",
            "greaterThanMaximumValue": "Sorry, Ounces can be at most 128.", "lessThanMinimumValue": "Sorry, Ounces must be at least 1.",
        ]))
        #expect(ounces.flags == [.resolvable, .configurable] && ounces.valueTypeName == "Int")
        #expect(descriptor.value(for: "hydrationType", spoken: "Sparkling Water") == AnyParameterValue(HydrationType.sparklingWater))
        #expect(descriptor.value(for: "hydrationType", spoken: "beer") == AnyParameterValue(HydrationType.unknown))
        #expect(descriptor.value(for: "hydrationType", spoken: "x", identifier: "coffee") == AnyParameterValue(HydrationType.coffee))
        let success = try #require(descriptor.template(for: .success))
        #expect(success.dialog == "Logged ${ounces} ounces of ${hydrationType}.")
        #expect(TrackIntakeIntentResponse.success(ounces: 8, hydrationType: .water).values == ["ounces": "8", "hydrationType": "Water"])
        #expect(descriptor.responses.map { "\($0.code.rawValue)|\($0.name)|\($0.isSuccess)" } == ["4|success|true", "5|failure|false", "100|failureTooMuch|false"])
    }

    @Test func dynamicOptionsAndCustomTypesAnswerThroughTheHost() async throws {
        let host = try makeHost(RecipeHandler())
        let options = await answer(host, .provideOptions(parameter: "recipe", searchTerm: "tomato", page: .all), FindRecipeIntent())
        #expect(options == .options(ObjectCollection(items: [AnyParameterValue(RecipeHandler.book[1]), AnyParameterValue(RecipeHandler.book[2])])))
        let spoken = FindRecipeIntent(recipe: Recipe(identifier: nil, display: "tomato"))
        #expect(await answer(host, .resolve(parameter: "recipe"), spoken) == .resolved([
            ParameterResolution(ResolutionResult<Recipe>.disambiguation([RecipeHandler.book[1], RecipeHandler.book[2]])),
        ]))
        #expect(await answer(host, .finish, spoken) == .finished)
        let handled = await answer(host, .handle, FindRecipeIntent(recipe: RecipeHandler.book[0]), request: 2)
        #expect(handled == .response(IntentResponse(code: .success, values: ["recipe": "Banana Pancakes", "recipe__servings": "4"])))
        let template = try #require(try Self.catalog.get().descriptor(named: "FindRecipeIntent")?.template(for: .success))
        #expect(template.dialog == "Here is ${recipe}, which serves ${recipe__servings}.")
        let step = await answer(host, .handle, FindRecipeIntent(recipe: RecipeHandler.book[0], step: 2), request: 3)
        #expect(step == .response(IntentResponse(code: ResponseCode(rawValue: 100), values: ["step": "2", "directions": "Whisk banana pancakes batter."])))
        #expect(host.requestsInFlight == 0)
    }

    @Test func multiValueAndUnresolvableParametersUseTheGeneratedDefaults() async throws {
        let host = try makeHost(TripHandler())
        let trip = PlanTripIntent(title: "Spring", stops: ["Porto", "Braga"], paces: [.brisk, .First_Floor])
        #expect(await answer(host, .resolve(parameter: "stops"), trip)
            == .resolved([ParameterResolution(ResolutionResult.success("Porto")), ParameterResolution(ResolutionResult.success("Braga"))]))
        #expect(await answer(host, .resolve(parameter: "paces"), trip)
            == .resolved([ParameterResolution(ResolutionResult<Pace>.success(.brisk)), ParameterResolution(ResolutionResult<Pace>.success(.First_Floor))]))
        #expect(await answer(host, .handle, trip) == .response(IntentResponse(code: .success, values: ["summary": "Spring", "places": ""])))
        #expect(await answer(host, .handle, ConfigurationIntent(pace: .relaxed), request: 2) == .response(IntentResponse(code: .success)))
        let coffee = try makeHost(CoffeeHandler())
        #expect(await answer(coffee, .handle, OrderCoffeeIntent(size: .large), request: 3)
            == .response(IntentResponse(code: .success, values: ["size": "Large"])))
        #expect(host.requestsInFlight == 0 && coffee.requestsInFlight == 0)
    }

    @Test func keywordNamesAndCustomCodesWorkThroughTheGlue() async throws {
        let host = try makeHost(EdgesHandler())
        let intent = IntentIntent(class: "Yoga", in: .MPR)
        #expect(await answer(host, .resolve(parameter: "in"), intent) == .resolved([ParameterResolution(ResolutionResult<Enum>.confirmationRequired(.MPR))]))
        #expect(await answer(host, .handle, intent) == .response(IntentResponse(code: .success, values: ["class": "Yoga", "in": "Multipurpose room"])))
        #expect(await answer(host, .handle, IntentIntent(class: "Yoga"), request: 2)
            == .response(IntentResponse(code: ResponseCode(rawValue: 100), values: ["class": "Yoga", "response": "no room"])))
        #expect(IntentIntentResponse(code: .success, open: false).values == ["open": "closed"])
        let descriptor = try #require(try Self.catalog.get().descriptor(named: "IntentIntent"))
        #expect(descriptor.parameter(named: "class")?.prompts.value == "Which \"class\"? \\(none)")
        #expect(descriptor.template(for: .ready)?.dialog == "Custom ready text.")
        #expect(descriptor.value(for: "in", spoken: "first floor") == AnyParameterValue(Enum.First_Floor))
        #expect(host.requestsInFlight == 0)
    }

    @Test func generatedIntentsCrossTheBoundaryAsJSON() throws {
        let catalog = try Self.catalog.get()
        var trip = PlanTripIntent(title: "Lisbon", budget: 12.5, departure: DateComponents(year: 2026, month: 12, day: 1, hour: 9, minute: 30))
        trip.pace = .brisk
        trip.companion = DisplayItem(identifier: "ana", title: "Ana")
        trip.website = URL(string: "https://example.com/trip")
        trip.places = [Place(identifier: "porto", display: "Porto")]
        let data = try JSONEncoder().encode(AnyIntent(trip))
        #expect(try catalog.makeDecoder().decode(AnyIntent.self, from: data) == AnyIntent(trip))
        let values = [
            AnyParameterValue(DateComponents(hour: 7, minute: 5)), AnyParameterValue(URL(fileURLWithPath: "/tmp/a b")),
            AnyParameterValue(DisplayItem(identifier: "ana", title: "Ana")), AnyParameterValue(Pace.First_Floor),
            AnyParameterValue(Place(identifier: nil, display: "Faro")),
        ]
        let encoded = try JSONEncoder().encode(values)
        #expect(try catalog.makeDecoder().decode([AnyParameterValue].self, from: encoded) == values)
        #expect(values.map(\.displayItem.title) == ["07:05", "file:///tmp/a%20b", "Ana", "First floor", "Faro"])
    }

    @Test func thePhrasesBuildAVocabularyThatMatches() throws {
        var vocabulary = Vocabulary()
        let phrases = HydratorIntentDefinition.phrases + RecipesIntentDefinition.phrases + PlanTripIntentDefinition.phrases
            + CoffeeIntentDefinition.phrases + EdgesIntentDefinition.phrases
        for phrase in phrases { try vocabulary.addPhrase(phrase.phrase, intent: phrase.intent) }
        #expect(phrases.map { "\($0.intent): \($0.phrase)" } == [
            "TrackIntakeIntent: Log a drink", "TrackIntakeIntent: Log ${ounces} ounces of ${hydrationType}",
            "FindRecipeIntent: Show directions for ${recipe}", "FindRecipeIntent: Show step ${step} of ${recipe}",
            "PlanTripIntent: Plan ${title}", "PlanTripIntent: Plan a ${pace} trip called ${title}",
            "OrderCoffeeIntent: Order a ${size} coffee", "IntentIntent: Run ${class} in ${in}",
        ])
        guard case .matched(let reading) = vocabulary.match("log 8 ounces of sparkling water") else {
            Issue.record("no match")
            return
        }
        #expect(reading.intent == TrackIntakeIntent.typeName && reading.slots["ounces"]?.spoken == "8")
        #expect(reading.slots["hydrationType"]?.spoken == "sparkling water")
    }
}
