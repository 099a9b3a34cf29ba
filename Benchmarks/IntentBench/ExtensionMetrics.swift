import Assistant
import AssistantService
import Foundation
import PingKit
import SceneIntents
import SceneIntentsTransport

/// `launch.extension`: from the spawn of a minimal intents extension (`ping-extension`: the ping
/// intent behind `IntentsExtension`) to its first answered intent, against a Foundation hello's
/// spawn → exit, interleaved. Each round's extension is stopped before the next, so every round
/// is a cold launch: spawn, hello and accept, the handler lookup and resolve, confirm, handle.
@MainActor
func extensionLaunchMetrics(_ plan: Plan) async throws -> [Metric] {
    let directory = try RuntimeDirectory.prepare("/tmp/intent-bench-extension-\(getpid())")
    defer { try? FileManager.default.removeItem(atPath: directory.path) }
    let connection = try ProcessConnection(
        launch: LaunchCommand(executable: try builtProduct("ping-extension").path), appName: "Ping Intents",
        manifest: AppManifest(intentsSupported: ["PingIntent"]), catalog: try pingCatalog(), runtimeDirectory: directory)
    let series: (floor: Stats, launch: Stats)
    do {
        series = try await coldLaunches(of: connection, plan, request: pingRequest, answering: .success)
    } catch {
        await connection.close()
        throw error
    }
    await connection.close()
    let (floor, launch) = series
    return [
        Metric(
            "launch.extension", launch, unit: "µs", floor: floor.median, goal: "ratio ≤ 1.5",
            met: launch.median / floor.median <= 1.5,
            note: "spawn of ping-extension (IntentsExtension: SceneIntents + SceneIntentsHost + PingKit, no scenes) → first answered intent, against floor.hello measured beside it"),
    ]
}

/// `plan.launches` cold launches of `connection`'s host (after two not counted), each from the
/// spawn to the answer of `request` (which must end `answering`), each beside a `floor-hello`
/// spawn → exit, interleaved so both see the same machine. The host is stopped after each.
@MainActor
func coldLaunches(
    of connection: ProcessConnection, _ plan: Plan, request: AssistantRequest, answering status: AssistantOutcome.Status
) async throws -> (floor: Stats, launch: Stats) {
    let hello = try builtProduct("floor-hello")
    var helloTimes: [Double] = []
    var launchTimes: [Double] = []
    for round in 0..<(plan.launches + 2) {
        let helloTime = try await timeSpawn(hello, [])
        let assistant = Assistant(connection: connection, user: SilentUser(), device: Device(), clock: .continuous(), isTracing: false)
        let start = now()
        let outcome = await assistant.perform(request)
        let launchTime = Double(now() - start) / 1000
        guard outcome.status == status else { throw BenchError("\(connection.appName) answered \(outcome.status)") }
        await connection.stopHost()
        if round >= 2 {
            helloTimes.append(helloTime)
            launchTimes.append(launchTime)
        }
    }
    return (Stats(helloTimes), Stats(launchTimes))
}
