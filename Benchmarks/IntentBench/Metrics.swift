import Assistant
import Foundation
import Glibc
import PingKit
import RecipeAssistantKit
import SceneIntents
import SceneIntentsTransport
import SceneIntentsWire

/// How much work each metric does.
struct Plan {
    let quick: Bool
    var busy = false
    var deliveries: Int { quick ? 2_000 : 20_000 }
    var warmup: Int { quick ? 300 : 2_000 }
    var throughputIntents: Int { quick ? 8_000 : 64_000 }
    var throughputRounds: Int { quick ? 3 : 7 }
    var launches: Int { quick ? 8 : 40 }
    var catalogSize: Int { quick ? 200_000 : 1_000_000 }
    var sessionCounts: [Int] { [1, 1_000, 10_000] }
}

/// `delivery.inprocess` and its floor, and `trace.overhead`.
///
/// The three are measured interleaved (floor, delivery, traced delivery, floor, …) so that each
/// ratio compares runs made under the same machine conditions.
@MainActor
func deliveryMetrics(_ plan: Plan) async throws -> [Metric] {
    let floorAssistant = FloorAssistant()
    let quiet = try PingRig(tracing: false)
    let trace = quiet.assistant.trace
    // The traced runs use the same app and assistant with recording switched on, so the ratio
    // compares the same pipeline with and without the trace.
    let busy = plan.busy ? BusyRegime(threads: max(1, ProcessInfo.processInfo.activeProcessorCount - 1)) : nil
    defer { busy?.stop() }
    let series = await interleaved(warmup: plan.warmup, iterations: plan.deliveries, [
        { _ = await floorAssistant.deliver() },
        { _ = await quiet.assistant.perform(pingRequest) },
        {
            trace.isRecording = true
            _ = await quiet.assistant.perform(pingRequest)
            trace.isRecording = false
            trace.clear()
        },
    ])
    let (floor, delivery, tracing) = (series[0], series[1], series[2])
    let performed = Double(2 * (plan.warmup + plan.deliveries))
    let tripsPerDelivery = Double(quiet.connection.mainActorRoundTrips) / performed
    let ratio = delivery.median / floor.median
    let traceRatio = tracing.median / delivery.median
    return [
        Metric("floor.pipeline", floor, unit: "µs", note: "1 main-actor task started at once; 3 phases: cast + call + deadline re-armed each"),
        Metric(
            "delivery.inprocess", delivery, unit: "µs", floor: floor.median, goal: "ratio ≤ 1.5", met: ratio <= 1.5,
            note: String(format: "%.2f main-actor round trips per delivery (counted)", tripsPerDelivery)),
        Metric(
            "trace.overhead", tracing, unit: "µs", floor: delivery.median, goal: "ratio ≤ 1.1",
            met: traceRatio <= 1.1, note: "delivery with the trace recording, against delivery.inprocess (trace off)"),
    ]
}

/// `delivery.throughput` at 1, 8 and 64 concurrent requests.
@MainActor
func throughputMetrics(_ plan: Plan) async throws -> [Metric] {
    let rig = try PingRig(tracing: false)
    let assistant = rig.assistant
    for _ in 0..<plan.warmup { _ = await assistant.perform(pingRequest) }
    var metrics: [Metric] = []
    for concurrency in [1, 8, 64] {
        var rates: [Double] = []
        for _ in 0..<plan.throughputRounds {
            let perWorker = plan.throughputIntents / concurrency
            let start = now()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<concurrency {
                    group.addTask {
                        for _ in 0..<perWorker { _ = await assistant.perform(pingRequest) }
                    }
                }
            }
            let seconds = Double(now() - start) / 1e9
            rates.append(Double(perWorker * concurrency) / seconds)
        }
        let stats = Stats(rates)
        let goal = concurrency == 8 ? "≥ 20000/s" : nil
        metrics.append(
            Metric(
                "delivery.throughput@\(concurrency)", Stats(median: stats.median, p99: rates.min() ?? 0),
                unit: "intents/s", goal: goal, met: concurrency == 8 ? stats.median >= 20_000 : nil,
                note: concurrency == 1 ? "p99 column: the slowest round" : nil))
    }
    return metrics
}

