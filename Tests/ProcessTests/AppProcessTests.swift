import Foundation
import SceneIntents
import SceneIntentsHost
import TestFixtures
import Testing

/// The one-call entry point of an app's host executable, on each way it can start.
@MainActor
struct AppProcessTests {
    func kitchen(byUser: (@MainActor @Sendable () async -> Int32)? = nil, failing: Bool = false) -> AppProcess {
        AppProcess(name: "Kitchen", byUser: byUser) {
            if failing { throw IntentCatalogError(code: .duplicateIntentType, intent: "OrderSoupIntent", value: "OrderSoupIntent") }
            return IntentHost(application: Kitchen.application(), catalog: try Kitchen.catalog())
        }
    }

    @Test func startedByAUserItRunsWhatTheAppDoesThenOrSaysItIsAHostProcess() async {
        #expect(await kitchen().main(environment: [:]) == 64)
        #expect(await kitchen(byUser: { 7 }).main(environment: [:]) == 7)
    }

    @Test func startedByASystemAHostThatCannotBeMadeIs70AndAnUnreachableSystemIs1() async {
        let system = [MessageProtocol.socketVariable: "/nonexistent/si-\(getpid()).sock", MessageProtocol.tokenVariable: "t"]
        #expect(await kitchen(failing: true).main(environment: system) == 70)
        #expect(await kitchen().main(environment: system) == 1)
    }
}
