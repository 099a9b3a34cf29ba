import Foundation

/// `intent-bench`: SceneIntents' benchmarks. Every figure is a median over repeated runs after a
/// warm-up; where a floor is given, the ratio is median ÷ floor, both measured in this run.
@MainActor
func main() async -> Int32 {
    var quick = false
    var busy = false
    var jsonPath: String?
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
        switch argument {
        case "--quick": quick = true
        case "--busy": busy = true
        case "--json":
            guard let path = arguments.next() else {
                benchLog("--json needs a file")
                return 2
            }
            jsonPath = path
        case "--profile":
            // Runs only deliveries (and their floor), for an instruction-counting profiler.
            guard let what = arguments.next(), let count = Int(arguments.next() ?? "") else {
                benchLog("--profile needs floor|delivery|host|socket|socket8|codec|codec-foundation and a count")
                return 2
            }
            await profile(what, count: count)
            return 0
        case "--socket-peer": return await socketPeer(arguments.next(), arguments.next())
        case "--help", "-h":
            print("intent-bench [--quick] [--json FILE]: prints metric, median, p99, floor, ratio, goal.")
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
    let started = now()
    do {
        metrics += try await deliveryMetrics(plan)
        metrics += try await throughputMetrics(plan)
        metrics += try await socketDeliveryMetrics(plan)
        metrics += try await sessionMetrics(plan)
        metrics += try launchMetrics(plan)
        metrics += try await appLaunchMetrics(plan)
        metrics += try await extensionLaunchMetrics(plan)
        metrics += try await hydratorMetrics(plan)
        metrics += try socketMetrics(plan)
        metrics += searchMetrics(plan)
        metrics += indexBuildMetrics(plan)
        metrics += try vocabularyMetrics(plan)
        metrics += try storeMetrics(plan)
        metrics += try await daemonMetrics(plan)
        // delivery.socket is measured early (beside the in-process deliveries); its floor,
        // floor.socket, later with the transport's own metrics: relate them once both exist.
        if let floor = metrics.first(where: { $0.name == "floor.socket" }),
            let index = metrics.firstIndex(where: { $0.name == "delivery.socket" })
        {
            metrics[index] = metrics[index].against(floor, goal: 1.5)
        }
    } catch {
        benchLog("failed: \(error)")
        print(table(metrics))
        return 1
    }
    print(table(metrics))
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

exit(await main())