/// `delivery.sessions`: delivery with 1, 1,000 and 10,000 idle scenes, and memory per scene.
///
/// The three apps are built first (each one's resident memory growth divided by its scenes),
/// then measured interleaved so the ratios compare like with like.
@MainActor
func sessionMetrics(_ plan: Plan) async throws -> [Metric] {
    var rigs: [PingRig] = []
    var perScene: [Double] = []
    for count in plan.sessionCounts {
        let before = heapBytes()
        let rig = try PingRig(tracing: false)
        try rig.openIdleScenes(count)
        perScene.append(Double(heapBytes() - before) / Double(count))
        rigs.append(rig)
    }
    let series = await interleaved(
        warmup: plan.warmup, iterations: plan.deliveries / 2,
        rigs.map { rig in { _ = await rig.assistant.perform(pingRequest) } })
    var metrics: [Metric] = []
    let baseline = series[0].median
    for (index, count) in plan.sessionCounts.enumerated() {
        let last = index == plan.sessionCounts.count - 1
        metrics.append(
            Metric(
                "delivery.sessions@\(count)", series[index], unit: "µs", floor: index == 0 ? nil : baseline,
                goal: last ? "ratio ≤ 1.2" : nil, met: last ? series[index].median / baseline <= 1.2 : nil,
                note: index == 0 ? "floor column: the 1-scene figure, measured interleaved" : nil))
    }
    let largest = perScene[perScene.count - 1]
    metrics.append(
        Metric(
            "memory.idle-session", Stats(median: largest, p99: largest), unit: "B", goal: "≤ 2048",
            met: largest <= 2048,
            note: "resident memory growth per idle scene with \(plan.sessionCounts.last ?? 0) open (scene, session, delegate, screen, handler)"))
    for rig in rigs { rig.application.terminate() }
    return metrics
}

/// `launch.cold`: spawning `recipe-assistant` for one intent, against a Foundation hello.
func launchMetrics(_ plan: Plan) async throws -> [Metric] {
    let app = try builtProduct("recipe-assistant")
    let hello = try builtProduct("floor-hello")
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("intent-bench-launch.txt")
    try "show directions for banana pancakes\n".write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    var helloTimes: [Double] = []
    var appTimes: [Double] = []
    for round in 0..<(plan.launches + 2) {
        let helloTime = try await timeSpawn(hello, [])
        let appTime = try await timeSpawn(app, ["--script", script.path])
        if round >= 2 {
            helloTimes.append(helloTime)
            appTimes.append(appTime)
        }
    }
    let floor = Stats(helloTimes)
    let launch = Stats(appTimes)
    return [
        Metric("floor.hello", floor, unit: "µs", note: "spawn → exit of a Foundation hello"),
        Metric(
            "launch.cold", launch, unit: "µs", floor: floor.median, goal: "ratio ≤ 2",
            met: launch.median / floor.median <= 2,
            note: "spawn → exit of recipe-assistant --script: launch for the intent, continueInApp, scene, answer"),
    ]
}

/// Microseconds from spawning `binary` to its awaited exit (status 0 required): posix_spawn,
/// then the exit heard through the child's pidfd (Foundation's `Process.waitUntilExit` polls a
/// run loop, which the main loop does not run).
func timeSpawn(_ binary: URL, _ arguments: [String]) async throws -> Double {
    let start = now()
    let child = try ChildProcess.spawn(binary.path, arguments: arguments, stdout: .null, stderr: .null)
    let exit = await child.exit
    guard exit == .exited(0) else { throw BenchError("\(binary.lastPathComponent) \(exit)") }
    return Double(now() - start) / 1000
}

