import Foundation
import Glibc
import SceneIntentsTransport

// `transport-peer leaks …`: the whole-process leak checks of SceneIntentsTransport's tests. They
// count every descriptor and child of a process, so they run here, in a process of their own:
// in the test process, suites of other targets open and close theirs at the same moment.
//
// Each mode runs one warm-up cycle first (lazily made runtime descriptors such as Dispatch's
// epoll are not leaks), then counts, runs its cycles, and prints `before COUNTS` and
// `after COUNTS` lines once the counts have settled, after lines describing what it saw.

/// This process's descriptors by kind, and its children, as `socket=2 pidfd=0 … children=0`.
func resourceCounts() -> String {
    var kinds = ["socket": 0, "pidfd": 0, "pipe": 0, "anon": 0, "file": 0]
    for target in ProcessResources.openDescriptors().values {
        let kind =
            target.hasPrefix("socket:") ? "socket"
            : target.contains("pidfd") ? "pidfd"
            : target.hasPrefix("pipe:") ? "pipe"
            : target.hasPrefix("anon_inode:") ? "anon" : "file"
        kinds[kind, default: 0] += 1
    }
    let descriptors = ["socket", "pidfd", "pipe", "anon", "file"].map { "\($0)=\(kinds[$0] ?? 0)" }
    return (descriptors + ["children=\(ProcessResources.childCount())"]).joined(separator: " ")
}

/// The counts once they reach `target` or stop moving. A connection's reader thread closes its
/// descriptor just after it reports the close, and an exit watch closes its pidfd just after it
/// reports the exit, so this polls (every 10 ms, for at most two seconds) rather than counting
/// at once; a real leak still shows, as counts that never come back.
func settledCounts(toward target: String? = nil) async -> String {
    var last = resourceCounts()
    var steady = 0
    for _ in 0..<200 where last != target && steady < 10 {
        try? await Task.sleep(for: .milliseconds(10))
        let now = resourceCounts()
        steady = now == last ? steady + 1 : 0
        last = now
    }
    return last
}

/// Runs `cycle` once to warm up, then `count` times and `finally` once between the two counts,
/// and prints them.
func measure(
    cycles count: Int, _ cycle: () async throws -> Void, finally: () async throws -> Void = {}
) async throws {
    try await cycle()
    let before = await settledCounts()
    for _ in 0..<count { try await cycle() }
    try await finally()
    let after = await settledCounts(toward: before)
    print("before \(before)")
    print("after \(after)")
}

/// `leaks connections DIR`: 20 listeners at DIR/cycle.sock, each serving 5 connections that
/// send one frame, get it echoed, and close.
func leakConnections(in directory: String) async throws {
    let path = (directory as NSString).appendingPathComponent("cycle.sock")
    var echoed = 0
    try await measure(cycles: 20) {
        let listener = try SocketListener(path: path)
        let serving = Task { await echoUntilStopped(listener) }
        for round in 0..<5 {
            let client = try FramedConnection.connect(to: path)
            try client.send(Data("\(round)".utf8))
            for await event in client.events() {
                if case .frame(let payload) = event, payload == Data("\(round)".utf8) { echoed += 1 }
                if case .frame = event { client.close() }
            }
        }
        listener.close()
        await serving.value
    }
    print("echoed \(echoed)")
}

/// Serves `listener`, echoing every frame, until it stops; then waits for every connection
/// it accepted to end, so a cycle leaves nothing in flight.
func echoUntilStopped(_ listener: SocketListener) async {
    var accepted: [FramedConnection] = []
    for await event in listener.events() {
        guard case .accepted(let connection) = event else { continue }
        connection.start { event in
            if case .frame(let payload) = event { try? connection.send(payload) }
        }
        accepted.append(connection)
    }
    for connection in accepted { _ = await connection.closed() }
}

/// `leaks spawns N`: N spawns of /bin/true (after one to warm up), each awaited; then a
/// `transport-peer sleep` child, counted while it runs and killed; then 20 children dropped
/// without being awaited, each waited for until it is gone (`kill(pid, 0)` fails) because its
/// watch reaped it. All of it lies between the two counts.
func leakSpawns(_ count: Int) async throws {
    var exits: [ChildExit: Int] = [:]
    try await measure(cycles: count) {
        let child = try ChildProcess.spawn("/bin/true", stdout: .null, stderr: .null)
        exits[await child.exit, default: 0] += 1
    } finally: {
        let lines = exits.map { "\($0.value)× \($0.key)" }.sorted()
        print("exits \(lines.joined(separator: ", "))")

        let children = ProcessResources.childCount()
        let sleeper = try ChildProcess.spawn(ownExecutable, arguments: ["sleep"])
        let running = ProcessResources.childCount() - children
        let killed = sleeper.kill(SIGKILL)
        print("sleeper children +\(running) killed \(killed) \(await sleeper.exit)")

        let dropped = try (0..<20).map { _ in try ChildProcess.spawn("/bin/true").pid }
        for pid in dropped {
            while Glibc.kill(pid, 0) == 0 { await Task.yield() }
        }
        print("dropped \(dropped.count) gone")
    }
}

/// This executable's path, to start another `transport-peer`.
let ownExecutable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
