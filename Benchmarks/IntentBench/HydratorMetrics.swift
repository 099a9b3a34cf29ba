import Assistant
import AssistantService
import Foundation
import HydratorKit
import SceneIntents
import SceneIntentsTransport

/// `hydrator.extension-request`: "log 8 ounces of water" through the daemon's routing
/// (`RoutedConnection` over the Hydrator bundle) with the app not running, so the request goes to
/// a cold `hydrator-intents`: spawn, hello, the handler's resolve, confirm and a durable append,
/// the answer. Against `floor.hello` measured beside it; each round's extension is stopped
/// before the next, and the app is never launched.
@MainActor
func hydratorMetrics(_ plan: Plan) async throws -> [Metric] {
    let scratch = "/tmp/intent-bench-hydrator-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let directory = try RuntimeDirectory.prepare(scratch)
    let build = try builtProduct("hydrator-intents").deletingLastPathComponent().path
    _ = try builtProduct("hydrator-app")
    let registry = BundleRegistry(appsFolders: DemoBundles.appsFolders(), executableSearchDirectories: [build])
    guard let bundle = registry.app(identifier: HydratorApp.bundleIdentifier) else {
        throw BenchError("the Hydrator bundle was not found: \(registry.diagnostics)")
    }
    let connection = try RoutedConnection(
        bundle: bundle, catalog: HydratorApp.catalog, device: Device(), runtimeDirectory: directory,
        environment: [HydrationStore.containerVariable: scratch + "/group"])
    let hello = try builtProduct("floor-hello")
    let request = AssistantRequest.intent(TrackIntakeIntent(ounces: 8, hydrationType: .water))
    var helloTimes: [Double] = []
    var requestTimes: [Double] = []
    for round in 0..<(plan.launches + 2) {
        let helloTime = try await timeSpawn(hello, [])
        let assistant = Assistant(connection: connection, user: SilentUser(), device: Device(), clock: .continuous(), isTracing: false)
        let start = now()
        let outcome = await assistant.perform(request)
        let requestTime = Double(now() - start) / 1000
        guard outcome.status == .success else { throw BenchError("hydrator-intents answered \(outcome.status): \(outcome.dialog)") }
        await connection.stopHosts()
        if round >= 2 {
            helloTimes.append(helloTime)
            requestTimes.append(requestTime)
        }
    }
    guard await connection.app.processIdentifier == nil else { throw BenchError("the app was launched for a request") }
    await connection.close()
    let floor = Stats(helloTimes)
    let requests = Stats(requestTimes)
    return [
        Metric(
            "hydrator.extension-request", requests, unit: "µs", floor: floor.median,
            note: "\"log 8 ounces of water\" routed to a cold hydrator-intents (app not running): spawn → answer with a durable append, against floor.hello measured beside it"),
    ]
}
