import Assistant
import AssistantService
import Foundation
import Glibc
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import TestFixtures

/// A kitchen app in its own process (`kitchen-host`), an assistant on the real clock talking to
/// it, and a private runtime directory; `finish()` stops the host and removes everything.
struct HostedKitchen {
    let directory: RuntimeDirectory
    let connection: ProcessConnection
    let assistant: Assistant
    let user: ScriptedUser

    /// The device the assistant and every launch of the host share.
    let device = Device()

    /// `budget` (each phase's), `hostBudget` (the host's to answer a system event) and
    /// `launchBudget` (its time to connect after its spawn) are generous unless a test is about budgets (those pass their own): a cold spawn
    /// on a machine busy with the whole test run can take seconds.
    init(
        mode: String = "normal", budget: Duration = .seconds(60), hostBudget: Duration = .seconds(60),
        launchBudget: Duration = .seconds(60), replies: [Reply] = [],
        graceClock: any Clock<Duration> = ContinuousClock(), executable: String = BuiltProducts.executable("kitchen-host"),
        sessions: SessionKeeping? = nil, configuration: AssistantConfiguration = AssistantConfiguration()
    ) throws {
        directory = try RuntimeDirectory.prepare("/tmp/si-process-\(getpid())-\(OneTimeToken.generate().value.prefix(8))")
        connection = try ProcessConnection(
            launch: LaunchCommand(executable: executable, environment: ["KITCHEN_MODE": mode], device: device),
            appName: "Kitchen", manifest: Kitchen.manifest(), catalog: try Kitchen.catalog(), runtimeDirectory: directory,
            budget: hostBudget, launchBudget: launchBudget, clock: graceClock, sessions: sessions)
        user = ScriptedUser(replies)
        var configuration = configuration
        configuration.phaseBudget = budget
        assistant = Assistant(
            connection: connection, user: user, device: device, clock: .continuous(), configuration: configuration)
    }

    /// The trace's lines without instants.
    var lines: [String] { assistant.trace.events.map { "\($0.kind.rawValue): \($0.detail)" } }

    /// The trace's lines of one kind.
    func lines(_ kind: TraceEvent.Kind) -> [String] {
        assistant.trace.events.filter { $0.kind == kind }.map(\.detail)
    }

    /// Waits (on the real clock: a process is involved) until the host has stopped; false if it
    /// is still running after `limit`.
    func hostStopped(within limit: Duration = .seconds(5)) async -> Bool {
        await eventually(within: limit) { await connection.processIdentifier == nil }
    }

    /// Waits (on the real clock: another process or thread is involved) until `condition`
    /// holds; false if it still does not after `limit`.
    func eventually(within limit: Duration = .seconds(5), _ condition: () async -> Bool) async -> Bool {
        await pollUntil(within: limit, condition)
    }

    /// Starts the host with its one command (`locked`, which only reads), answered under the
    /// host's own budget (generous unless given); true when it answered.
    func startHost() async -> Bool {
        if case .done = await connection.send(.command("locked")) { true } else { false }
    }

    func finish() async {
        await connection.close(grace: .seconds(1))
        try? FileManager.default.removeItem(atPath: directory.path)
    }
}

/// Waits (on the real clock: another process or thread is involved) until `condition` holds,
/// polling every 5 ms; false if it still does not after `limit`.
func pollUntil(within limit: Duration = .seconds(5), _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

/// A soup order the kitchen answers in one visit.
let phoOrder = OrderSoupIntent(soup: Soup("pho", "Pho"), quantity: 2)

/// Replaces the pid numbers and the real clock's milliseconds in trace lines, so whole traces
/// can be compared.
///
/// These kitchens budget on the real clock: the first call's budget runs from the request's
/// start, a moment after the trace's zero (a millisecond or so on a loaded machine), so its
/// deadline reads 60s or just over; it is compared in whole seconds.
func withoutNumbers(_ line: String) -> String {
    line.replacing(/pid \d+/, with: "pid N").replacing(/after [\d.]+ ms/, with: "after X ms")
        .replacing(/process \d+/, with: "process N")
        .replacing(/first until (\d+)\.\d+s/) { "first until \($0.1)s" }
}

/// Writes `bytes` as they are to a Unix socket and reads until the peer closes; answers how
/// many bytes came back (-1 if the socket could not be used). The blocking reads run on a
/// thread of their own, never on a concurrency thread; a 5 s receive timeout keeps a broken
/// system from hanging the test.
func rawExchange(_ path: String, _ bytes: Data) async -> Int {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: blockingRawExchange(path, bytes)) }.start()
    }
}

private func blockingRawExchange(_ path: String, _ bytes: Data) -> Int {
    let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { return -1 }
    defer { close(socket) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard connected == 0 else { return -1 }
    _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var received = 0
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(socket, &buffer, buffer.count)
        if count <= 0 { return count < 0 ? -1 : received }
        received += count
    }
}
