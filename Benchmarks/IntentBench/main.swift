import Foundation
import SceneIntentsTransport

/// `intent-bench`: SceneIntents' benchmarks. Every figure is a median over repeated runs after a
/// warm-up; where a floor is given, the ratio is median ÷ floor, both measured in this run.
@MainActor
func main() async -> Int32 {
    var quick = false
    var busy = false
    var only: Set<String>?
    var jsonPath: String?
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
        switch argument {
        case "--quick": quick = true
        case "--busy": busy = true
        case "--only":
            // A comma-separated list of metric groups: to iterate on one part without the rest.
            guard let names = arguments.next() else {
                benchLog("--only needs groups: \(metricGroups.map(\.name).joined(separator: ","))")
                return 2
            }
            only = Set(names.split(separator: ",").map(String.init))
            if let unknown = only?.first(where: { name in !metricGroups.contains { $0.name == name } }) {
                benchLog("no metric group \(unknown); the groups: \(metricGroups.map(\.name).joined(separator: ","))")
                return 2
            }
        case "--json":
            guard let path = arguments.next() else {
                benchLog("--json needs a file")
                return 2
            }
            jsonPath = path
        case "--profile":
            // Runs only deliveries (and their floor), for an instruction-counting profiler.
            guard let what = arguments.next(), let count = Int(arguments.next() ?? "") else {
                benchLog("--profile needs floor|delivery|traced|host|socket|socket8|codec|codec-foundation and a count")
                return 2
            }
            await profile(what, count: count)
            return 0
        case "--socket-peer": return await socketPeer(arguments.next(), &arguments)
        case "--frame-tap": return await frameTap(arguments.next(), arguments.next())
        case "--help", "-h":
            print("intent-bench [--quick] [--busy] [--only GROUP,…] [--json FILE]: prints metric, median, p99, floor, ratio, goal.")
            print("groups: \(metricGroups.map(\.name).joined(separator: ", "))")
            return 0
        default:
            benchLog("unknown option \(argument)")
            return 2
        }
    }
    var plan = Plan(quick: quick)
    plan.busy = busy
    #if DEBUG
    benchLog("this is a debug build: figures are not representative (use swift run -c release intent-bench)")
    #endif
    print("intent-bench \(quick ? "--quick" : "(full run)") on \(ProcessInfo.processInfo.activeProcessorCount) cores, \(busy ? "busy regime (low-priority spinners keep the other cores awake during the delivery metrics)" : "idle regime (nothing else running)")")
    var metrics: [Metric] = []
    var steal: [(group: String, percent: Double)] = []
    let started = now()
    do {
        for group in metricGroups where only.map({ $0.contains(group.name) }) ?? true {
            let before = StealTime.now()
            metrics += try await group.measure(plan)
            if let before, let after = StealTime.now() { steal.append((group.name, after.percent(since: before))) }
        }
    } catch {
        benchLog("failed: \(error)")
        print(table(metrics))
        return 1
    }
    print(table(metrics))
    print(StealTime.summary(steal))
    print("\ntook \(Int(Double(now() - started) / 1e9)) s")
    if let jsonPath {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(metrics).write(to: URL(fileURLWithPath: jsonPath))
        } catch {
            benchLog("cannot write \(jsonPath): \(error)")
            return 1
        }
    }
    return 0
}

// The main thread reads the sockets of the hosts it talks to (see MainLoop).
MainLoop.run { await main() }

