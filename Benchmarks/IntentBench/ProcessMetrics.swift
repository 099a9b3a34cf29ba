import Assistant
import AssistantService
import Foundation
import PingKit
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTransport

/// The ping app in its own process (`ping-host`), reached through a `ProcessConnection`.
@MainActor
struct SocketPingRig {
    let directory: RuntimeDirectory
    let connection: ProcessConnection
    let assistant: Assistant

    init() throws {
        directory = try RuntimeDirectory.prepare("/tmp/intent-bench-\(getpid())")
        connection = try ProcessConnection(
            launch: LaunchCommand(executable: try builtProduct("ping-host").path), appName: "Ping",
            manifest: makePingApplication().manifest, catalog: try pingCatalog(), runtimeDirectory: directory)
        assistant = Assistant(
            connection: connection, user: SilentUser(), device: Device(), clock: .continuous(), isTracing: false)
    }

    func close() async {
        await connection.close()
        try? FileManager.default.removeItem(atPath: directory.path)
    }
}

/// `floor.socket` and `delivery.socket` (one delivery to a warm host process), measured
/// interleaved so their ratio compares runs made under the same machine conditions, each process
/// on a CPU of its own; the CPU time of each (both processes), measured in alternating blocks
/// with both processes on one CPU; then `delivery.socket.throughput@8`, placed by the scheduler
/// (see `Placement`).
@MainActor
func socketDeliveryMetrics(_ plan: Plan) async throws -> [Metric] {
    let floorPeer = try RawSocketFloor(try await FrameScript.recordDelivery())
    let rig = try SocketPingRig()
    let assistant = rig.assistant
    let first = await assistant.perform(pingRequest)
    guard first.status == .success, let host = await rig.connection.processIdentifier else {
        throw BenchError("ping-host did not answer: \(first.dialog)")
    }
    var failure: (any Error)?
    let floorTrip = {
        do { try floorPeer.trip() } catch { failure = error }
    }
    let delivery = { _ = await assistant.perform(pingRequest) }
    let peers = [floorPeer.peerProcess, host]
    Placement.apart.apply(peers: peers)
    let series = await interleaved(warmup: plan.warmup, iterations: plan.deliveries, [floorTrip, delivery])
    Placement.together.apply(peers: peers)
    let cpu = await cpuPerCall(
        blocks: 10, calls: plan.deliveries / 20, [(floorTrip, floorPeer.peerProcess), (delivery, host)])
    Placement.free.apply(peers: peers)
    let floorExit = floorPeer.close()
    if let failure { throw failure }
    guard floorExit == .exited(0) else { throw BenchError("the socket floor's peer ended: \(floorExit)") }
    var rates: [Double] = []
    for _ in 0..<plan.throughputRounds {
        let perWorker = plan.throughputIntents / 8 / 4
        let start = now()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<perWorker { _ = await assistant.perform(pingRequest) } }
            }
        }
        rates.append(Double(perWorker * 8) / (Double(now() - start) / 1e9))
    }
    await rig.close()
    let throughput = Stats(rates)
    let ratio = series[1].median / series[0].median
    let cpuRatio = cpu[1].median / cpu[0].median
    return [
        floorPeer.metric(series[0]),
        Metric(
            "delivery.socket", series[1], unit: "µs", floor: series[0].median, goal: "ratio ≤ 2", met: ratio <= 2,
            note: "one delivery to a warm ping-host process over the Unix socket, against floor.socket measured beside it; \(Placement.canSeparate ? "each process on a CPU of its own" : "both processes on the one CPU")"),
        Metric(
            "floor.socket.cpu", cpu[0], unit: "µs",
            note: "CPU time per floor.socket round trip, both processes on one CPU (median and highest of 10 blocks)"),
        Metric(
            "delivery.socket.cpu", cpu[1], unit: "µs", floor: cpu[0].median, goal: "ratio ≤ 6", met: cpuRatio <= 6,
            note: "CPU time per socket delivery, system and host processes on one CPU, blocks alternating with floor.socket.cpu's"),
        Metric(
            "delivery.socket.throughput@8", Stats(median: throughput.median, p99: rates.min() ?? 0), unit: "intents/s",
            goal: "≥ 30000/s", met: throughput.median >= 30_000, note: "8 requests in flight through one host"),
    ]
}

