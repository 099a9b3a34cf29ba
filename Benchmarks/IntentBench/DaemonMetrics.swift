import Assistant
import AssistantDaemon
import AssistantService
import Foundation
import PingKit
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTransport

/// `daemon.hosts@100` and `daemon.requests@16`.
@MainActor
func daemonMetrics(_ plan: Plan) async throws -> [Metric] {
    try await hostScalingMetrics(plan) + (try await concurrentRequestMetrics(plan))
}

/// This process's resident memory in KB (`VmRSS` of /proc/self/status).
func residentKilobytes() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// One delivery to a warm `ping-host` with 1 host connected, then with 100 (each its own
/// process, its own `ProcessConnection`, as the daemon holds one per served app), then with 1
/// again: the floor is the mean of the two 1-host medians. CPU: both processes' CPU time per
/// delivery, the two on one CPU, with 100 connected against the mean of the two 1-connected
/// phases (what a waiting main loop pays per watched socket shows there, where the wall clock
/// also carries the scheduler's noise of 100 processes; under `poll` the system process alone
/// read about 1.5×). No goal: the phases follow each other, and this machine's CPU time per
/// delivery drifts between them (0.80–1.50× in sixteen `--only daemon` runs of one build, the
/// high readings near 70 µs with 100 connected: not yet explained). Memory: this process's
/// VmRSS growth while the other 99 hosts launch and connect, per host (their one-off launch
/// assistants are dropped first; a daemon keeps assistants per client, not per host).
@MainActor
private func hostScalingMetrics(_ plan: Plan) async throws -> [Metric] {
    let directory = try RuntimeDirectory.prepare("/tmp/intent-bench-hosts-\(getpid())")
    defer { try? FileManager.default.removeItem(atPath: directory.path) }
    let executable = try builtProduct("ping-host").path
    let device = Device()
    func connect(_ number: Int) throws -> ProcessConnection {
        try ProcessConnection(
            launch: LaunchCommand(executable: executable), appName: "Ping \(number)", manifest: makePingApplication().manifest,
            catalog: try pingCatalog(), runtimeDirectory: directory, socketName: "ping-\(number).sock")
    }
    func assistant(_ connection: ProcessConnection) -> Assistant {
        Assistant(connection: connection, user: SilentUser(), device: device, clock: .continuous(), isTracing: false)
    }
    let first = try connect(0)
    let measured = assistant(first)
    guard await measured.perform(pingRequest).status == .success else { throw BenchError("ping-host did not answer") }
    guard let host = await first.processIdentifier else { throw BenchError("ping-host has no process") }
    let iterations = plan.deliveries / 2
    let delivery = { _ = await measured.perform(pingRequest) }
    // Both processes on one CPU, so the CPU time is the work done, not cross-CPU wake-ups (see
    // `Placement`), then back where the scheduler puts them.
    func cpuTogether() async -> Stats {
        Placement.together.apply(peers: [host])
        defer { Placement.free.apply(peers: [host]) }
        return await cpuPerCall(blocks: 20, calls: iterations / 20, [(delivery, host)])[0]
    }
    let alone = await measure(warmup: plan.warmup, iterations: iterations, delivery)
    let aloneCPU = await cpuTogether()
    let before = residentKilobytes()
    var others: [ProcessConnection] = []
    for number in 1..<100 {
        let connection = try connect(number)
        guard await assistant(connection).perform(pingRequest).status == .success else {
            throw BenchError("ping-host \(number) did not answer")
        }
        others.append(connection)
    }
    let perHost = (residentKilobytes() - before) / Double(others.count)
    let crowded = await measure(warmup: plan.warmup, iterations: iterations, delivery)
    let crowdedCPU = await cpuTogether()
    await withTaskGroup(of: Void.self) { group in
        for connection in others { group.addTask { await connection.close(grace: .seconds(2)) } }
    }
    let aloneAgain = await measure(warmup: plan.warmup, iterations: iterations, delivery)
    let aloneAgainCPU = await cpuTogether()
    await first.close()
    let floor = (alone.median + aloneAgain.median) / 2
    let floorCPU = (aloneCPU.median + aloneAgainCPU.median) / 2
    return [
        Metric(
            "daemon.hosts@100", crowded, unit: "µs", floor: floor, goal: "ratio ≤ 1.2", met: crowded.median / floor <= 1.2,
            note: "one delivery to a warm ping-host with 100 host processes connected, against 1 connected"),
        Metric(
            "daemon.hosts@100.cpu", crowdedCPU, unit: "µs", floor: floorCPU,
            note: "CPU time per delivery (system and host processes) with 100 hosts connected, against 1 connected; blocks of \(iterations / 20)"),
        Metric(
            "daemon.hosts@100.memory", Stats(exactly: perHost, p99: perHost), unit: "KB/host", goal: "≤ 64 KB",
            met: perHost <= 64, note: "VmRSS growth per connected host (listener, connection read by the main loop, supervisor, exit watch)"),
    ]
}

