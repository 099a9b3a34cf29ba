import AssistantDaemon
import AssistantService
import Foundation
import SceneIntentsTransport

/// `wyoming.request`: one in-process daemon serving the Recipe Assistant (its host a process of
/// its own, warm), "show directions for banana pancakes" as a Wyoming `transcript` answered
/// `handled` on an open TCP connection, against the same request through `assistant`'s socket
/// (`say` → `outcome`), interleaved in the same rounds. `wyoming.request.connecting` adds a
/// connection per request, as Home Assistant opens them.
@MainActor
func wyomingMetrics(_ plan: Plan) async throws -> [Metric] {
    _ = try builtProduct("recipe-assistant-app")
    let productDirectory = Bundle.main.executableURL?.deletingLastPathComponent().path ?? "."
    var configuration = DaemonConfiguration(
        appsFolders: DemoBundles.appsFolders().filter { $0.contains("/RecipeAssistant/") },
        executableSearchDirectories: [productDirectory], runtimeDirectory: "/tmp/intent-bench-wyoming-\(getpid())")
    configuration.wyoming = [.tcp(host: "127.0.0.1", port: 0)]
    let daemon = try Daemon(configuration)
    daemon.start()
    defer { try? FileManager.default.removeItem(atPath: daemon.runtimeDirectory.path) }
    let words = "show directions for banana pancakes"
    let client = try await DaemonClient(daemon.socketPath)
    let wyoming = try WyomingClient(daemon.wyomingAddresses[0])
    // The first request launches the app: the figures are a warm app's.
    _ = try await client.request(words)
    guard case .handled = try await wyoming.transcript(words) else { throw BenchError("the Wyoming transcript was not handled") }
    var failures = 0
    let series = await interleaved(warmup: plan.quick ? 50 : 300, iterations: plan.quick ? 300 : 3_000, [
        { if (try? await client.request(words)) != .success { failures += 1 } },
        { if case .handled? = try? await wyoming.transcript(words) {} else { failures += 1 } },
        {
            let connecting = try? WyomingClient(daemon.wyomingAddresses[0])
            if case .handled? = try? await connecting?.transcript(words) {} else { failures += 1 }
        },
    ])
    wyoming.close()
    await daemon.stop()
    let socket = Metric("wyoming.request.socket", series[0], unit: "µs", note: "the same request through assistant's socket: say → outcome")
    return [
        socket,
        Metric(
            "wyoming.request", series[1], unit: "µs", floor: series[0].median, goal: "ratio ≤ 1.2",
            met: series[1].median / series[0].median <= 1.2 && failures == 0,
            note: "transcript → handled on an open TCP connection, warm app; \(failures) failed over all three"),
        Metric(
            "wyoming.request.connecting", series[2], unit: "µs", floor: series[0].median,
            note: "connect, transcript → handled, close: a connection per request, as Home Assistant does"),
    ]
}

/// A Wyoming client on one TCP connection, as the protocol's events go (used by one task).
private final class WyomingClient {
    private let connection: StreamConnection
    private var events: AsyncStream<StreamEvent>.Iterator
    private var decoder = WyomingDecoder()

    init(_ address: StreamAddress) throws {
        connection = try StreamConnection.connect(to: address)
        events = connection.events().makeAsyncIterator()
    }

    deinit { connection.close() }

    func close() { connection.close() }

    /// Sends a transcript (with no version: the plain answer form) and answers its answer.
    nonisolated(nonsending) func transcript(_ words: String) async throws -> WyomingEvent {
        try connection.send(WyomingFraming.encode(.transcript(text: words, conversation: nil, language: nil), version: nil))
        while true {
            if let received = try decoder.next() { return received.event }
            guard case .bytes(let bytes)? = await events.next(isolation: #isolation) else { throw BenchError("the daemon closed the Wyoming connection") }
            decoder.append(bytes)
        }
    }
}