/// `vocabulary.match`: utterance → intent with 20 intents and 1,000 entity names.
func vocabularyMetrics(_ plan: Plan) throws -> [Metric] {
    var vocabulary = Vocabulary()
    let verbs = ["show", "play", "order", "find", "open", "start", "stop", "book", "call", "send"]
    let objects = ["directions for", "songs by", "a ride to", "recipes with", "notes about"]
    for number in 0..<20 {
        let verb = verbs[number % verbs.count]
        let object = objects[number % objects.count]
        try vocabulary.addPhrase("\(verb) \(object) ${item} \(number < 10 ? "now" : "later")", intent: "Intent\(number)")
        try vocabulary.addPhrase("\(verb) number \(number)", intent: "Intent\(number)")
    }
    vocabulary.setEntities(
        (0..<1_000).map { Entity(identifier: "entity-\($0)", name: SyntheticCatalog.title($0 * 7)) }, forSlot: "item")
    let target = SyntheticCatalog.title(700 * 7)
    var misspelt = Array(target)
    misspelt.swapAt(3, 4)
    let utterances = [
        "show directions for \(target) now",
        "show directions for \(String(misspelt)) now",
        "order a ride to something unknown later",
        "book number 7",
    ]
    var failures: [String] = []
    for utterance in utterances {
        if case .noMatch = vocabulary.match(utterance) { failures.append(utterance) }
    }
    let rounds = plan.quick ? 200 : 2_000
    var samples: [Double] = []
    for utterance in utterances {
        let stats = measureBatched(warmup: 50, rounds: rounds, batch: 10) { _ = vocabulary.match(utterance) }
        samples.append(stats.median)
    }
    let median = Stats(samples)
    let misspeltStats = measureBatched(warmup: 50, rounds: rounds, batch: 10) { _ = vocabulary.match(utterances[1]) }
    return [
        Metric(
            "vocabulary.match", median, unit: "µs", goal: "median ≤ 50", met: median.median <= 50 && failures.isEmpty,
            note: "median over 4 utterances (exact, misspelt, free text, no slot)"
                + (failures.isEmpty ? "" : "; NOT MATCHED: \(failures)")),
        Metric("vocabulary.match-misspelt", misspeltStats, unit: "µs", goal: "median ≤ 50", met: misspeltStats.median <= 50),
    ]
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func benchLog(_ line: String) {
    FileHandle.standardError.write(Data("intent-bench: \(line)\n".utf8))
}

/// Resident memory in bytes (`/proc/self/statm`), to measure what a structure adds.
func heapBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

extension Stats {
    init(median: Double, p99: Double) {
        self.init(exactly: median, p99: p99)
    }
}

/// Runs `count` deliveries (or floor deliveries) and nothing else, for a profiler.
@MainActor
func profile(_ what: String, count: Int) async {
    if what == "floor" {
        let floor = FloorAssistant()
        for _ in 0..<count { _ = await floor.deliver() }
    } else if what == "host", let rig = try? PingRig(tracing: false) {
        // A fresh request number per call: the host refuses a request that has finished.
        for request in 1...UInt64(max(1, count)) {
            let call = PhaseCall(request: request, intent: AnyIntent(PingIntent(word: "hi")), phase: .proceed(parameters: ["word"]))
            _ = await rig.host.answer(call)
        }
    } else if what == "codec", let catalog = try? pingCatalog() {
        codecLoop(MessageCodec(catalog: catalog), count: count)
    } else if what == "codec-foundation", let catalog = try? pingCatalog() {
        codecLoop(FoundationCodec(catalog: catalog), count: count)
    } else if what == "socket8", let rig = try? SocketPingRig() {
        // delivery.socket.throughput@8's load: 8 requests in flight through one host.
        let assistant = rig.assistant
        let started = now()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<max(1, count / 8) { _ = await assistant.perform(pingRequest) } }
            }
        }
        benchLog("socket8: \(Int(Double(count / 8 * 8) / (Double(now() - started) / 1e9)))/s")
        await rig.close()
    } else if what == "socket", let rig = try? SocketPingRig() {
        for _ in 0..<count { _ = await rig.assistant.perform(pingRequest) }
        await rig.close()
    } else if what == "traced", let rig = try? PingRig(tracing: false) {
        // trace.overhead's load: each delivery recorded, then the trace cleared.
        let trace = rig.assistant.trace
        for _ in 0..<count {
            trace.isRecording = true
            _ = await rig.assistant.perform(pingRequest)
            trace.isRecording = false
            trace.clear()
        }
    } else if let rig = try? PingRig(tracing: false) {
        for _ in 0..<count { _ = await rig.assistant.perform(pingRequest) }
    }
}