/// The CPU time in µs per call of each body, this process's and `process`'s added up: `blocks`
/// rounds in which each body runs `calls` times in turn. Answers each body's median block and,
/// as its p99, its highest.
@MainActor
func cpuPerCall(blocks: Int, calls: Int, _ bodies: [(body: () async -> Void, process: pid_t)]) async -> [Stats] {
    var samples = Array(repeating: [Double](), count: bodies.count)
    for _ in 0..<blocks {
        for (index, measured) in bodies.enumerated() {
            let before = cpuNanoseconds(getpid()) + cpuNanoseconds(measured.process)
            for _ in 0..<calls { await measured.body() }
            let after = cpuNanoseconds(getpid()) + cpuNanoseconds(measured.process)
            samples[index].append(Double(after - before) / 1000 / Double(max(1, calls)))
        }
    }
    return samples.map { Stats(median: Stats($0).median, p99: $0.max() ?? 0) }
}

/// The CPU time `process` has used so far, all its threads, in ns (its CPU-time clock).
func cpuNanoseconds(_ process: pid_t) -> UInt64 {
    var clock = clockid_t()
    var time = timespec()
    guard clock_getcpuclockid(process, &clock) == 0, clock_gettime(clock, &time) == 0 else { return 0 }
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The path of a product `swift build -c release` makes, building it first if it is missing.
func builtProduct(_ name: String) throws -> URL {
    let directory = Bundle.main.executableURL?.deletingLastPathComponent() ?? URL(fileURLWithPath: ".")
    let binary = directory.appendingPathComponent(name)
    if !FileManager.default.isExecutableFile(atPath: binary.path) {
        FileHandle.standardError.write(Data("intent-bench: building \(name) (release)…\n".utf8))
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "-c", "release", "--product", name]
        try build.run()
        build.waitUntilExit()
    }
    return binary
}

/// `launch.app`: from the spawn of the Recipe Assistant's host process (`recipe-assistant-app`)
/// to its first answered intent, against a Foundation hello's spawn → exit; `launch.restore@100`:
/// the same launch with 100 sessions to restore (`RestoringRecipeApp`), against `launch.app`.
/// The three are interleaved, round by round, so they see the same machine.
@MainActor
func appLaunchMetrics(_ plan: Plan) async throws -> [Metric] {
    let directory = try RuntimeDirectory.prepare("/tmp/intent-bench-launch-\(getpid())")
    defer { try? FileManager.default.removeItem(atPath: directory.path) }
    let connection = try ProcessConnection(
        launch: LaunchCommand(executable: try builtProduct("recipe-assistant-app").path), appName: RecipeAssistantApp.name,
        manifest: try RecipeAssistantApp.bundledManifest(), catalog: RecipeAssistantApp.catalog,
        runtimeDirectory: directory)
    let restoring = try RestoringRecipeApp(runtimeDirectory: directory)
    let hello = try builtProduct("floor-hello")
    let intent = ShowDirectionsIntent(recipe: RecipeBook.demo().featured[0].reference)
    var helloTimes: [Double] = []
    var appTimes: [Double] = []
    var restoreTimes: [Double] = []
    /// One launch for the intent, timed from the spawn to the answer; the host is stopped after.
    /// A relaunch whose restored scene shows the recipe answers in that scene (`success`).
    func launch(_ connection: ProcessConnection, answering: Set<AssistantOutcome.Status> = [.continuedInApp]) async throws -> Double {
        let assistant = Assistant(connection: connection, user: SilentUser(), device: Device(), clock: .continuous(), isTracing: false)
        let start = now()
        let outcome = await assistant.perform(.intent(intent))
        let time = Double(now() - start) / 1000
        guard answering.contains(outcome.status) else { throw BenchError("recipe-assistant-app answered \(outcome.status)") }
        await connection.stopHost()
        return time
    }
    do {
        for round in 0..<(plan.launches + 2) {
            let helloTime = try await timeSpawn(hello, [])
            let appTime = try await launch(connection)
            try restoring.refill()
            let restoreTime = try await launch(restoring.connection, answering: [.continuedInApp, .success])
            if round >= 2 {
                helloTimes.append(helloTime)
                appTimes.append(appTime)
                restoreTimes.append(restoreTime)
            }
        }
    } catch {
        await connection.close()
        await restoring.close()
        throw error
    }
    await connection.close()
    await restoring.close()
    let floor = Stats(helloTimes)
    let launch = Stats(appTimes)
    let restore = Stats(restoreTimes)
    return [
        Metric(
            "launch.app", launch, unit: "µs", floor: floor.median, goal: "ratio ≤ 2", met: launch.median / floor.median <= 2,
            note: "spawn of recipe-assistant-app → first answered intent (hello, launch for the intent, continueInApp), against floor.hello measured beside it"),
        Metric(
            "launch.restore@100", restore, unit: "µs", floor: launch.median, goal: "ratio ≤ 1.2",
            met: restore.median / launch.median <= 1.2,
            note: "the launch of launch.app with 100 kept sessions to restore (1 on screen, 99 in the background: 100 scenes reconnect), against launch.app measured beside it"),
    ]
}
