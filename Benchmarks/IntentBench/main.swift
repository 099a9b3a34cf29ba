import Foundation
import CommandLineOptions
import SceneIntentsTransport

/// `intent-bench`: SceneIntents' benchmarks (see `BenchOptions.syntax`).
@MainActor
func main() async -> Int32 {
    let options: BenchOptions
    let syntax = BenchOptions.syntax
    do throws(UsageError) {
        guard case .run(let given) = try syntax.parse(Array(CommandLine.arguments.dropFirst()), into: BenchOptions()) else {
            print(syntax.helpText)
            return 0
        }
        options = given
    } catch {
        benchLog(error.message)
        return 2
    }
    var operands = options.operands.makeIterator()
    switch options.mode {
    case .profile(let what):
        // Runs only deliveries (and their floor), for an instruction-counting profiler.
        guard let count = Int(operands.next() ?? "") else {
            benchLog("--profile needs floor|delivery|traced|host|socket|socket8|codec|codec-foundation and a count")
            return 2
        }
        await profile(what, count: count)
        return 0
    case .socketPeer(let mode): return await socketPeer(mode, &operands)
    case .frameTap(let host): return await frameTap(host, operands.next())
    case nil: break
    }
    let (quick, busy, only, jsonPath) = (options.quick, options.busy, options.only, options.jsonPath)
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