/// 16 clients on their own connections to one in-process daemon serving the Recipe Assistant
/// (its host a process of its own), each saying "show directions for banana pancakes" again as
/// soon as the last one ended: requests per second over all, and each request's latency.
@MainActor
private func concurrentRequestMetrics(_ plan: Plan) async throws -> [Metric] {
    _ = try builtProduct("recipe-assistant-app")
    let productDirectory = Bundle.main.executableURL?.deletingLastPathComponent().path ?? "."
    let configuration = DaemonConfiguration(
        appsFolders: DemoBundles.appsFolders(), executableSearchDirectories: [productDirectory],
        runtimeDirectory: "/tmp/intent-bench-daemon-\(getpid())")
    let daemon = try Daemon(configuration)
    daemon.start()
    defer { try? FileManager.default.removeItem(atPath: daemon.runtimeDirectory.path) }
    let perClient = plan.quick ? 25 : 150
    let socket = daemon.socketPath
    // A first request launches the app, so the figures are a warm daemon's.
    _ = try await DaemonClient(socket).request("show directions for banana pancakes")
    let start = now()
    let results = try await withThrowingTaskGroup(of: (latencies: [Double], failures: Int).self) { group in
        for _ in 0..<16 {
            group.addTask {
                let client = try await DaemonClient(socket)
                var latencies: [Double] = []
                var failures = 0
                for _ in 0..<perClient {
                    let began = now()
                    let status = try await client.request("show directions for banana pancakes")
                    latencies.append(Double(now() - began) / 1e6)
                    // The first request of all continues in the app; later ones find its scene on
                    // screen and are answered there (success).
                    if ![.success, .continuedInApp].contains(status) { failures += 1 }
                }
                return (latencies, failures)
            }
        }
        var all: [(latencies: [Double], failures: Int)] = []
        for try await result in group { all.append(result) }
        return all
    }
    let elapsed = Double(now() - start) / 1e9
    await daemon.stop()
    let latencies = results.flatMap(\.latencies)
    let failures = results.map(\.failures).reduce(0, +)
    let rate = Double(latencies.count) / elapsed
    return [
        Metric(
            "daemon.requests@16", Stats(exactly: rate, p99: rate), unit: "requests/s", goal: "no failed request",
            met: failures == 0, note: "16 clients, \(latencies.count) utterances, \(failures) failed; app in its own process"),
        Metric("daemon.requests@16.latency", Stats(latencies), unit: "ms", note: "say → outcome, as a client sees it"),
    ]
}

/// A client of the daemon's socket, as `assistant` speaks to it (used by one task).
final class DaemonClient {
    private let connection: FramedConnection
    private var events: AsyncStream<ConnectionEvent>.Iterator

    init(_ socket: String) async throws {
        connection = try FramedConnection.connect(to: socket)
        events = connection.events().makeAsyncIterator()
        guard case .welcome = try await exchange(.hello(version: ClientProtocol.version)) else {
            throw BenchError("the daemon did not welcome the client")
        }
    }

    deinit { connection.close() }

    /// Says `words`; answers the outcome's status.
    nonisolated(nonsending) func request(_ words: String) async throws -> AssistantOutcome.Status {
        guard case .outcome(let status, _) = try await exchange(.say(text: words, wantsTrace: false)) else {
            throw BenchError("the daemon ended the request without an outcome")
        }
        return status
    }

    /// Sends `message` and answers the message that ends the exchange.
    private nonisolated(nonsending) func exchange(_ message: ClientMessage) async throws -> DaemonMessage {
        try connection.send(ClientProtocol.encode(message))
        while case .frame(let bytes)? = await events.next(isolation: #isolation) {
            switch try ClientProtocol.decode(DaemonMessage.self, from: bytes) {
            case .spoken, .traceEvents: continue
            case .prompt: try connection.send(ClientProtocol.encode(ClientMessage.reply(text: "cancel")))
            case let last: return last
            }
        }
        throw BenchError("the daemon closed the connection")
    }
}
