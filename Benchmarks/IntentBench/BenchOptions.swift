import CommandLineOptions

/// What `intent-bench` was asked: a run (all metric groups, or `--only` some), or one of the
/// modes a profiler or the benchmark itself starts, with its operands.
struct BenchOptions {
    /// A mode other than a run, with its value.
    enum Mode {
        case profile(String)
        case socketPeer(String)
        case frameTap(String)
    }

    var quick = false
    var busy = false
    var only: Set<String>?
    var jsonPath: String?
    var mode: Mode?
    var operands: [String] = []

    /// The command line, with the metric groups' names.
    @MainActor static var syntax: CommandLineSyntax<BenchOptions> {
        let groups = metricGroups.map(\.name)
        return CommandLineSyntax(
            name: "intent-bench",
            about: [
                "SceneIntents' benchmarks: prints metric, median, p99, floor, ratio, goal. Every figure is a median",
                "over repeated runs after a warm-up; a ratio is median ÷ floor, both measured in this run.",
                "Groups: \(groups.joined(separator: ", ")).",
            ],
            options: [
                CommandLineOption(["--quick"], "Fewer repetitions.") { options, _ in options.quick = true },
                CommandLineOption(["--busy"], "Keep the other cores awake with low-priority spinners during the delivery metrics.") { options, _ in
                    options.busy = true
                },
                CommandLineOption(["--only"], value: "GROUP,...", "Measure only these metric groups.") { options, value throws(UsageError) in
                    let names = Set(value.split(separator: ",").map(String.init))
                    if let unknown = names.first(where: { !groups.contains($0) }) {
                        throw UsageError(
                            code: .badValue, value: value,
                            message: "--only: there is no metric group \(unknown); the groups: \(groups.joined(separator: ",")).")
                    }
                    options.only = names
                },
                CommandLineOption(["--json"], value: "FILE", "Also write the metrics to FILE as JSON.") { options, value in options.jsonPath = value },
                CommandLineOption(
                    ["--profile"], value: "WHAT", "Run only COUNT deliveries of WHAT (floor, delivery, traced, host, socket, socket8, codec,\ncodec-foundation), for a profiler: intent-bench --profile WHAT COUNT.", excludes: ["--socket-peer", "--frame-tap"]
                ) { options, value in options.mode = .profile(value) },
                CommandLineOption(["--socket-peer"], value: "MODE", "The other process of the socket floor (raw SCRIPT, framed PATH SCRIPT or sleep).", excludes: ["--frame-tap"]) {
                    options, value in options.mode = .socketPeer(value)
                },
                CommandLineOption(["--frame-tap"], value: "HOST", "Record the frames between the system and HOST in RECORD: --frame-tap HOST RECORD.") {
                    options, value in options.mode = .frameTap(value)
                },
                .help,
            ],
            operands: CommandLineOperands("[OPERAND...]", endOptions: true) { options, operands throws(UsageError) in
                guard options.mode != nil || operands.isEmpty else {
                    throw UsageError(code: .badOperand, value: operands[0], message: "There is no option \(operands[0]); see --help.")
                }
                options.operands = operands
            },
            sections: [.exitStatus([(0, "done"), (1, "a metric failed"), (2, "usage")])])
    }
}
