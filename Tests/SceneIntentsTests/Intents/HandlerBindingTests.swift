import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// A request's handler is looked up and cast to the intent's handling protocol once, on the
/// request's first call, and that binding serves every later phase of the request.
@MainActor
struct HandlerBindingTests {
    let soup = OrderSoupIntent(soup: Soup("tomato", "Tomato"))

    @Test func theHandlerBoundOnTheFirstCallServesEveryPhaseEvenWhenHandlerForChanges() async throws {
        let handler = ScriptedSoupHandler()
        final class NotAHandler {}
        var lookups = 0
        // After the first lookup handlerFor would answer an object of the wrong type: a host
        // that looked up or cast again would refuse a later phase.
        let app = Kitchen.application(fallback: { _ in
            lookups += 1
            return lookups == 1 ? handler : NotAHandler()
        })
        let recorder = LifecycleRecorder(app)
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        let answers = [
            await host.answer(.resolve(parameter: "soup"), soup, request: 4),
            await host.answer(.provideOptions(parameter: "soup", searchTerm: "pea", page: .all), soup, request: 4),
            await host.answer(.proceed(parameters: ["quantity", "toppings"]), soup, request: 4),
        ]
        #expect(answers.map(\.refusalLine) == [nil, nil, nil])
        #expect(handler.calls == ["resolveSoup", "provideSoupOptions(pea)", "resolveQuantity", "resolveToppings", "confirm", "handle"])
        #expect(lookups == 1)
        #expect(recorder.take() == [
            "app willFinishLaunching intent", "app didFinishLaunching intent", "app handlerFor OrderSoupIntent",
        ])
        #expect(leftInFlight(host: host, recorder: recorder) == [])
    }

    @Test func aLaterCallOfTheRequestForAnotherIntentIsRefusedAndEndsIt() async throws {
        // The handler handles both intents: the refusal is about the request, not the handler.
        let handler = ScriptedSoupHandler()
        let app = Kitchen.application(fallback: { _ in handler })
        let host = IntentHost(application: app, catalog: try Kitchen.catalog())
        #expect(await host.answer(.resolve(parameter: "soup"), soup, request: 9) == .resolved([.success(AnyParameterValue(Soup("tomato", "Tomato")))]))
        let answer = await host.answer(.handle, OpenSafeIntent(), request: 9)
        #expect(answer == .refused(IntentHostError(.intentChanged, intent: "OpenSafeIntent", detail: "9 is for OrderSoupIntent")))
        #expect(answer.refusalLine == "request 9 is for OrderSoupIntent; a call of it for OpenSafeIntent is refused")
        #expect(await host.answer(.handle, soup, request: 9).refusalLine == "request 9 of OrderSoupIntent has finished")
        #expect(handler.calls == ["resolveSoup"])
        #expect(leftInFlight(host: host) == [])
    }

    @Test func theCatalogRefusesAParameterWrittenForAnotherHandlerType() {
        #expect(
            throws: IntentCatalogError(
                code: .parameterHandlerMismatch, intent: "MixedUpIntent",
                value: "'soup' takes OrderSoupIntentHandling, not OpenSafeIntentHandling")
        ) { try IntentCatalog([MixedUpIntent.self]) }
        let error = IntentCatalogError(code: .parameterHandlerMismatch, intent: "MixedUpIntent", value: "'soup' takes A, not B")
        #expect(error.description == "MixedUpIntent's parameter 'soup' takes A, not B; write its closures for the schema's handling protocol")
    }
}

/// An intent whose parameter is resolved by another protocol than the one its schema handles.
struct MixedUpIntent: Intent {
    static let typeName = "MixedUpIntent"
    var soup: Soup?
    static let schema = IntentSchema<MixedUpIntent>(
        handler: (any OpenSafeIntentHandling).self,
        parameters: [
            .value("soup", \.soup, resolve: { (_: any OrderSoupIntentHandling, intent) in .accepting(intent.soup) })
        ],
        handle: { _, _ in .success })
}
