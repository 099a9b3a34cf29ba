import Assistant
import SceneIntents
import SceneIntentsTesting
import TestFixtures
import Testing

/// The weak handler store does not fail silently.
@MainActor
struct HandlerReleaseTests {
    @Test func aHandlerReleasedRightAfterItsRegistrationIsReportedInTheTraceWithTheFix() async throws {
        let fallback = ScriptedSoupHandler()
        let harness = IntentTestHarness(
            application: Kitchen.application { _ in fallback }, catalog: try Kitchen.catalog(), appName: "Kitchen")
        try harness.launchByUser()
        let screen = try #require(harness.application.connectedScenes.first?.rootViewController)
        // What a screen does when it makes its handler in viewDidAppear and keeps no reference.
        screen.registerIntentHandler(ScriptedSoupHandler())
        _ = harness.recorder.take()
        let outcome = await harness.perform(.intent(OrderSoupIntent(soup: Soup.menu[0], quantity: 1)))
        #expect(outcome.status == .success)
        #expect(fallback.calls == ["resolveSoup", "resolveQuantity", "resolveToppings", "confirm", "handle"])
        let reports = harness.traceLines.filter { $0.hasPrefix("report:") }
        #expect(
            reports == [
                "report: handlerReleased: the handler registered in session-1 was released before OrderSoupIntent came; keep it alive in its screen (a stored property): the store holds handlers weakly"
            ])
        // Reported once: the next request finds no registration and says nothing more.
        _ = await harness.perform(.intent(OrderSoupIntent(soup: Soup.menu[0], quantity: 1)))
        #expect(harness.traceLines.filter { $0.hasPrefix("report:") } == reports)
        _ = harness.recorder.take()
        #expect(harness.leftInFlight() == [])
    }
}
